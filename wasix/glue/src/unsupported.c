/* What a run cannot do: no network, no mounts, no devices, no terminal, no clock setting, no
 * extended attributes, no file change notification. Each call fails as Linux fails for an
 * unprivileged process without the facility, so programs report it in their own words. */
#include <errno.h>
#include <mntent.h>
#include <net/if.h>
#include <netdb.h>
#include <pty.h>
#include <stdarg.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/swap.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>

#include "wasix.h"

/* Calls that always fail have no use for their parameters. */
#pragma clang diagnostic ignored "-Wunused-parameter"

#define UNAVAILABLE(result, name, params, error) \
  result name params {                            \
    errno = error;                                \
    return (result)-1;                            \
  }

UNAVAILABLE(int, statvfs, (const char *restrict path, struct statvfs *restrict info), ENOSYS)
UNAVAILABLE(int, fstatvfs, (int fd, struct statvfs *info), ENOSYS)
UNAVAILABLE(int, statfs, (const char *path, struct statfs *info), ENOSYS)
UNAVAILABLE(int, fstatfs, (int fd, struct statfs *info), ENOSYS)

UNAVAILABLE(int, socket, (int domain, int type, int protocol), EAFNOSUPPORT)
UNAVAILABLE(int, socketpair, (int domain, int type, int protocol, int ends[2]), EAFNOSUPPORT)
UNAVAILABLE(int, bind, (int fd, const struct sockaddr *address, socklen_t length), ENOTSOCK)
UNAVAILABLE(int, connect, (int fd, const struct sockaddr *address, socklen_t length), ENETUNREACH)
UNAVAILABLE(int, listen, (int fd, int backlog), ENOTSOCK)
UNAVAILABLE(int, setsockopt, (int fd, int level, int name, const void *value, socklen_t length),
            ENOTSOCK)
UNAVAILABLE(int, getsockopt,
            (int fd, int level, int name, void *restrict value, socklen_t *restrict length),
            ENOTSOCK)
UNAVAILABLE(int, getsockname,
            (int fd, struct sockaddr *restrict address, socklen_t *restrict length), ENOTSOCK)
UNAVAILABLE(int, getpeername,
            (int fd, struct sockaddr *restrict address, socklen_t *restrict length), ENOTSOCK)
UNAVAILABLE(ssize_t, sendto,
            (int fd, const void *data, size_t size, int flags, const struct sockaddr *address,
             socklen_t length),
            ENOTSOCK)
UNAVAILABLE(ssize_t, recvfrom,
            (int fd, void *restrict data, size_t size, int flags,
             struct sockaddr *restrict address, socklen_t *restrict length),
            ENOTSOCK)

int getaddrinfo(const char *restrict host, const char *restrict service,
                const struct addrinfo *restrict hints, struct addrinfo **restrict result) {
  (void)host;
  (void)service;
  (void)hints;
  *result = NULL;
  return EAI_FAIL;
}

void freeaddrinfo(struct addrinfo *list) { (void)list; }

const char *gai_strerror(int error) {
  (void)error;
  return "Network is unreachable";
}

int getnameinfo(const struct sockaddr *restrict address, socklen_t length, char *restrict host,
                socklen_t host_size, char *restrict service, socklen_t service_size, int flags) {
  (void)address;
  (void)length;
  (void)host;
  (void)host_size;
  (void)service;
  (void)service_size;
  (void)flags;
  return EAI_FAIL;
}

struct hostent *gethostbyname(const char *name) {
  (void)name;
  return NULL;
}

struct servent *getservbyname(const char *name, const char *protocol) {
  (void)name;
  (void)protocol;
  return NULL;
}

struct servent *getservbyport(int port, const char *protocol) {
  (void)port;
  (void)protocol;
  return NULL;
}

unsigned if_nametoindex(const char *name) {
  (void)name;
  errno = ENODEV;
  return 0;
}

char *if_indextoname(unsigned index, char *name) {
  (void)index;
  (void)name;
  errno = ENXIO;
  return NULL;
}

