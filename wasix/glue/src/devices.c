/* The runtime lists /dev/null, /dev/zero and the other device files as empty regular files. Scripts
 * test them as character devices (`[ -c /dev/null ]`), and dash's noclobber (`set -C`) refuses to
 * write to a regular file that exists, so `set -C; cmd >/dev/null` failed with "File exists". The
 * runtime gives every path a stable inode of its own, so a status with the device and inode of a
 * device file, whether found by a path or by an open descriptor, is that device. */
#include <fcntl.h>
#include <stddef.h>

#include "devices.h"

static const char *const DEVICE_PATHS[] = {
    "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty",
};
#define DEVICE_COUNT (sizeof DEVICE_PATHS / sizeof *DEVICE_PATHS)

int __real_fstatat(int, const char *restrict, struct stat *restrict, int);

static struct {
  dev_t device;
  ino_t inode;
  int found;
} devices[DEVICE_COUNT];

static void find_devices(void) {
  static int done;
  if (done) return;
  done = 1;
  for (size_t i = 0; i < DEVICE_COUNT; i++) {
    struct stat info;
    if (__real_fstatat(AT_FDCWD, DEVICE_PATHS[i], &info, 0)) continue;
    devices[i].device = info.st_dev;
    devices[i].inode = info.st_ino;
    devices[i].found = 1;
  }
}

void present_device_type(struct stat *info) {
  if (!S_ISREG(info->st_mode) || info->st_size != 0 || info->st_ino == 0) return;
  find_devices();
  for (size_t i = 0; i < DEVICE_COUNT; i++) {
    if (devices[i].found && devices[i].device == info->st_dev &&
        devices[i].inode == info->st_ino) {
      info->st_mode = S_IFCHR | 0666;
      return;
    }
  }
}
