/* Stands in for a runaway script: announces itself (one write, no stdio buffering), then never ends. */
#include <unistd.h>

int main(void) {
  write(1, "spinning\n", 9);
  volatile unsigned long counter = 0;
  for (;;) counter++;
}
