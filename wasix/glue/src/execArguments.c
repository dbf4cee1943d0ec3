/* Carries arguments and environment variables across exec, which the runtime's own lists cannot:
 * it passes both newline-separated, drops an empty last item, takes only UTF-8, and adds every
 * variable the run's first process was started with to the ones a program passes on (so an unset
 * variable came back in the next program). The sender escapes both lists, and the table of its
 * user descriptors 3-9 (descriptors.c), into __SKILLBOX_EXEC (backslash escapes, "\xHH" for each
 * byte past ASCII, "\," ends an item, "\;" ends a list); the receiving program's glue layer hands
 * wasi-libc the decoded lists in place of the runtime's and takes the descriptor table. */
#include <stdlib.h>
#include <string.h>
#include <wasi/api.h>

#include "descriptors.h"
#include "execArguments.h"

#define CARRIER "__SKILLBOX_EXEC="


int is_utf8(const char *text) {
  const unsigned char *c = (const unsigned char *)text;
  while (*c) {
    unsigned char lead = *c++;
    int more;
    unsigned char low = 0x80, high = 0xBF;
    if (lead < 0x80) continue;
    if (lead >= 0xC2 && lead <= 0xDF) more = 1;
    else if (lead >= 0xE0 && lead <= 0xEF) more = 2;
    else if (lead >= 0xF0 && lead <= 0xF4) more = 3;
    else return 0;
    /* No overlong forms, no surrogates, nothing past U+10FFFF. */
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
    for (int i = 0; i < more; i++, c++) {
      if (*c < low || *c > high) return 0;
      low = 0x80, high = 0xBF;
    }
  }
  return 1;
}

static size_t escaped_size(char *const list[]) {
  size_t size = 0;
  for (char *const *item = list; item && *item; item++) size += 4 * strlen(*item) + 2;
  return size;
}

static char *escape_list(char *out, char *const list[]) {
  static const char hex[] = "0123456789abcdef";
  for (char *const *item = list; item && *item; item++) {
    for (const unsigned char *c = (const unsigned char *)*item; *c; c++) {
      if (*c == '\\') *out++ = '\\', *out++ = '\\';
      else if (*c == '\n') *out++ = '\\', *out++ = 'n';
      else if (*c < 0x80) *out++ = (char)*c;
      else *out++ = '\\', *out++ = 'x', *out++ = hex[*c >> 4], *out++ = hex[*c & 15];
    }
    *out++ = '\\';
    *out++ = ',';
  }
  return out;
}

/* Every exec sends both lists whole: the runtime's variable of the same name replaces the one
 * this process received, and a program's environment is exactly the envp it was given. */
char **exec_environment(char *const argv[], char *const envp[]) {
  size_t count = 0;
  while (envp && envp[count]) count++;
  char **descriptors = shadowed_descriptors();
  char **copy = malloc((count + 2) * sizeof *copy);
  char *carrier = malloc(strlen(CARRIER) + escaped_size(argv) + escaped_size(envp) +
                         escaped_size(descriptors) + 5);
  if (!copy || !carrier) return free(copy), free(carrier), NULL;
  char *end = stpcpy(carrier, CARRIER);
  end = escape_list(end, argv);
  end = stpcpy(end, "\\;");
  end = escape_list(end, envp);
  end = stpcpy(end, "\\;");
  end = escape_list(end, descriptors);
  *end = '\0';
  memcpy(copy, envp, count * sizeof *copy);
  copy[count] = carrier;
  copy[count + 1] = NULL;
  return copy;
}

void free_exec_environment(char **environment, char *const envp[]) {
  if (!environment || environment == (char **)envp) return;
  for (size_t i = 0; environment[i]; i++) {
    if (!strncmp(environment[i], CARRIER, strlen(CARRIER))) free(environment[i]);
  }
  free(environment);
}

