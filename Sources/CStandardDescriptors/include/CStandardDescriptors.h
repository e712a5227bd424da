#ifndef C_STANDARD_DESCRIPTORS_H
#define C_STANDARD_DESCRIPTORS_H

#include <stdbool.h>

/// Whether standard output was closed when the program started (`>&-`); /dev/null holds its
/// number since, so nothing the program opens takes it.
bool settings_tui_output_was_closed(void);

#endif
