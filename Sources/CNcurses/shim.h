#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// NB: SwiftPM drops pkg-config's -D flags, so the wide-character API must be requested here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <ncurses.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

// MARK: - Macros Swift cannot import

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_altcharset(void) { return A_ALTCHARSET; }
static inline attr_t cn_color_pair(int pair) { return COLOR_PAIR(pair); }

static inline int cn_ok(void) { return OK; }

// NB: `use_tioctl` (the window's size from TIOCGWINSZ even with LINES/COLUMNS exported) came
//     with ncurses 5.9; older ones (macOS's system copy) go without it, and a resize is still
//     measured on the device by the backend.
static inline void cn_prefer_device_size(void) {
#if defined(NCURSES_VERSION_MAJOR) && \
    (NCURSES_VERSION_MAJOR > 5 || (NCURSES_VERSION_MAJOR == 5 && NCURSES_VERSION_MINOR >= 9))
  use_tioctl(TRUE);
#endif
}
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }

// NB: The line-drawing character as ncurses draws it for this terminal and locale (a Unicode
//     line in UTF-8, the alternate character set where terminfo has `acsc`, '-' elsewhere),
//     with the given attributes and colour pair.
static inline int cn_horizontal_line(cchar_t *out, attr_t attributes, short pair) {
  wchar_t characters[CCHARW_MAX];
  attr_t own;
  short ownPair;
  if (getcchar(WACS_HLINE, characters, &own, &ownPair, NULL) == ERR) return ERR;
  return setcchar(out, characters, own | attributes, pair, NULL);
}

// NB: One spacing character with its attributes and colour pair, put at (row, column) of
//     `window`, without building a string: most cells of a frame hold one ASCII character.
static inline int cn_put_character(WINDOW *window, int row, int column, wchar_t character,
                                   attr_t attributes, short pair) {
  cchar_t cell;
  wchar_t text[2] = {character, 0};
  if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
  return mvwadd_wch(window, row, column, &cell);
}

// MARK: - Key codes (function-key values of get_wch's KEY_CODE_YES results)

static inline int cn_key_up(void) { return KEY_UP; }
static inline int cn_key_down(void) { return KEY_DOWN; }
static inline int cn_key_left(void) { return KEY_LEFT; }
static inline int cn_key_right(void) { return KEY_RIGHT; }
static inline int cn_key_home(void) { return KEY_HOME; }
static inline int cn_key_end(void) { return KEY_END; }
static inline int cn_key_delete(void) { return KEY_DC; }
static inline int cn_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cn_key_enter(void) { return KEY_ENTER; }
static inline int cn_key_back_tab(void) { return KEY_BTAB; }
static inline int cn_key_page_up(void) { return KEY_PPAGE; }
static inline int cn_key_page_down(void) { return KEY_NPAGE; }
static inline int cn_key_resize(void) { return KEY_RESIZE; }
static inline int cn_key_max(void) { return KEY_MAX; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }

// MARK: - Mouse (the button masks are macros)

/// Turns on reports of button 1 presses and the wheel; `0` turns reports off.
static inline int cn_enable_mouse(int on) {
  mmask_t wanted = on ? (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED) : 0;
  return mousemask(wanted, NULL) == 0 && on ? -1 : 0;
}

