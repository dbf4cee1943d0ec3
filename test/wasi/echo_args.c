/* Stands in for a shell: prints its arguments and the environment a script would see. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
  printf("argc=%d\n", argc - 1);
  for (int i = 1; i < argc; i++) printf("[%s]\n", argv[i]);
  const char *pwd = getenv("PWD");
  const char *params = getenv("SKILL_PARAMETERS");
  printf("PWD=%s\n", pwd ? pwd : "(unset)");
  printf("SKILL_PARAMETERS=%s\n", params ? params : "(unset)");
  return 0;
}
