#!/usr/bin/env bash
# Runs `make install` into a scratch DESTDIR and checks the layout: the binary runs, the manual
# page renders, the completion scripts parse; then `make uninstall` removes every file again.
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/usr

"$make" --no-print-directory install DESTDIR="$stage" PREFIX="$prefix" > "$stage.log" 2>&1 \
  || { cat "$stage.log" >&2; exit 1; }
rm -f "$stage.log"

failures=0
check() {  # check DESCRIPTION COMMAND...
  if "${@:2}"; then echo "  ok: $1"; else echo "  FAILED: $1"; failures=$((failures + 1)); fi
}
root=$stage$prefix
echo "make install DESTDIR=$stage PREFIX=$prefix:"
check "the binary is installed and runs" bash -c "'$root/bin/settings-tui' --version | grep -q ."
check "the binary is executable by everyone" test -x "$root/bin/settings-tui"
check "the manual page is installed" test -s "$root/share/man/man1/settings-tui.1"
page=$root/share/man/man1/settings-tui.1
if command -v man > /dev/null; then
  check "the manual page renders, with the keys and exit codes" bash -c \
    "man -l '$page' 2>/dev/null | grep -q 'Exit codes'"
else
  check "the manual page is an mdoc page with the exit codes" bash -c \
    "grep -q '^\.Dt SETTINGS-TUI' '$page' && grep -q 'Exit codes' '$page'"
fi
check "bash completion parses" bash -n "$root/share/bash-completion/completions/settings-tui"
check "zsh completion is installed" grep -q "#compdef settings-tui" "$root/share/zsh/site-functions/_settings-tui"
check "fish completion is installed" grep -q "settings-tui" "$root/share/fish/vendor_completions.d/settings-tui.fish"

"$make" --no-print-directory uninstall DESTDIR="$stage" PREFIX="$prefix" > /dev/null
check "make uninstall removes every file" test -z "$(find "$stage" -type f)"

if [ "$failures" -ne 0 ]; then
  echo "make install: $failures check(s) failed" >&2
  exit 1
fi