/// The mouse event curses read: 1 a button 1 press, 2 wheel up, 3 wheel down, 0 anything else,
/// -1 none (the mouse is off: curses matched the report's start only).
static inline int cn_read_mouse(int *column, int *row) {
  MEVENT event;
  if (getmouse(&event) != OK) return -1;
  *column = event.x;
  *row = event.y;
  if (event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
  if (event.bstate & BUTTON4_PRESSED) return 2;
  if (event.bstate & BUTTON5_PRESSED) return 3;
  return 0;
}

// NB: `stdscr` and `COLOR_PAIRS` are mutable C globals; reading them from Swift 6
//     is a concurrency error, so they are read here, for the screen most recently `set_term`ed.
static inline WINDOW *cn_current_window(void) { return stdscr; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline int cn_max_y(const WINDOW *window) { return getmaxy(window); }
static inline int cn_max_x(const WINDOW *window) { return getmaxx(window); }

/// Asks the terminal on `fd` for its size (TIOCGWINSZ); returns 0 on success.
static inline int cn_terminal_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

/// Sets the size of the terminal on `fd` (TIOCSWINSZ), e.g. a pseudo-terminal in a test.
static inline int cn_set_terminal_size(int fd, int rows, int columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = (unsigned short)rows;
  size.ws_col = (unsigned short)columns;
  return ioctl(fd, TIOCSWINSZ, &size);
}

#ifdef __linux__
/// Opens a new pseudo-terminal's master side and writes its device number to `number`
/// (the terminal is /dev/pts/<number>); returns the master descriptor or -1. Linux only.
static inline int cn_open_pseudo_terminal(int *number) {
  int master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0) return -1;
  int unlock = 0;
  if (ioctl(master, TIOCSPTLCK, &unlock) != 0 || ioctl(master, TIOCGPTN, number) != 0) {
    close(master);
    return -1;
  }
  return master;
}
#endif

// MARK: - Locale

/// Whether the current LC_CTYPE encodes text as UTF-8.
static inline int cn_locale_is_utf8(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// The columns the C library gives a character in the current locale (-1 for none it can
/// print). NB: Declared here: <wchar.h> shows `wcwidth` only to some feature-test macros.
extern int wcwidth(wchar_t character);
static inline int cn_wcwidth(unsigned int character) { return wcwidth((wchar_t)character); }

/// Whether the current LC_CTYPE is plain ASCII (the C and POSIX locales).
static inline int cn_locale_is_ascii(void) {
  const char *codeset = nl_langinfo(CODESET);
  return codeset != NULL && strcmp(codeset, "ANSI_X3.4-1968") == 0;
}

// MARK: - Signal relay
//
// NB: A signal handler may only call async-signal-safe functions, so the handler lives in C: it
//     writes the signal number as one byte into a non-blocking pipe that the event loop polls.
//     SIGWINCH is also passed on to the handler ncurses installed, so curses' own idea of the
//     size follows the window too.
//     Swift's importer emits a header's functions but not its file-scope variables, so the state
//     lives in function-local statics; call every cn_relay_* function from ONE Swift file, since
//     each object file that uses a static inline function gets its own copy of that state.

static inline volatile sig_atomic_t *cn_relay_fd(void) {
  static volatile sig_atomic_t fd = -1;
  return &fd;
}

static inline struct sigaction *cn_relay_previous(int signal_number) {
  static struct sigaction previous[NSIG];
  return &previous[signal_number];
}

static inline volatile sig_atomic_t *cn_relay_installed(int signal_number) {
  static volatile sig_atomic_t installed[NSIG];
  return &installed[signal_number];
}

/// Set by the relay when SIGCONT arrives, for `cn_stop_self` to see that the stop happened.
static inline volatile sig_atomic_t *cn_relay_continued(void) {
  static volatile sig_atomic_t continued = 0;
  return &continued;
}

static void cn_relay_signal(int signal_number) {
  int saved_errno = errno;
  if (signal_number == SIGCONT) *cn_relay_continued() = 1;
  if (signal_number == SIGWINCH) {
    struct sigaction previous = *cn_relay_previous(SIGWINCH);
    if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL
        && previous.sa_handler != SIG_IGN && previous.sa_handler != NULL) {
      previous.sa_handler(signal_number);
    }
  }
  int fd = *cn_relay_fd();
  if (fd >= 0) {
    unsigned char byte = (unsigned char)signal_number;
    ssize_t written = write(fd, &byte, 1);
    (void)written;
  }
  errno = saved_errno;
}

/// Relays `signal_number` into `fd` (the write end of a non-blocking pipe) until restored.
static inline int cn_relay_install(int signal_number, int fd) {
  if (signal_number <= 0 || signal_number >= NSIG) return -1;
  *cn_relay_fd() = fd;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = cn_relay_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(signal_number, &action, cn_relay_previous(signal_number)) != 0) return -1;
  *cn_relay_installed(signal_number) = 1;
  return 0;
}

/// Puts back the handler that was in place before `cn_relay_install` for this signal.
static inline void cn_relay_restore(int signal_number) {
  if (signal_number <= 0 || signal_number >= NSIG || !*cn_relay_installed(signal_number)) return;
  sigaction(signal_number, cn_relay_previous(signal_number), NULL);
  *cn_relay_installed(signal_number) = 0;
}

/// Ignores the signal from now on, instead of putting the earlier handler back.
static inline void cn_relay_ignore(int signal_number) {
  if (signal_number <= 0 || signal_number >= NSIG || !*cn_relay_installed(signal_number)) return;
  signal(signal_number, SIG_IGN);
  *cn_relay_installed(signal_number) = 0;
}

/// Stops relaying: later signals that still reach the handler write nowhere.
static inline void cn_relay_detach(void) { *cn_relay_fd() = -1; }

/// What `cn_child_signals_begin` replaced, for `cn_child_signals_end` to put back.
typedef struct {
  struct sigaction interrupt, quit, stop;
  sigset_t mask;
} cn_child_signals;

