/* F_DUPFD, record locks and O_PATH, which Debian's wasi-libc leaves out; the glue layer's fcntl()
 * implements the first two (a run's processes share one file system, and nothing else locks it). */
#include_next <fcntl.h>

#ifndef SKILLBOX_WASIX_FCNTL_H
#define SKILLBOX_WASIX_FCNTL_H

#ifndef F_DUPFD
#define F_DUPFD 0
#endif
/* Path-only opens read instead; files here keep no access times to spare. */
#ifndef O_PATH
#define O_PATH O_RDONLY
#endif
#ifndef O_NOATIME
#define O_NOATIME 0
#endif

#ifndef F_GETLK
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#endif
#ifndef F_WRLCK
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#endif
#ifndef F_DUPFD_CLOEXEC
#define F_DUPFD_CLOEXEC 1030
#endif

#endif
