/* mkstemp() and friends: Debian's wasi-libc declares them but does not build them. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/* Replaces the six X before `suffix` characters with random letters; -1 if they are missing. */
static int randomize(char *template, int suffix) {
  size_t length = strlen(template);
  if (suffix < 0 || length < 6 + (size_t)suffix) return -1;
  char *x = template + length - suffix - 6;
  if (memcmp(x, "XXXXXX", 6)) return -1;
  unsigned char bytes[6];
  arc4random_buf(bytes, sizeof bytes);
  for (int i = 0; i < 6; i++) x[i] = letters[bytes[i] % (sizeof letters - 1)];
  return 0;
}

int mkostemps(char *template, int suffix, int flags) {
  for (int attempt = 0; attempt < 100; attempt++) {
    if (randomize(template, suffix)) {
      errno = EINVAL;
      return -1;
    }
    int fd = open(template, O_RDWR | O_CREAT | O_EXCL | flags, 0600);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

int mkstemp(char *template) { return mkostemps(template, 0, 0); }
int mkostemp(char *template, int flags) { return mkostemps(template, 0, flags); }
int mkstemps(char *template, int suffix) { return mkostemps(template, suffix, 0); }

char *mkdtemp(char *template) {
  for (int attempt = 0; attempt < 100; attempt++) {
    if (randomize(template, 0)) {
      errno = EINVAL;
      return NULL;
    }
    if (!mkdir(template, 0700)) return template;
    if (errno != EEXIST) return NULL;
  }
  return NULL;
}

char *mktemp(char *template) {
  if (randomize(template, 0)) {
    errno = EINVAL;
    *template = '\0';
  }
  return template;
}
