/* `python3 FILE ARGS…`, `python …` and `node FILE ARGS…` inside a dash script: the script runs on
 * the sandbox's Python or JavaScript runtime. The shell worker answers requests this program
 * leaves in HANDOFF_DIR (workers/shell/handoff.ts): it runs the script against the working files
 * as they are now, writes back what it wrote, and leaves the output and the exit status for this
 * program to print and exit with. */
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

/* Copies a file's bytes to a descriptor; a missing file is no output. */
static void copy_out(const char *path, int fd) {
  int in = open(path, O_RDONLY);
  if (in < 0) return;
  char buffer[65536];
  ssize_t got;
  while ((got = read(in, buffer, sizeof buffer)) > 0) {
    for (ssize_t done = 0; done < got;) {
      ssize_t wrote = write(fd, buffer + done, (size_t)(got - done));
      if (wrote <= 0) break;
      done += wrote;
    }
  }
  close(in);
  unlink(path);
}

int main(int argc, char **argv) {
  const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  const char *language = strcmp(name, "node") ? "python" : "javascript";
  if (argc < 2 || argv[1][0] == '-') {
    fprintf(stderr, "%s: only '%s FILE [ARGS...]' is available in the sandbox\n", name, name);
    return 2;
  }
  char script[PATH_MAX];
  if (argv[1][0] == '/') {
    snprintf(script, sizeof script, "%s", argv[1]);
  } else {
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return 2;
    snprintf(script, sizeof script, "%s/%s", cwd, argv[1]);
  }
  mkdir(HANDOFF_DIR, 0700);
  char base[64], temporary[128], request[128], path[128];
  snprintf(base, sizeof base, HANDOFF_DIR "/%d", (int)getpid());
  snprintf(temporary, sizeof temporary, "%s.writing", base);
  snprintf(request, sizeof request, "%s.request", base);
  FILE *out = fopen(temporary, "w");
  if (!out) {
    fprintf(stderr, "%s: cannot reach the %s runtime: %s\n", name, language, strerror(errno));
    return 2;
  }
  write_field(out, language);
  write_field(out, script);
  for (int i = 2; i < argc; i++) write_field(out, argv[i]);
  fclose(out);
  /* Renamed into place whole, so the worker never reads half a request. */
  if (rename(temporary, request)) return 2;

  snprintf(path, sizeof path, "%s.status", base);
  struct stat info;
  const struct timespec wait = {.tv_nsec = 5 * 1000 * 1000};
  while (stat(path, &info)) nanosleep(&wait, NULL);
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
