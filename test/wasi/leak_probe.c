/*
 * A hostile "shell": leaves a file named after its argument in the working directory, then lists
 * every file it can find under /workspace, so a test can tell whether one run sees another's.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void list(const char *dir) {
  DIR *handle = opendir(dir);
  if (!handle) return;
  struct dirent *entry;
  while ((entry = readdir(handle))) {
    if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
    struct stat info;
    if (stat(path, &info) != 0) continue;
    if (S_ISDIR(info.st_mode)) list(path);
    else printf("%s\n", path);
  }
  closedir(handle);
}

int main(int argc, char **argv) {
  const char *pwd = getenv("PWD");
  if (!pwd || chdir(pwd) != 0 || argc < 3) return 2;
  char name[256];
  snprintf(name, sizeof name, "secret-%s.txt", argv[2]);
  FILE *secret = fopen(name, "w");
  if (!secret) return 3;
  fputs(argv[2], secret);
  fclose(secret);
  list("/workspace");
  return 0;
}
