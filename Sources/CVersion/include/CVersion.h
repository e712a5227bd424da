#ifndef CVERSION_H
#define CVERSION_H

/// The program's version, as Package.swift read it from the VERSION file (a release build adds
/// the commit it was built from).
const char *settings_tui_version(void);

#endif
