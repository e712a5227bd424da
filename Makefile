# One-command set-up on a fresh Debian machine: `make run` and `make test` install what is missing.
SWIFT ?= swift
APT_PACKAGES := libncurses-dev ncurses-bin libsqlite3-dev sqlite3 tmux pkg-config
BUILD_FLAGS ?=
# NB: Release builds link the Swift runtime and Foundation statically, and SQLite and libstdc++
#     too where their archives are found (`static-libs`), and export no symbols from the
#     executable: start-up binds only what libc, libm and ncurses provide (BENCHMARKS.md,
#     "Release build"). Our own modules are optimized across module boundaries
#     (SETTINGS_TUI_CROSS_MODULE, read by Package.swift), so the library's generic code is
#     specialized for the app's types. They link with lld (it comes with Swift) and pack
#     their relative relocations (`-z pack-relative-relocs`, DT_RELR, glibc 2.36+): the loader
#     reads every one of them at each start, and packed they take a small fraction of the
#     room (BENCHMARKS.md, "Release build"). gold, the default, cannot pack them.
#     With the Swift libraries inside, the executable needs no $ORIGIN run path: without it
#     the loader looks for libc, libm and ncurses only where the system keeps them, not first
#     in some 25 places beside wherever the binary is installed.
STATIC_LIBS := $(CURDIR)/.build/static-libs
RELEASE := -c release --static-swift-stdlib --disable-local-rpath \
  -Xswiftc -L$(STATIC_LIBS) -Xlinker --no-export-dynamic \
  -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
export RELEASE
export SETTINGS_TUI_CROSS_MODULE := 1
# NB: --version prints the VERSION file, and a release build's names the commit it was built
#     from (and says when tracked files had changes); Package.swift reads both from here.
export SETTINGS_TUI_VERSION := $(shell cat VERSION)
comma := ,
GIT_COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)
GIT_CHANGES := $(shell git status --porcelain --untracked-files=no 2>/dev/null | head -n 1)
export SETTINGS_TUI_COMMIT := $(GIT_COMMIT)$(if $(and $(GIT_COMMIT),$(GIT_CHANGES)),$(comma) modified)

.PHONY: all deps static-libs build release run install uninstall test fuzz bench screenshots clean

# Where `make install` puts things (GNU conventions: `make install PREFIX=~/.local`, or
# `make install DESTDIR=/tmp/stage` for packaging).
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
BASHDIR = $(PREFIX)/share/bash-completion/completions
ZSHDIR = $(PREFIX)/share/zsh/site-functions
FISHDIR = $(PREFIX)/share/fish/vendor_completions.d

all: build

# Installs the system packages the build and the tests need, only when one is missing.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

# The archives release builds link statically (see RELEASE), found by the clang beside swift,
# the one that links: libsqlite3.a comes with libsqlite3-dev, libstdc++.a with the GCC
# installation that clang picks.
SWIFT_CLANG = $(or $(wildcard $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))clang),clang)
static-libs: deps
	@mkdir -p $(STATIC_LIBS); \
	for lib in libsqlite3.a libstdc++.a; do \
	  path=$$($(SWIFT_CLANG) -print-file-name=$$lib 2>/dev/null); \
	  if [ -f "$$path" ]; then ln -sf "$$path" $(STATIC_LIBS)/$$lib; else rm -f $(STATIC_LIBS)/$$lib; fi; \
	done

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: static-libs
	$(SWIFT) build $(RELEASE) --product settings-tui

# Builds and starts the settings form (pass arguments with ARGS="client", ARGS="--help", ...).
run: release
	@$$($(SWIFT) build $(RELEASE) --show-bin-path)/settings-tui $(ARGS)

# Installs the release binary, its manual page (made from the command definitions by
# swift-argument-parser's generate-manual plugin) and bash, zsh and fish completions.
install: release
	@mkdir -p .build/man
	$(SWIFT) package --allow-writing-to-directory .build/man generate-manual \
	  --output-directory .build/man > /dev/null
	@bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)/settings-tui"; set -e; \
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" "$(DESTDIR)$(BASHDIR)" \
	  "$(DESTDIR)$(ZSHDIR)" "$(DESTDIR)$(FISHDIR)"; \
	install -m 0755 "$$bin" "$(DESTDIR)$(BINDIR)/settings-tui"; \
	install -m 0644 .build/man/settings-tui.1 "$(DESTDIR)$(MANDIR)/settings-tui.1"; \
	"$$bin" --generate-completion-script bash > "$(DESTDIR)$(BASHDIR)/settings-tui"; \
	"$$bin" --generate-completion-script zsh > "$(DESTDIR)$(ZSHDIR)/_settings-tui"; \
	"$$bin" --generate-completion-script fish > "$(DESTDIR)$(FISHDIR)/settings-tui.fish"; \
	echo "Installed settings-tui in $(DESTDIR)$(PREFIX)"

# Removes what `make install` put in place (same PREFIX and DESTDIR).
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/settings-tui" "$(DESTDIR)$(MANDIR)/settings-tui.1" \
	  "$(DESTDIR)$(BASHDIR)/settings-tui" "$(DESTDIR)$(ZSHDIR)/_settings-tui" \
	  "$(DESTDIR)$(FISHDIR)/settings-tui.fish"

test: static-libs
	# A package outside this one, built from a clean scratch folder: the README's examples
	# compile and pass, and a wrong TestStore expectation fails its test (Swift Testing, XCTest).
	SWIFT=$(SWIFT) Scripts/check-outside-package.sh
	# make install and make uninstall, into a scratch DESTDIR.
	MAKE="$(MAKE)" Scripts/check-install.sh
	# The end-to-end tests drive the release binary that `make run` starts, so its flags are
	# tested too.
	$(SWIFT) build $(RELEASE) --product settings-tui
	$(SWIFT) build --build-tests
	# NB: Suites run one at a time: clock-driven suites use the main serial executor, which must
	#     not overlap suites that block the main thread (the curses backend, storage locks).
	SETTINGS_TUI_BINARY=$$($(SWIFT) build $(RELEASE) --show-bin-path)/settings-tui \
	  $(SWIFT) test --skip-build --no-parallel

# A million random keys through every form (make test runs 20,000); prints the figures.
fuzz: deps
	$(SWIFT) build --build-tests
	FUZZ_KEYS=$${FUZZ_KEYS:-1000000} $(SWIFT) test --skip-build --filter KeyFuzzTests

clean:
	rm -rf .build

# Benchmarks in release mode; prints a table (see BENCHMARKS.md for the method and figures).
bench: static-libs
	$(SWIFT) build $(RELEASE) --product settings-tui
	$(SWIFT) build $(RELEASE) --product Benchmarks
	$$($(SWIFT) build $(RELEASE) --show-bin-path)/Benchmarks

# Runs the release binary in tmux and regenerates screenshots/ (PNG images and text captures).
screenshots: static-libs
	SWIFT=$(SWIFT) Scripts/screenshots.sh
