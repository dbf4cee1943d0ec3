/* Pseudo-terminals: a run has no terminal (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_PTY_H
#define SKILLBOX_WASIX_PTY_H

#include <termios.h>

struct winsize;
int openpty(int *, int *, char *, const struct termios *, const struct winsize *);
pid_t forkpty(int *, char *, const struct termios *, const struct winsize *);

#endif
