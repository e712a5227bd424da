// NB: C, because a string can be handed to C at build time (-D) but not to Swift: this is how
//     the VERSION file reaches `--version` without a second copy of it in the source.
#include "CVersion.h"

#ifndef SETTINGS_TUI_VERSION
#error "Package.swift defines SETTINGS_TUI_VERSION from the VERSION file"
#endif

const char *settings_tui_version(void) { return SETTINGS_TUI_VERSION; }
