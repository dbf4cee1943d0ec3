/* setjmp/longjmp on WASIX stack snapshots (src/jump.c). Debian's wasi-libc has no setjmp.h. */
#ifndef SKILLBOX_WASIX_SETJMP_H
#define SKILLBOX_WASIX_SETJMP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A WASIX stack snapshot is 24 bytes, 8-aligned. */
typedef struct {
  _Alignas(8) unsigned char snapshot[24];
} jmp_buf[1];
typedef jmp_buf sigjmp_buf;

int setjmp(jmp_buf) __attribute__((returns_twice));
_Noreturn void longjmp(jmp_buf, int);
#define _setjmp setjmp
#define _longjmp longjmp
#define sigsetjmp(env, savemask) setjmp(env)
#define siglongjmp longjmp

#ifdef __cplusplus
}
#endif

#endif
