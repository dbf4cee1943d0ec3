/* Terminal window size for programs that ask: a run's streams are pipes, so ioctl() on them
 * fails with ENOTTY as on Linux. */
#include_next <sys/ioctl.h>

#ifndef SKILLBOX_WASIX_SYS_IOCTL_H
#define SKILLBOX_WASIX_SYS_IOCTL_H

struct winsize {
  unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};

#ifndef TIOCGWINSZ
#define TIOCGWINSZ 0x5413
#define TIOCSWINSZ 0x5414
#define TIOCSCTTY 0x540E
#define BLKGETSIZE64 0x80081272
#define TIOCNOTTY 0x5422
#endif

#endif
