/* umask() and the chmod() family, which Debian's wasi-libc leaves out (src/permissions.c). */
#include_next <sys/stat.h>

#ifndef SKILLBOX_WASIX_SYS_STAT_H
#define SKILLBOX_WASIX_SYS_STAT_H

mode_t umask(mode_t);

/* Files here carry no permission bits or owners: these succeed without effect. */
int chmod(const char *, mode_t);
int fchmod(int, mode_t);
int fchmodat(int, const char *, mode_t, int);
int lchmod(const char *, mode_t);

/* Device nodes and FIFOs cannot be created here (src/unsupported.c). */
int mknod(const char *, mode_t, dev_t);
int mknodat(int, const char *, mode_t, dev_t);
int mkfifo(const char *, mode_t);
int mkfifoat(int, const char *, mode_t);

#endif
