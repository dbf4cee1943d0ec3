/* Standard paths inside a run (Debian's wasi-libc has no <paths.h>). */
#ifndef SKILLBOX_WASIX_PATHS_H
#define SKILLBOX_WASIX_PATHS_H

#define _PATH_DEFPATH "/usr/local/bin:/usr/bin:/bin"
#define _PATH_STDPATH "/usr/bin:/bin:/usr/sbin:/sbin"
#define _PATH_BSHELL "/bin/sh"
#define _PATH_DEVNULL "/dev/null"
#define _PATH_TTY "/dev/tty"
#define _PATH_TMP "/tmp/"
#define _PATH_UTMP "/var/run/utmp"
#define _PATH_WTMP "/var/log/wtmp"

#endif
