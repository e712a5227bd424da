# One-command set-up on a fresh Debian machine: `make run` and `make test` install what is missing.
SWIFT ?= swift
APT_PACKAGES := libncurses-dev libsqlite3-dev tmux pkg-config
BUILD_FLAGS ?=
# NB: Release builds, measured here (BENCHMARKS.md has the figures):
#     - link the Swift runtime and Foundation statically: first frame 12 -> 8 ms, peak memory
#       25 -> 19 MiB;
#     - link a position-dependent executable (-no-pie): no 85,000 relocations to apply at each
#       start (first frame -0.4 ms, 1.7 MiB less memory); shared libraries keep their ASLR;
#     - optimize our own modules across module boundaries (SETTINGS_TUI_CROSS_MODULE, read by
#       Package.swift), so the library's generic code is specialized for the app's types: a
#       keystroke in the settings form costs 17 µs instead of 38;
#     - put each function in its own section and have the linker (gold) place the ones a
#       keystroke runs next to each other, in the order a key reaches them, between the two
#       markers of CKeystrokeCode: keys arrive with cold caches, and ~2,000 scattered code lines
#       become one contiguous stretch that the curses backend prefetches when a key arrives (key
#       to settled screen through a pty -0.07 ms, about 20%, then -8% more with the prefetch and
#       the order of first use). The list
#       is made by `Benchmarks/Scripts/code_footprint.py --order-file Scripts/settings-tui.order`;
#       names it no longer matches are ignored, so a stale list only costs that speed. SwiftPM
#       does not track the list: after regenerating it, delete the binary so it is linked again;
#     - link SQLite and libstdc++ statically too, and export no symbols from the executable (no
#       library looks any up): the dynamic loader binds 7 symbols at start instead of about
#       2,000, and maps two libraries fewer (first frame -1 ms, about 13%). `static-libs` links
#       the two archives into a folder the linker searches first; an archive that is missing
#       leaves its library shared;
#     - get the generic metadata our code and the packages use (`Store<State, Action>`,
#       ArgumentParser's `Option<String>`) through accessors handed the witness tables, not from
#       mangled names: the runtime then checks no generic requirements, and each check it made
#       was, the first time, a scan of all 6,400 protocol conformance records (start-up 27M ->
#       18.5M instructions, first frame -0.6 ms, the first key typed in a field 390 -> 307 µs);
#     - describe our C code (CKeystrokeCode) in DWARF 4, which valgrind 3.19 reads (it gives up on
#       clang's default DWARF 5, and the benchmarks profile the release binary with it).
CODE_ORDER := $(CURDIR)/Scripts/settings-tui.order
STATIC_LIBS := $(CURDIR)/.build/static-libs
RELEASE := -c release --static-swift-stdlib -Xlinker -no-pie \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xlinker --section-ordering-file=$(CODE_ORDER) \
  -Xswiftc -L$(STATIC_LIBS) -Xlinker --no-export-dynamic \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xcc -gdwarf-4
export RELEASE
export SETTINGS_TUI_CROSS_MODULE := 1

.PHONY: all deps static-libs build release run test bench screenshots clean

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

test: deps
	# A package outside this one, built from a clean scratch folder: the README's examples
	# compile and pass, and a wrong TestStore expectation fails its test (Swift Testing, XCTest).
	SWIFT=$(SWIFT) Scripts/check-outside-package.sh
	$(SWIFT) build --build-tests
	# NB: Suites run one at a time: clock-driven suites use the main serial executor, which must
	#     not overlap suites that block the main thread (the curses backend, storage locks).
	$(SWIFT) test --skip-build --no-parallel

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
