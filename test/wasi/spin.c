/* Stands in for a runaway script: announces itself, then never ends. */
#include <stdio.h>

int main(void) {
  printf("spinning\n");
  fflush(stdout);
  volatile unsigned long counter = 0;
  for (;;) counter++;
}