/// While a program of the person's (an editor) owns the terminal, as `system()` does: Ctrl-C
/// and Ctrl-\ are that program's alone (ignored here, not acted on once it returns), and
/// Ctrl-Z stops this process with it, so the shell sees the whole job stopped and `fg`
/// continues both. Without it, the relayed Ctrl-Z waited for the editor, which had stopped:
/// the terminal hung.
static inline cn_child_signals cn_child_signals_begin(void) {
  cn_child_signals saved;
  struct sigaction ignore, standard;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  memset(&standard, 0, sizeof standard);
  standard.sa_handler = SIG_DFL;
  sigemptyset(&standard.sa_mask);
  sigaction(SIGINT, &ignore, &saved.interrupt);
  sigaction(SIGQUIT, &ignore, &saved.quit);
  sigaction(SIGTSTP, &standard, &saved.stop);
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &stop, &saved.mask);
  return saved;
}

/// Puts back what `cn_child_signals_begin` replaced.
static inline void cn_child_signals_end(cn_child_signals saved) {
  pthread_sigmask(SIG_SETMASK, &saved.mask, NULL);
  sigaction(SIGINT, &saved.interrupt, NULL);
  sigaction(SIGQUIT, &saved.quit, NULL);
  sigaction(SIGTSTP, &saved.stop, NULL);
}

/// Spawn attributes that give the child the default action for the signals
/// `cn_child_signals_begin` ignores here, and no blocked signals.
static inline int cn_spawn_default_signals(posix_spawnattr_t *attributes) {
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGQUIT);
  sigaddset(&defaults, SIGTSTP);
  sigemptyset(&none);
  if (posix_spawnattr_setsigdefault(attributes, &defaults) != 0) return -1;
  if (posix_spawnattr_setsigmask(attributes, &none) != 0) return -1;
  return posix_spawnattr_setflags(attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
}

/// Stops the process the way the shell's Ctrl-Z would (default SIGTSTP action), returning after
/// SIGCONT. The relayed SIGTSTP handler, if any, is put back afterwards.
static inline void cn_stop_self(void) {
  struct sigaction default_action, current;
  memset(&default_action, 0, sizeof default_action);
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGTSTP, &default_action, &current);
  sigset_t unblock, previous_mask;
  sigemptyset(&unblock);
  sigaddset(&unblock, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &unblock, &previous_mask);
  *cn_relay_continued() = 0;
  kill(0, SIGTSTP);
  // NB: kill(0) queues the stop for the whole process, and the kernel often hands it to another
  //     thread (the main thread, parked by dispatch_main), which stops the process a moment
  //     after kill returns. Putting the relay's handler back before then turned about half of
  //     all Ctrl-Z presses into nothing. So wait, with the default action still in place, until
  //     SIGCONT has been seen (the relay marks it); give up after 100 ms, when the kernel
  //     discarded the stop (an orphaned process group) and nothing will come.
  for (int waited = 0; waited < 100 && !*cn_relay_continued(); waited++) {
    struct timespec millisecond = {0, 1000000};
    nanosleep(&millisecond, NULL);
  }
  pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
  sigaction(SIGTSTP, &current, NULL);
}

// MARK: - Signal numbers (some are macros that expand to expressions on some platforms)

static inline int cn_sigterm(void) { return SIGTERM; }
static inline int cn_sighup(void) { return SIGHUP; }
static inline int cn_sigquit(void) { return SIGQUIT; }
static inline int cn_sigint(void) { return SIGINT; }
static inline int cn_sigwinch(void) { return SIGWINCH; }
static inline int cn_sigtstp(void) { return SIGTSTP; }
static inline int cn_sigcont(void) { return SIGCONT; }

// MARK: - Terminfo (for the screen writer, which sends its own output)

// NB: term.h defines lower-case macros (`lines`, `columns`, ...), so it comes last in this file.
#include <term.h>

/// A string capability of the current terminal, or NULL when it is absent or cancelled.
static inline const char *cn_string_capability(const char *name) {
  char *value = tigetstr(name);
  if (value == NULL || value == (char *)-1) return NULL;
  return value;
}

/// A boolean capability of the current terminal (absent: 0).
static inline int cn_flag_capability(const char *name) { return tigetflag(name) > 0; }

/// A numeric capability of the current terminal (absent or cancelled: -1).
static inline int cn_number_capability(const char *name) {
  int value = tigetnum(name);
  return value < 0 ? -1 : value;
}

// NB: tiparm is variadic, which Swift cannot call; these fix the parameter count.
static inline const char *cn_tiparm1(const char *format, int first) {
  return tiparm(format, first);
}
static inline const char *cn_tiparm2(const char *format, int first, int second) {
  return tiparm(format, first, second);
}

#endif