UNAVAILABLE(int, mount,
            (const char *source, const char *target, const char *type, unsigned long flags,
             const void *data),
            EPERM)
UNAVAILABLE(int, umount, (const char *target), EPERM)
UNAVAILABLE(int, umount2, (const char *target, int flags), EPERM)
UNAVAILABLE(int, swapon, (const char *path, int flags), EPERM)
UNAVAILABLE(int, swapoff, (const char *path), EPERM)
UNAVAILABLE(int, chroot, (const char *path), EPERM)
UNAVAILABLE(int, mknod, (const char *path, mode_t mode, dev_t device), EPERM)
UNAVAILABLE(int, mknodat, (int directory, const char *path, mode_t mode, dev_t device), EPERM)
UNAVAILABLE(int, mkfifo, (const char *path, mode_t mode), ENOSYS)
UNAVAILABLE(int, mkfifoat, (int directory, const char *path, mode_t mode), ENOSYS)
UNAVAILABLE(int, settimeofday, (const struct timeval *time, const void *zone), EPERM)
UNAVAILABLE(int, personality, (unsigned long persona), EINVAL)
UNAVAILABLE(int, inotify_init, (void), ENOSYS)
UNAVAILABLE(int, inotify_add_watch, (int fd, const char *path, uint32_t mask), ENOSYS)
UNAVAILABLE(int, openpty,
            (int *controller, int *terminal, char *name, const struct termios *attributes,
             const struct winsize *size),
            ENOENT)
UNAVAILABLE(pid_t, forkpty,
            (int *controller, char *name, const struct termios *attributes,
             const struct winsize *size),
            ENOENT)

UNAVAILABLE(ssize_t, getxattr, (const char *path, const char *name, void *value, size_t size),
            ENOTSUP)
UNAVAILABLE(ssize_t, lgetxattr, (const char *path, const char *name, void *value, size_t size),
            ENOTSUP)
UNAVAILABLE(ssize_t, fgetxattr, (int fd, const char *name, void *value, size_t size), ENOTSUP)
UNAVAILABLE(ssize_t, listxattr, (const char *path, char *list, size_t size), ENOTSUP)
UNAVAILABLE(ssize_t, llistxattr, (const char *path, char *list, size_t size), ENOTSUP)
UNAVAILABLE(ssize_t, flistxattr, (int fd, char *list, size_t size), ENOTSUP)
UNAVAILABLE(int, setxattr,
            (const char *path, const char *name, const void *value, size_t size, int flags),
            ENOTSUP)
UNAVAILABLE(int, lsetxattr,
            (const char *path, const char *name, const void *value, size_t size, int flags),
            ENOTSUP)
UNAVAILABLE(int, fsetxattr, (int fd, const char *name, const void *value, size_t size, int flags),
            ENOTSUP)
UNAVAILABLE(int, removexattr, (const char *path, const char *name), ENOTSUP)

FILE *setmntent(const char *path, const char *mode) {
  (void)path;
  (void)mode;
  errno = ENOENT;
  return NULL;
}

struct mntent *getmntent(FILE *table) {
  (void)table;
  return NULL;
}

int endmntent(FILE *table) {
  (void)table;
  return 1;
}

int sysinfo(struct sysinfo *info) {
  memset(info, 0, sizeof *info);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  info->uptime = now.tv_sec;
  info->procs = 1;
  info->mem_unit = 1;
  return 0;
}

int get_nprocs(void) { return 1; }
int get_nprocs_conf(void) { return 1; }

void openlog(const char *name, int options, int facility) {
  (void)name;
  (void)options;
  (void)facility;
}

void closelog(void) {}

void syslog(int priority, const char *format, ...) {
  (void)priority;
  (void)format;
}

void vsyslog(int priority, const char *format, va_list list) {
  (void)priority;
  (void)format;
  (void)list;
}

/* A run's clock is UTC: there is no time zone to load. */
void tzset(void) {}
