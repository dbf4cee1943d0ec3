/* Name resolution: a run has no network, so every lookup fails (src/unsupported.c). */
#ifndef SKILLBOX_WASIX_NETDB_H
#define SKILLBOX_WASIX_NETDB_H

#include <netinet/in.h>
#include <sys/socket.h>

#ifdef __cplusplus
extern "C" {
#endif

struct addrinfo {
  int ai_flags;
  int ai_family;
  int ai_socktype;
  int ai_protocol;
  socklen_t ai_addrlen;
  struct sockaddr *ai_addr;
  char *ai_canonname;
  struct addrinfo *ai_next;
};

struct hostent {
  char *h_name;
  char **h_aliases;
  int h_addrtype;
  int h_length;
  char **h_addr_list;
};

struct servent {
  char *s_name;
  char **s_aliases;
  int s_port;
  char *s_proto;
};

#define AI_PASSIVE 0x01
#define AI_CANONNAME 0x02
#define AI_NUMERICHOST 0x04
#define AI_NUMERICSERV 0x400
#define NI_NUMERICHOST 0x01
#define NI_NUMERICSERV 0x02
#define NI_NAMEREQD 0x08
#define NI_MAXHOST 255
#define NI_MAXSERV 32
#define EAI_AGAIN -3
#define EAI_FAIL -4
#define EAI_NONAME -2
#define EAI_SYSTEM -11

int getaddrinfo(const char *__restrict, const char *__restrict, const struct addrinfo *__restrict,
                struct addrinfo **__restrict);
void freeaddrinfo(struct addrinfo *);
const char *gai_strerror(int);
int getnameinfo(const struct sockaddr *__restrict, socklen_t, char *__restrict, socklen_t,
                char *__restrict, socklen_t, int);
struct hostent *gethostbyname(const char *);
struct servent *getservbyname(const char *, const char *);
struct servent *getservbyport(int, const char *);

#ifdef __cplusplus
}
#endif

#endif
