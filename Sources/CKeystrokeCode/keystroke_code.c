#include "CKeystrokeCode.h"

#include <stdint.h>

// NB: Each marker has a section of its own, named in the order file: the first line of the file
//     names `begin`, the last names `end`, so the linker puts the keystroke's functions between.
__attribute__((section(".text.keystroke_code_begin"), noinline, used))
void keystroke_code_begin(void) { __asm__ volatile(""); }

__attribute__((section(".text.keystroke_code_end"), noinline, used))
void keystroke_code_end(void) { __asm__ volatile(""); }

/// More than this between the markers means they were not placed by the order file.
static const uintptr_t largest_stretch = 1024 * 1024;

__attribute__((section(".text.keystroke_code_prefetch")))
void keystroke_code_prefetch(void) {
  uintptr_t begin = (uintptr_t)&keystroke_code_begin;
  uintptr_t end = (uintptr_t)&keystroke_code_end;
  if (end <= begin || end - begin > largest_stretch) return;
  for (uintptr_t line = begin & ~(uintptr_t)63; line < end; line += 64) {
    // NB: Read, moderate locality: into the second-level cache, which the instruction fetch
    //     then finds them in.
    __builtin_prefetch((const void *)line, 0, 2);
  }
}
