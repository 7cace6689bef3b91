/* examples/c/classic.c: strata from C in the classic "init / update / destroy" style. Two
 * states: a background that never updates and a level that does. Push the first, run a frame,
 * push the second, run a frame, pop, run a frame, destroy the stack. Prints:
 *   background created
 *   level created
 *   level update
 *   level destroyed
 *   background destroyed
 * The level is on top during the second frame, so it alone updates; the pop exits it at the
 * third frame, and destroying the stack exits the background. */
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>

/* The data of one pushed state. */
typedef struct scene {
  const char* name;
} scene;

static void scene_init(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  printf("%s created\n", ((scene*)data)->name);
}

static void scene_update(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)env;
  (void)dt;
  printf("%s update\n", ((scene*)data)->name);
}

static void scene_destroy(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  printf("%s destroyed\n", ((scene*)data)->name);
}

/* The destroy callback: releases a scene's memory. (C's free() takes no env.) */
static void scene_free(void* env, void* data) {
  (void)env;
  free(data);
}

/* The members in order (C89 has no designated initializers); scene_free releases the scene once
 * the stack drops the state. */
static const strata_state background = {
    "background",  /* name */
    scene_init,    /* enter */
    scene_destroy, /* exit */
    NULL,          /* pause */
    NULL,          /* resume */
    NULL,          /* active */
    NULL,          /* inactive */
    NULL,          /* draw */
    NULL,          /* event */
    scene_free,    /* destroy */
    0,             /* modality */
    NULL,          /* focus */
    NULL,          /* unfocus */
    NULL,          /* always */
    0.0f,          /* time_scale */
    0.0f,          /* arrive */
    0.0f,          /* leave */
    0,             /* transition */
    NULL,          /* draw_seen */
};
static const strata_state level = {
    "level",       /* name */
    scene_init,    /* enter */
    scene_destroy, /* exit */
    NULL,          /* pause */
    NULL,          /* resume */
    scene_update,  /* active */
    NULL,          /* inactive */
    NULL,          /* draw */
    NULL,          /* event */
    scene_free,    /* destroy */
    0,             /* modality */
    NULL,          /* focus */
    NULL,          /* unfocus */
    NULL,          /* always */
    0.0f,          /* time_scale */
    0.0f,          /* arrive */
    0.0f,          /* leave */
    0,             /* transition */
    NULL,          /* draw_seen */
};

static scene* new_scene(const char* name) {
  scene* made = (scene*)malloc(sizeof *made);
  if (made == NULL) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  made->name = name;
  return made;
}

static int check(int result, strata_stack* stack) {
  if (result < 0) {
    fprintf(stderr, "%s\n", strata_last_error(stack));
    exit(1);
  }
  return result;
}

int main(void) {
  const double dt = 1.0 / 60.0;
  strata_stack* stack = NULL;
  check(strata_create(&stack, NULL, NULL), stack);

  check(strata_push(stack, &background, new_scene("background")), stack);
  check(strata_frame(stack, dt), stack);
  check(strata_push(stack, &level, new_scene("level")), stack);
  check(strata_frame(stack, dt), stack);
  check(strata_pop(stack), stack);
  check(strata_frame(stack, dt), stack);

  check(strata_destroy(stack), NULL);
  return 0;
}
