// NB: C, and run as a constructor: before `main`, the Swift runtime opens descriptors of its
//     own (an eventfd), and the lowest free number is the one a closed standard input, output
//     or error left (`>&-`). Taken that way, what is meant for standard output would go to
//     that descriptor, or error messages into a file the program opened. So a closed 0, 1 or
//     2 is given /dev/null before anything else runs, as ssh and other tools do first thing.
#include "CStandardDescriptors.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static bool output_was_closed = false;

__attribute__((constructor)) static void reserve_standard_descriptors(void) {
  for (int descriptor = 0; descriptor <= 2; descriptor++) {
    if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
    if (descriptor == 1) output_was_closed = true;
    int opened = open("/dev/null", O_RDWR);
    if (opened >= 0 && opened != descriptor) {
      dup2(opened, descriptor);
      close(opened);
    }
  }
}

bool settings_tui_output_was_closed(void) { return output_was_closed; }
