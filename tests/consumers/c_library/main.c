/* The program the C library's consumer tests build outside strata's build, in C89 and with the
 * C compiler alone: one stack, one state, one frame, then the stack's destruction. It prints what
 * tests/consumers/app/main.cpp prints, which run_c_consumer.cmake compares. */
#include <stdio.h>
#include <strata/strata.h>
#include <string.h>

static char trace[64];

static void greeter_enter(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  (void)data;
  strcat(trace, "enter ");
}
static void greeter_update(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)env;
  (void)data;
  (void)dt;
  strcat(trace, "update ");
}
static void greeter_exit(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  (void)data;
  strcat(trace, "exit");
}

int main(void) {
  strata_state greeter;
  strata_stack* stack = NULL;
  char described[64];
  memset(&greeter, 0, sizeof greeter);
  greeter.name = "greeter";
  greeter.enter = greeter_enter;
  greeter.active = greeter_update;
  greeter.exit = greeter_exit;
  if (strata_version() != STRATA_VERSION || strata_create(&stack, NULL, NULL) < 0 ||
      strata_push(stack, &greeter, NULL) < 0 || strata_frame(stack, 1.0 / 60.0) < 0 ||
      strata_describe(stack, described, sizeof described) < 0 || strata_destroy(stack) < 0) {
    fputs("the C API failed\n", stderr);
    return 1;
  }
  printf("%s\n%s\n", described, trace);
  return 0;
}
