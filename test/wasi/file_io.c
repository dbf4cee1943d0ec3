/*
 * Stands in for a shell: starts in $PWD as a shell does, prints the script it was given, turns
 * data/input.txt into out/upper.txt and appends a line to log.txt.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static int copy_to_stdout(const char *path) {
  FILE *in = fopen(path, "r");
  if (!in) return -1;
  int c;
  while ((c = fgetc(in)) != EOF) putchar(c);
  fclose(in);
  return 0;
}

int main(int argc, char **argv) {
  const char *pwd = getenv("PWD");
  if (!pwd || chdir(pwd) != 0) {
    fprintf(stderr, "file_io: cannot enter $PWD\n");
    return 2;
  }
  if (argc < 2 || copy_to_stdout(argv[1]) != 0) {
    fprintf(stderr, "file_io: cannot read the script\n");
    return 3;
  }
  FILE *in = fopen("data/input.txt", "r");
  if (!in) {
    fprintf(stderr, "file_io: cannot read data/input.txt\n");
    return 4;
  }
  mkdir("out", 0755);
  FILE *out = fopen("out/upper.txt", "w");
  int c;
  while ((c = fgetc(in)) != EOF) fputc(toupper(c), out);
  fclose(in);
  fclose(out);
  FILE *log = fopen("log.txt", "a");
  fputs("appended by file_io\n", log);
  fclose(log);
  printf("done\n");
  return 0;
}
