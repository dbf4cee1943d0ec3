/* Pipes to and from a command (src/subprocess.c), which Debian's wasi-libc leaves out of
 * <stdio.h>. */
#include_next <stdio.h>

#ifndef SKILLBOX_WASIX_STDIO_H
#define SKILLBOX_WASIX_STDIO_H

#ifdef __cplusplus
extern "C" {
#endif

FILE *popen(const char *, const char *);
int pclose(FILE *);

#ifdef __cplusplus
}
#endif

#endif
