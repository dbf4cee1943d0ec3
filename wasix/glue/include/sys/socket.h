/* The socket calls Debian's wasi-libc leaves out of <sys/socket.h>. A run has no network: they
 * fail with ENETUNREACH or EAFNOSUPPORT (src/unsupported.c). */
#include_next <sys/socket.h>

#ifndef SKILLBOX_WASIX_SYS_SOCKET_H
#define SKILLBOX_WASIX_SYS_SOCKET_H

#ifdef __cplusplus
extern "C" {
#endif

int socket(int, int, int);
int socketpair(int, int, int, int[2]);
int bind(int, const struct sockaddr *, socklen_t);
int connect(int, const struct sockaddr *, socklen_t);
int listen(int, int);
int setsockopt(int, int, int, const void *, socklen_t);
int getsockopt(int, int, int, void *__restrict, socklen_t *__restrict);
int getsockname(int, struct sockaddr *__restrict, socklen_t *__restrict);
int getpeername(int, struct sockaddr *__restrict, socklen_t *__restrict);
ssize_t sendto(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
ssize_t recvfrom(int, void *__restrict, size_t, int, struct sockaddr *__restrict,
                 socklen_t *__restrict);

#ifndef SO_REUSEADDR
#define SO_REUSEADDR 2
#endif

#ifdef __cplusplus
}
#endif

#endif
