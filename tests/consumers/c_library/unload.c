/* Loads the shared strata_c with dlopen(), calls it, and unloads it: after dlclose() the library
 * must be gone from the process (a symbol the C++ runtime marks as unique across libraries would
 * pin it). Usage: unload <path of libstrata_c.so>. */
#define _GNU_SOURCE /* RTLD_NOLOAD */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef int (*version_fn)(void);

int main(int argc, char** argv) {
  void* library;
  void* symbol;
  version_fn version;
  if (argc != 2) {
    fputs("usage: unload <libstrata_c.so>\n", stderr);
    return 2;
  }
  library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  symbol = dlsym(library, "strata_version");
  if (symbol == NULL) {
    fprintf(stderr, "dlsym: %s\n", dlerror());
    return 1;
  }
  /* C89 has no cast from an object pointer to a function pointer; copy the bits. */
  memcpy(&version, &symbol, sizeof version);
  if (version() <= 0 || dlclose(library) != 0) {
    fputs("calling or closing the library failed\n", stderr);
    return 1;
  }
  if (dlopen(argv[1], RTLD_NOW | RTLD_NOLOAD) != NULL) {
    fputs("the library is still loaded after dlclose()\n", stderr);
    return 1;
  }
  puts("unloaded");
  return 0;
}
