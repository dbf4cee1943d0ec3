/* Temporary files, which Debian's wasi-libc leaves out of <stdlib.h> (src/temporaryFiles.c). */
#include_next <stdlib.h>

#ifndef SKILLBOX_WASIX_STDLIB_H
#define SKILLBOX_WASIX_STDLIB_H

#ifdef __cplusplus
extern "C" {
#endif

int mkstemp(char *);
int mkostemp(char *, int);
int mkstemps(char *, int);
int mkostemps(char *, int, int);
char *mkdtemp(char *);
char *mktemp(char *);

#ifdef __cplusplus
}
#endif

#endif
