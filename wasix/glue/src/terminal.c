/* A run's standard streams are pipes, never a terminal. */
#include <errno.h>
#include <termios.h>

#include "wasix.h"

int tcgetattr(int fd, struct termios *attributes) {
  (void)fd;
  (void)attributes;
  return wasix_fail(ENOTTY);
}

int tcsetattr(int fd, int when, const struct termios *attributes) {
  (void)fd;
  (void)when;
  (void)attributes;
  return wasix_fail(ENOTTY);
}

int tcflush(int fd, int queue) {
  (void)fd;
  (void)queue;
  return wasix_fail(ENOTTY);
}

int cfsetspeed(struct termios *attributes, speed_t speed) {
  attributes->__c_ispeed = attributes->__c_ospeed = speed;
  return 0;
}

int cfsetispeed(struct termios *attributes, speed_t speed) {
  attributes->__c_ispeed = speed;
  return 0;
}

int cfsetospeed(struct termios *attributes, speed_t speed) {
  attributes->__c_ospeed = speed;
  return 0;
}

speed_t cfgetispeed(const struct termios *attributes) { return attributes->__c_ispeed; }
speed_t cfgetospeed(const struct termios *attributes) { return attributes->__c_ospeed; }

void cfmakeraw(struct termios *attributes) {
  attributes->c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INLCR | ISTRIP | IXON);
  attributes->c_oflag &= ~(tcflag_t)OPOST;
  attributes->c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
  attributes->c_cflag = (attributes->c_cflag & ~(tcflag_t)(CSIZE | PARENB)) | CS8;
}

/* The runtime describes a run's pipes as character devices, which wasi-libc takes for a terminal:
 * `ls` then printed columns into a pipe. */
int __wrap_isatty(int fd) {
  (void)fd;
  errno = ENOTTY;
  return 0;
}
