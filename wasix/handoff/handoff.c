/* `python3 ARGS…`, `python …` and `node ARGS…` inside a dash script: the program runs on the
 * sandbox's Python or JavaScript runtime (the worker reads the command line as the interpreter
 * would: a script, `-c`/`-e` code, or code on stdin), with this program's input if it reads it. `jq
 * ARGS…` runs on the built-in shell engine's jq, which agrees with jq on the shell corpus (Debian's
 * jq 1.6 needs pthreads and libtool to build), with the input this program read from its stdin.
 * The shell worker answers requests this program leaves in HANDOFF_DIR (workers/shell/handoff.ts):
 * it runs the program against the working files as they are now, writes back what it wrote, and
 * leaves the output and the exit status for this program to print and exit with. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define HANDOFF_DIR "/workspace/.skillbox-handoff"

/* One line per field, backslash and newline escaped, so any argument survives. */
static void write_field(FILE *out, const char *text) {
  for (const char *c = text; *c; c++) {
    if (*c == '\\') fputs("\\\\", out);
    else if (*c == '\n') fputs("\\n", out);
    else fputc(*c, out);
  }
  fputc('\n', out);
}

/* Copies everything `in` reads to `out`; 0, or -1 when a write fails. */
static int copy_all(int in, int out) {
  static char buffer[65536];
  ssize_t got;
  while ((got = read(in, buffer, sizeof buffer)) > 0) {
    for (ssize_t done = 0; done < got;) {
      ssize_t wrote = write(out, buffer + done, (size_t)(got - done));
      if (wrote <= 0) return -1;
      done += wrote;
    }
  }
  return 0;
}

/* Copies a file's bytes to a descriptor; a missing file is no output. */
static void copy_out(const char *path, int fd) {
  int in = open(path, O_RDONLY);
  if (in < 0) return;
  copy_all(in, fd);
  close(in);
  unlink(path);
}

/* Whether jq will read its input from stdin: with `-`, or unless -n or input files (every operand
 * after the filter; the values of --arg and its kind are not operands) say otherwise. */
static int jq_reads_stdin(int argc, char **argv) {
  int operands = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--")) {
      operands += argc - i - 1;
      break;
    }
    if (!strcmp(arg, "--args") || !strcmp(arg, "--jsonargs")) break;
    if (!strcmp(arg, "--arg") || !strcmp(arg, "--argjson") || !strcmp(arg, "--slurpfile") ||
        !strcmp(arg, "--rawfile") || !strcmp(arg, "--argfile")) {
      i += 2;
    } else if (!strcmp(arg, "--indent") || !strcmp(arg, "-L")) {
      i += 1;
    } else if (!strcmp(arg, "--null-input")) {
      return 0;
    } else if (arg[0] == '-' && arg[1] && arg[1] != '-') {
      if (strchr(arg, 'n')) return 0;
    } else if (!strcmp(arg, "-")) {
      return 1;
    } else if (arg[0] != '-') {
      operands++;
    }
  }
  return operands <= 1;
}

/* Copies all of stdin to a new file. */
static int save_stdin(const char *path) {
  int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0) return -1;
  int copied = copy_all(STDIN_FILENO, out);
  return close(out) || copied;
}

/* An interpreter's input, asked for only by a program that reads stdin (the worker decides): all
 * of a pipe, as a reading program would take it; a file's rest from where the shell is, left there
 * (a `while read` loop goes on as for a program that read nothing); nothing from a terminal.
 * Written aside, then renamed into place whole. */
static void hand_over_stdin(const char *writing, const char *ready) {
  struct stat info;
  /* WASIX reports a pipe as no file type at all: anything but a terminal or a folder is input. */
  int given = !fstat(STDIN_FILENO, &info) && !S_ISCHR(info.st_mode) && !S_ISDIR(info.st_mode);
  off_t at = given && S_ISREG(info.st_mode) ? lseek(STDIN_FILENO, 0, SEEK_CUR) : -1;
  if (!given || save_stdin(writing)) close(open(writing, O_WRONLY | O_CREAT | O_TRUNC, 0600));
  if (at >= 0) lseek(STDIN_FILENO, at, SEEK_SET);
  rename(writing, ready);
}

int main(int argc, char **argv) {
  const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  int jq = !strcmp(name, "jq");
  const char *kind = jq ? "jq" : strcmp(name, "node") ? "python" : "javascript";
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return 2;
  mkdir(HANDOFF_DIR, 0700);
  char base[64], temporary[128], request[128], path[128];
  snprintf(base, sizeof base, HANDOFF_DIR "/%d", (int)getpid());
  snprintf(temporary, sizeof temporary, "%s.writing", base);
  snprintf(request, sizeof request, "%s.request", base);
  snprintf(path, sizeof path, "%s.stdin", base);
  if (jq && jq_reads_stdin(argc, argv) && save_stdin(path)) {
    fprintf(stderr, "jq: cannot read stdin: %s\n", strerror(errno));
    return 2;
  }
  FILE *out = fopen(temporary, "w");
  if (!out) {
    fprintf(stderr, "%s: cannot reach the %s runtime: %s\n", name, kind, strerror(errno));
    return 2;
  }
  /* The name it was called by, the directory it runs in, then its arguments as given. */
  write_field(out, name);
  write_field(out, cwd);
  for (int i = 1; i < argc; i++) write_field(out, argv[i]);
  fclose(out);
  /* Renamed into place whole, so the worker never reads half a request. */
  if (rename(temporary, request)) return 2;

  char want[128], writing[128], ready[128];
  snprintf(want, sizeof want, "%s.want-stdin", base);
  snprintf(writing, sizeof writing, "%s.stdin.writing", base);
  snprintf(ready, sizeof ready, "%s.stdin", base);
  snprintf(path, sizeof path, "%s.status", base);
  struct stat info;
  const struct timespec wait = {.tv_nsec = 5 * 1000 * 1000};
  while (stat(path, &info)) {
    if (!jq && !stat(want, &info)) {
      unlink(want);
      hand_over_stdin(writing, ready);
    }
    nanosleep(&wait, NULL);
  }
  int status = 1;
  FILE *done = fopen(path, "r");
  if (done) {
    if (fscanf(done, "%d", &status) != 1) status = 1;
    fclose(done);
  }
  unlink(path);
  snprintf(path, sizeof path, "%s.stdout", base);
  copy_out(path, STDOUT_FILENO);
  snprintf(path, sizeof path, "%s.stderr", base);
  copy_out(path, STDERR_FILENO);
  return status;
}