static int hex_digit(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Decodes one list from `*in` into a NULL-terminated array; stops after "\;" or at the end. */
static char **decode_list(const char **in, size_t *count, size_t *bytes) {
  size_t capacity = 8;
  char **list = malloc(capacity * sizeof *list);
  char *item = malloc(strlen(*in) + 1), *out = item;
  *count = *bytes = 0;
  if (!list || !item) return NULL;
  const char *c = *in;
  for (; *c; c++) {
    if (*c != '\\' || !c[1]) {
      *out++ = *c;
      continue;
    }
    char next = *++c;
    if (next == ';') {
      c++;
      break;
    }
    if (next == 'x' && hex_digit(c[1]) >= 0 && hex_digit(c[2]) >= 0) {
      *out++ = (char)(hex_digit(c[1]) << 4 | hex_digit(c[2]));
      c += 2;
      continue;
    }
    if (next != ',') {
      *out++ = next == 'n' ? '\n' : next;
      continue;
    }
    *out = '\0';
    if (*count + 2 > capacity) list = realloc(list, (capacity *= 2) * sizeof *list);
    list[(*count)++] = strdup(item);
    *bytes += (size_t)(out - item) + 1;
    out = item;
  }
  *in = c;
  free(item);
  list[*count] = NULL;
  return list;
}

/* The lists the runtime gave this process, or the ones carried in __SKILLBOX_EXEC. wasi-libc
 * reads both through the four calls below before main() (wrapped with the linker's --wrap). */
static struct {
  int decided;
  char **argv, **env;
  size_t argc, argv_bytes, envc, env_bytes;
} carried;

__wasi_errno_t __real___wasi_environ_sizes_get(__wasi_size_t *, __wasi_size_t *);
__wasi_errno_t __real___wasi_environ_get(uint8_t **, uint8_t *);

static void decide(void) {
  if (carried.decided) return;
  carried.decided = 1;
  __wasi_size_t count, size;
  if (__real___wasi_environ_sizes_get(&count, &size)) return;
  uint8_t **entries = malloc((count + 1) * sizeof *entries);
  uint8_t *buffer = malloc(size);
  if (!entries || !buffer || __real___wasi_environ_get(entries, buffer)) return;
  for (__wasi_size_t i = 0; i < count; i++) {
    const char *entry = (const char *)entries[i];
    if (strncmp(entry, CARRIER, strlen(CARRIER))) continue;
    const char *cursor = entry + strlen(CARRIER);
    carried.argv = decode_list(&cursor, &carried.argc, &carried.argv_bytes);
    carried.env = decode_list(&cursor, &carried.envc, &carried.env_bytes);
    size_t descriptor_count, descriptor_bytes;
    char **descriptors = decode_list(&cursor, &descriptor_count, &descriptor_bytes);
    adopt_shadowed_descriptors(descriptors);
    for (size_t d = 0; d < descriptor_count; d++) free(descriptors[d]);
    free(descriptors);
    break;
  }
  free(entries);
  free(buffer);
}

static __wasi_errno_t list_sizes(size_t count, size_t bytes, __wasi_size_t *out_count,
                                 __wasi_size_t *out_bytes) {
  *out_count = (__wasi_size_t)count;
  *out_bytes = (__wasi_size_t)bytes;
  return __WASI_ERRNO_SUCCESS;
}

static __wasi_errno_t list_copy(char **list, uint8_t **pointers, uint8_t *buffer) {
  for (size_t i = 0; list[i]; i++) {
    size_t size = strlen(list[i]) + 1;
    memcpy(buffer, list[i], size);
    pointers[i] = buffer;
    buffer += size;
  }
  return __WASI_ERRNO_SUCCESS;
}

__wasi_errno_t __real___wasi_args_sizes_get(__wasi_size_t *, __wasi_size_t *);
__wasi_errno_t __wrap___wasi_args_sizes_get(__wasi_size_t *count, __wasi_size_t *bytes) {
  decide();
  if (!carried.argv) return __real___wasi_args_sizes_get(count, bytes);
  return list_sizes(carried.argc, carried.argv_bytes, count, bytes);
}

__wasi_errno_t __real___wasi_args_get(uint8_t **, uint8_t *);
__wasi_errno_t __wrap___wasi_args_get(uint8_t **pointers, uint8_t *buffer) {
  decide();
  if (!carried.argv) return __real___wasi_args_get(pointers, buffer);
  return list_copy(carried.argv, pointers, buffer);
}

__wasi_errno_t __wrap___wasi_environ_sizes_get(__wasi_size_t *count, __wasi_size_t *bytes) {
  decide();
  if (!carried.env) return __real___wasi_environ_sizes_get(count, bytes);
  return list_sizes(carried.envc, carried.env_bytes, count, bytes);
}

__wasi_errno_t __wrap___wasi_environ_get(uint8_t **pointers, uint8_t *buffer) {
  decide();
  if (!carried.env) return __real___wasi_environ_get(pointers, buffer);
  return list_copy(carried.env, pointers, buffer);
}
