#ifndef C_KEYSTROKE_CODE_H
#define C_KEYSTROKE_CODE_H

/// Asks the processor to fetch the machine code a keystroke runs into its caches, before the
/// keystroke runs it.
///
/// Release builds place the functions a keystroke runs next to each other (the linker's order
/// file, `Scripts/settings-tui.order`), between two markers defined here. A key typed by a
/// person arrives when the caches hold other work, and the code then misses the caches line by
/// line, each miss waiting for the one before; prefetching the whole stretch first has the
/// memory fetch those lines in parallel. Builds without the order file leave the markers side by
/// side, and this then does nearly nothing. Prefetches never fault and change no results.
void keystroke_code_prefetch(void);

#endif
