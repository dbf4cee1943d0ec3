/* The run's home folder ($HOME, /home/user) exists, as on any machine a script runs on. The page
 * cannot create it (the SDK's file API reaches /workspace only), so the first process of a run
 * makes it; later processes find it there. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* After the working directory is set up (constructor priority 52). */
__attribute__((constructor(53))) static void make_home_folder(void) {
  const char *home = getenv("HOME");
  struct stat info;
  if (!home || home[0] != '/' || strlen(home) >= PATH_MAX || !stat(home, &info)) return;
  char path[PATH_MAX];
  strcpy(path, home);
  for (char *slash = strchr(path + 1, '/');; slash = strchr(slash + 1, '/')) {
    if (slash) *slash = '\0';
    if (mkdir(path, 0755) && errno != EEXIST) return;
    if (!slash) return;
    *slash = '/';
  }
}
