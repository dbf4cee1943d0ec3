/* The WASIX calls the glue layer uses, declared from Wasmer's WASIX ABI (import module
 * "wasix_32v1"); Debian's wasi-libc only knows WASI preview 1. */
#ifndef SKILLBOX_WASIX_H
#define SKILLBOX_WASIX_H

#include <stdint.h>
#include <wasi/api.h>

#define WASIX_IMPORT(name) __attribute__((__import_module__("wasix_32v1"), __import_name__(name)))

typedef struct {
  uint8_t tag; /* 0: any child, 1: the pid below */
  uint32_t pid;
} wasix_option_pid;

enum { WASIX_JOIN_NON_BLOCKING = 1, WASIX_JOIN_WAKE_STOPPED = 2 };
enum {
  WASIX_JOIN_NOTHING = 0,
  WASIX_JOIN_EXIT_NORMAL = 1,
  WASIX_JOIN_EXIT_SIGNAL = 2,
  WASIX_JOIN_STOPPED = 3,
};

typedef struct {
  uint8_t tag;
  union {
    uint16_t exit_normal;
    struct {
      uint16_t exit_code;
      uint8_t signal;
    } exit_signal;
    uint8_t stopped;
  } u;
} wasix_join_status;
_Static_assert(sizeof(wasix_join_status) == 6, "WASIX join status layout");

typedef struct {
  uint64_t user;
  uint64_t hash[2];
} wasix_stack_snapshot;
_Static_assert(sizeof(wasix_stack_snapshot) == 24, "WASIX stack snapshot layout");

int32_t wasix_proc_fork(int32_t copy_memory, uint32_t *pid) WASIX_IMPORT("proc_fork");
_Noreturn void wasix_proc_exit2(uint32_t code) WASIX_IMPORT("proc_exit2");
int32_t wasix_proc_exec3(const char *name, uint32_t name_len, const char *args, uint32_t args_len,
                         const char *envs, uint32_t envs_len, int32_t search_path,
                         const char *path, uint32_t path_len) WASIX_IMPORT("proc_exec3");
int32_t wasix_proc_join(wasix_option_pid *pid, uint32_t flags, wasix_join_status *status)
    WASIX_IMPORT("proc_join");
int32_t wasix_proc_signal(uint32_t pid, uint32_t signal) WASIX_IMPORT("proc_signal");
int32_t wasix_proc_id(uint32_t *pid) WASIX_IMPORT("proc_id");
int32_t wasix_fd_pipe(uint32_t *read_end, uint32_t *write_end) WASIX_IMPORT("fd_pipe");
int32_t wasix_fd_dup(uint32_t fd, uint32_t *copy) WASIX_IMPORT("fd_dup");
int32_t wasix_getcwd(char *path, uint32_t *path_len) WASIX_IMPORT("getcwd");
int32_t wasix_chdir(const char *path, uint32_t path_len) WASIX_IMPORT("chdir");
int32_t wasix_stack_checkpoint(wasix_stack_snapshot *snapshot, uint64_t *value)
    WASIX_IMPORT("stack_checkpoint");
_Noreturn void wasix_stack_restore(const wasix_stack_snapshot *snapshot, uint64_t value)
    WASIX_IMPORT("stack_restore");

/* Sets errno from a WASI errno (the same numbers in wasi-libc) and returns -1. */
int wasix_fail(int32_t error);

#endif
