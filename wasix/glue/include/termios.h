/* Terminal attributes: a run has no terminal, so tcgetattr() and tcsetattr() report ENOTTY
 * (src/terminal.c). Debian's wasi-libc has no <termios.h>. */
#ifndef SKILLBOX_WASIX_TERMIOS_H
#define SKILLBOX_WASIX_TERMIOS_H

#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;

#define NCCS 32

struct termios {
  tcflag_t c_iflag;
  tcflag_t c_oflag;
  tcflag_t c_cflag;
  tcflag_t c_lflag;
  cc_t c_line;
  cc_t c_cc[NCCS];
  speed_t __c_ispeed;
  speed_t __c_ospeed;
};

#define TCSANOW 0
#define TCSADRAIN 1
#define TCSAFLUSH 2

#define VINTR 0
#define VQUIT 1
#define VERASE 2
#define VKILL 3
#define VEOF 4
#define VTIME 5
#define VMIN 6
#define ECHO 0000010
#define ICANON 0000002
#define ISIG 0000001
#define IEXTEN 0100000
#define ICRNL 0000400
#define IXON 0002000
#define OPOST 0000001
#define ONLCR 0000004
#define ECHOE 0000020
#define ECHOK 0000040
#define ECHONL 0000100
#define ECHOCTL 0001000
#define ECHOKE 0004000
#define INLCR 0000100
#define IGNCR 0000200
#define IXANY 0004000
#define IXOFF 0010000
#define IUTF8 0040000
#define BRKINT 0000002
#define ISTRIP 0000040
#define CSIZE 0000060
#define CS8 0000060
#define PARENB 0000400
#define B0 0000000
#define B9600 0000015
#define B38400 0000017
#define B115200 0010002

int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);

#ifdef __cplusplus
}
#endif

#define TCIFLUSH 0
#define TCOFLUSH 1
#define TCIOFLUSH 2
int tcflush(int, int);
int cfsetspeed(struct termios *, speed_t);
int cfsetispeed(struct termios *, speed_t);
int cfsetospeed(struct termios *, speed_t);
speed_t cfgetispeed(const struct termios *);
speed_t cfgetospeed(const struct termios *);
void cfmakeraw(struct termios *);

#endif
