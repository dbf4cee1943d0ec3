/* setjmp/longjmp as WASIX stack snapshots: the runtime records the call stack (through asyncify)
 * at setjmp and rewinds to it at longjmp, returning the value a second time. */
#include <setjmp.h>

#include "wasix.h"

int setjmp(jmp_buf env) {
  uint64_t value = 0;
  if (wasix_stack_checkpoint((wasix_stack_snapshot *)env[0].snapshot, &value)) return 0;
  return (int)value;
}

_Noreturn void longjmp(jmp_buf env, int value) {
  wasix_stack_restore((const wasix_stack_snapshot *)env[0].snapshot, value ? (uint64_t)value : 1);
}
