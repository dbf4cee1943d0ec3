#ifndef SKILLBOX_DIRECTORY_PATHS_H
#define SKILLBOX_DIRECTORY_PATHS_H

/* After open(at)() returned `fd` for `path` (relative to `directory` or the working directory):
 * remembers its path if it is a directory. */
void remember_directory(int fd, int directory, const char *path);
/* After close(`fd`). */
void forget_directory(int fd);
/* After `to` became a copy of `from` (dup, dup2, F_DUPFD). */
void copy_directory(int from, int to);

#endif
