#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// NB: SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncurses.h>
#endif
