/* Stands in for a shell: writes to both streams and exits with the status given after the script. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int status = argc > 2 ? atoi(argv[2]) : 0;
  printf("to stdout\n");
  fprintf(stderr, "to stderr, exiting with %d\n", status);
  return status;
}
