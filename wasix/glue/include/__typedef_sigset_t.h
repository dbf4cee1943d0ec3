/* A signal set wide enough for every signal (Debian's wasi-libc has a one-byte placeholder; no
 * function of the libc reads one, the glue layer's signal calls do). */
#ifndef __wasilibc___typedef_sigset_t_h
#define __wasilibc___typedef_sigset_t_h

typedef struct __sigset_t {
  unsigned long __bits[128 / sizeof(long)];
} sigset_t;

#endif
