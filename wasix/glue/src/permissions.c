/* Files here carry no permission bits and no owners (WASI has neither). Every file is presented as
 * the sandbox user's, with the modes a fresh checkout has (directories and commands 0755, other
 * files 0644), and changing them succeeds without effect, as `chmod +x` in a script expects. */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devices.h"
#include "permissions.h"

enum { SANDBOX_USER = 1000 };

void present_ownership(struct stat *info) {
  mode_t type = info->st_mode & S_IFMT;
  mode_t bits = type == S_IFDIR || type == S_IFLNK ? 0755 : 0644;
  if (type == S_IFLNK) bits = 0777;
  info->st_mode = type | bits;
  info->st_uid = SANDBOX_USER;
  info->st_gid = SANDBOX_USER;
}

static int is_command(int directory, const char *path) {
  return directory == AT_FDCWD && (!strncmp(path, "/bin/", 5) || !strncmp(path, "/usr/bin/", 9));
}

/* What every status found by a path shows (wasi-libc's stat() and lstat() do not go through
 * fstatat(), so all three are wrapped). */
static int present(int result, int directory, const char *path, struct stat *info) {
  if (!result) {
    present_ownership(info);
    present_device_type(info);
    if (is_command(directory, path) && S_ISREG(info->st_mode)) info->st_mode |= 0111;
  }
  return result;
}

int __real_fstatat(int, const char *restrict, struct stat *restrict, int);
int __wrap_fstatat(int directory, const char *restrict path, struct stat *restrict info,
                   int flags) {
  return present(__real_fstatat(directory, path, info, flags), directory, path, info);
}

int __real_stat(const char *restrict, struct stat *restrict);
int __wrap_stat(const char *restrict path, struct stat *restrict info) {
  return present(__real_stat(path, info), AT_FDCWD, path, info);
}

int __real_lstat(const char *restrict, struct stat *restrict);
int __wrap_lstat(const char *restrict path, struct stat *restrict info) {
  return present(__real_lstat(path, info), AT_FDCWD, path, info);
}

static int exists(int directory, const char *path, int flags) {
  struct stat info;
  return fstatat(directory, path, &info, flags);
}

int chmod(const char *path, mode_t mode) {
  (void)mode;
  return exists(AT_FDCWD, path, 0);
}

int fchmod(int fd, mode_t mode) {
  (void)mode;
  struct stat info;
  return fstat(fd, &info);
}

int fchmodat(int directory, const char *path, mode_t mode, int flags) {
  (void)mode;
  return exists(directory, path, flags);
}

int lchmod(const char *path, mode_t mode) {
  (void)mode;
  return exists(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW);
}

int chown(const char *path, uid_t user, gid_t group) {
  (void)user;
  (void)group;
  return exists(AT_FDCWD, path, 0);
}

int fchown(int fd, uid_t user, gid_t group) {
  (void)user;
  (void)group;
  struct stat info;
  return fstat(fd, &info);
}

int lchown(const char *path, uid_t user, gid_t group) {
  (void)user;
  (void)group;
  return exists(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW);
}

int fchownat(int directory, const char *path, uid_t user, gid_t group, int flags) {
  (void)user;
  (void)group;
  return exists(directory, path, flags);
}
