#!/usr/bin/env bash
# Regenerates screenshots/ from the real settings-tui binary running in a real terminal (tmux).
#
#   Scripts/screenshots.sh        (or: make screenshots)
#
# For each state it writes screenshots/<name>.txt (the plain text of the pane), <name>.ansi (the
# same with its colour and attribute escape sequences) and <name>.png (rendered from the .ansi by
# Scripts/render_screenshot.py, with the cursor where tmux says it is). The program runs with a
# temporary HOME, XDG_CONFIG_HOME and XDG_DATA_HOME, so no real settings or clients are touched.
# Every step waits for what it expects on screen (with a timeout) instead of sleeping blindly.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT="$ROOT/screenshots"
SWIFT=${SWIFT:-swift}
SOCKET=screenshots
SESSION=shot
TIMEOUT=${SCREENSHOT_TIMEOUT:-15}   # seconds to wait for each expected screen

log() { printf 'screenshots: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# ---------------------------------------------------------------------------------------------
# Dependencies: installed only when missing (as root, or through sudo).

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=""
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing="$missing fonts-dejavu-core"
command -v fc-list >/dev/null 2>&1 || missing="$missing fontconfig"
if [ -n "$missing" ]; then
  log "installing:$missing"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
if ! python3 -c "import PIL" >/dev/null 2>&1; then
  log "installing Pillow"
  python3 -m pip install -q pillow 2>/dev/null \
    || python3 -m pip install -q --break-system-packages pillow
fi

# ---------------------------------------------------------------------------------------------
# The binary.

cd "$ROOT"
log "building settings-tui (release)"
# NB: The same flags as `make run` (RELEASE from the Makefile), so the two share one build.
RELEASE_FLAGS=${RELEASE:--c release --static-swift-stdlib}
"$SWIFT" build $RELEASE_FLAGS --product settings-tui >&2
BIN="$("$SWIFT" build $RELEASE_FLAGS --show-bin-path)/settings-tui"
[ -x "$BIN" ] || die "no binary at $BIN"

# ---------------------------------------------------------------------------------------------
# A private tmux server and a throw-away home; both go away on exit, failure or interrupt.

WORK=$(mktemp -d "${TMPDIR:-/tmp}/settings-tui-screenshots.XXXXXX")
tmx() { tmux -L "$SOCKET" "$@"; }
cleanup() {
  if tmx has-session -t "$SESSION" 2>/dev/null; then
    tmx send-keys -t "$SESSION" Escape 2>/dev/null || true
  fi
  tmx kill-server 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

cat > "$WORK/tmux.conf" <<'EOF'
set -g status off
set -g default-terminal xterm-256color
set -g escape-time 0
set -g history-limit 0
set -g remain-on-exit on
EOF

mkdir -p "$OUT"

# Starts settings-tui in a fresh 80x24 session with a fresh home. Arguments: extra environment
# (VAR=value ...), then "--", then the program's arguments.
start() {
  local envs=() args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  args=("$@")
  tmx kill-server 2>/dev/null || true
  rm -rf "$WORK/home"
  mkdir -p "$WORK/home/.config" "$WORK/home/.local/share"
  if [ -n "${SETTINGS_JSON:-}" ]; then
    mkdir -p "$WORK/home/.config/settings-tui"
    printf '%s\n' "$SETTINGS_JSON" > "$WORK/home/.config/settings-tui/settings.json"
  fi
  local command
  command=$(printf '%q ' env -u NO_COLOR -u COLUMNS -u LINES \
    HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_DATA_HOME="$WORK/home/.local/share" \
    TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 "${envs[@]}" "$BIN" "${args[@]}")
  tmx -f "$WORK/tmux.conf" new-session -d -s "$SESSION" -x 80 -y 24 "$command"
}

screen_text() { tmx capture-pane -p -t "$SESSION"; }
screen_state() {
  tmx capture-pane -e -p -t "$SESSION"
  tmx display -p -t "$SESSION" '#{cursor_x} #{cursor_y} #{cursor_flag} #{pane_dead}'
}

# Waits until every given text is on screen, then until the screen stops changing.
wait_for() {
  local deadline=$((SECONDS + TIMEOUT)) text ok
  while :; do
    text=$(screen_text)
    ok=1
    for expected in "$@"; do
      grep -qF -- "$expected" <<<"$text" || { ok=0; break; }
    done
    [ $ok = 1 ] && break
    if [ "$(tmx display -p -t "$SESSION" '#{pane_dead}')" = 1 ] || [ $SECONDS -ge $deadline ]; then
      log "expected on screen: $*"
      log "screen was:"; printf '%s\n' "$text" >&2
      die "timed out waiting for the screen"
    fi
    sleep 0.05
  done
  settle
}

# Waits until the screen (with attributes and the cursor) changes from the given state.
wait_change() {
  local before=$1 deadline=$((SECONDS + TIMEOUT))
  while [ "$(screen_state)" = "$before" ]; do
    [ $SECONDS -ge $deadline ] && { screen_text >&2; die "timed out waiting for the screen to change"; }
    sleep 0.05
  done
  settle
}

# Waits until two looks at the screen 150 ms apart are the same (the frame is complete).
settle() {
  local previous current deadline=$((SECONDS + TIMEOUT))
  previous=$(screen_state)
  while :; do
    sleep 0.15
    current=$(screen_state)
    [ "$current" = "$previous" ] && return 0
    [ $SECONDS -ge $deadline ] && die "the screen never settled"
    previous=$current
  done
}

# Sends keys and waits for the screen to react.
keys() {
  local before
  before=$(screen_state)
  tmx send-keys -t "$SESSION" "$@"
  wait_change "$before"
}

# Types literal text one key at a time, like a person.
type_text() {
  local text=$1 i
  for ((i = 0; i < ${#text}; i++)); do keys -l "${text:i:1}"; done
}

# Writes screenshots/<name>.{txt,ansi,png} from the current screen.
shoot() {
  local name=$1 size cols rows cursor
  size=$(tmx display -p -t "$SESSION" '#{pane_width} #{pane_height}')
  cols=${size% *}; rows=${size#* }
  cursor=$(tmx display -p -t "$SESSION" '#{cursor_x} #{cursor_y} #{cursor_flag}')
  tmx capture-pane -p -t "$SESSION" > "$OUT/$name.txt"
  tmx capture-pane -e -p -N -t "$SESSION" > "$OUT/$name.ansi"
  python3 "$ROOT/Scripts/render_screenshot.py" "$OUT/$name.ansi" "$OUT/$name.png" \
    --cols "$cols" --rows "$rows" --cursor "$cursor"
  log "wrote screenshots/$name.png (${cols}x${rows}, cursor $cursor)"
}

# Quits with Esc (answering Yes when a changed form asks "Discard changes?") and checks the
# program is gone (exit 1: cancelled).
quit() {
  local deadline=$((SECONDS + TIMEOUT))
  # NB: Esc while the question shows would answer No: answer Yes then instead.
  if screen_text | grep -qF "Discard changes?"; then
    tmx send-keys -t "$SESSION" y
  else
    tmx send-keys -t "$SESSION" Escape
  fi
  until [ "$(tmx display -p -t "$SESSION" '#{pane_dead}')" = 1 ]; do
    if screen_text | grep -qF "Discard changes?"; then tmx send-keys -t "$SESSION" y; fi
    [ $SECONDS -ge $deadline ] && die "settings-tui did not quit on Esc"
    sleep 0.05
  done
  tmx kill-server 2>/dev/null || true
}

SETTINGS='{"displayName": "Blob", "digest": "weekly", "protectMyPosts": true}'

# 1. The settings form, loaded from a saved file, focus on the display name.
SETTINGS_JSON=$SETTINGS start --
wait_for "Settings" "Blob" "Weekly"
keys Tab
shoot settings
quit

# 2. The same without colours (NO_COLOR): attributes alone show focus.
SETTINGS_JSON=$SETTINGS start NO_COLOR=1 --
wait_for "Settings" "Blob" "Weekly"
keys Tab
shoot settings-monochrome
quit

# 3. The client form: a bad email shows its error once Tab leaves the field; submitting with
#    age 10 adds the age error and focuses the first invalid field (the email).
start -- client
wait_for "New client" "Email"
type_text "Blob"
keys Tab
type_text "blob"
keys Tab
wait_for "Please enter a valid email"
type_text "10"
# NB: Digits should type a number ("1" then "0" is 10), but if the stepper forgets the first
#     digit (it then shows 0), step to 10 with Right/Left so the screenshot still shows age 10.
age=$(screen_text | sed -n 's/.*Age[^0-9]*\([0-9][0-9]*\).*/\1/p' | head -n 1)
if [ "${age:-}" != 10 ]; then
  log "warning: typing 1 then 0 in the age stepper gave ${age:-nothing}, not 10; stepping to 10"
  for ((n = 0; n < 150 && ${age:-10} != 10; n++)); do
    if [ "$age" -lt 10 ]; then keys Right; else keys Left; fi
    age=$(screen_text | sed -n 's/.*Age[^0-9]*\([0-9][0-9]*\).*/\1/p' | head -n 1)
  done
fi
keys Enter
wait_for "Please enter a valid email" "A client must be 18"
shoot client-errors
quit

# 4. The settings form in a window too small for it.
SETTINGS_JSON=$SETTINGS start --
wait_for "Settings" "Blob"
before=$(screen_state)
tmx resize-window -t "$SESSION" -x 30 -y 8
wait_change "$before"
wait_for "too small"
shoot too-small
quit

# 5. Esc on a changed form asks before anything is thrown away.
start -- client
wait_for "New client" "Email"
type_text "Ada"
keys Escape
wait_for "Discard changes?"
shoot discard-changes
quit

# 6. A form from a JSON spec (settings-tui form), with every kind of field.
start -- form "$ROOT/examples/deploy.json"
wait_for "Deploy a service" "Environment"
type_text "api"
keys Tab
keys Down
keys Space
keys Tab
keys Tab
keys Space
shoot spec-form
quit

# 7. A form of two pages: the second page, reached once the first was valid, and a text area.
start -- form "$ROOT/examples/signup.json"
wait_for "Page 1 of 2" "Name"
type_text "Ada Lovelace"
keys Tab
type_text "ada@example.com"
keys Enter
wait_for "Page 2 of 2" "Topics"
keys Space
keys Down
keys Down
keys Space
keys Tab
type_text "Wrote the first program for a machine that did not exist yet."
keys Enter
type_text "Likes forms."
shoot spec-pages
quit

# 8. Lists that follow a select (optionsBy): aws chosen, its regions, eu-west-1's zones, one
#    of them being typed into the zones' filter.
start -- form "$ROOT/examples/server.json"
wait_for "Launch a server" "Provider" "fsn1"
type_text "web-1"
keys Tab
keys Up
keys Up
keys Space
wait_for "us-east-1a"
keys Tab
keys Down
keys Space
wait_for "eu-west-1b"
keys Tab
type_text "b"
wait_for "Filter: b"
shoot spec-following
keys Escape  # NB: clears the filter; quit's Esc then leaves
quit

# 9. The clients list: saved clients, newest last, narrowed by a search, one of its matches
#    deleted (the status line says so until the next move).
add_client() {
  env HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_DATA_HOME="$WORK/home/.local/share" \
    "$BIN" client --database "$WORK/clients.sqlite" --no-input --set "name=$1" --set "email=$2" --set "age=$3" > /dev/null
}
add_client "Ada Lovelace" ada@example.com 36
add_client "Grace Hopper" grace@navy.mil 85
add_client "Alan Turing" alan@bletchley.uk 41
add_client "Ada Yonath" yonath@weizmann.ac.il 86
add_client "Barbara Liskov" liskov@mit.edu 85
add_client "Ada Palmer" ada.palmer@uchicago.edu 44
# NB: The database lies outside the home that start() makes afresh.
start -- clients --database "$WORK/clients.sqlite"
wait_for "Clients" "6 of 6" "Ada Palmer"
keys /
type_text "ada"
# NB: Ada Palmer, the newest and selected, stays selected: the search finds her.
wait_for "3 of 3" "Ada Yonath"
keys Enter
keys d
wait_for "Delete the client Ada Palmer"
keys y
wait_for "Deleted Ada Palmer"
shoot clients-list
# NB: On rows a search narrowed, the first Esc clears the search; the second quits.
keys Escape
wait_for " of 5"
quit

log "done: $(cd "$OUT" && ls *.png | tr '\n' ' ')"
