/* examples/c/pause_menu.c: a small game loop in C. A world that keeps time, a HUD over it that
 * lets everything through (STRATA_TRANSPARENT), and a pause menu opened with Escape that keeps
 * the world drawn but frozen (STRATA_FREEZE). Keys reach the states top down until one consumes
 * them; the menu's Q clears the stack, which ends the loop. The input is scripted, so the
 * output is the same on every run. */
#include <stdio.h>
#include <strata/strata.h>

enum key { KEY_ESCAPE, KEY_Q };

/* The env: what every callback can reach. */
typedef struct game {
  double clock; /* seconds of play; stops while paused */
} game;

/* Both while on top and while covered: under the HUD the world still runs. */
static void world_tick(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)data;
  ((game*)env)->clock += dt;
}

static void world_draw(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)data;
  printf("  world: %.2f s\n", ((game*)env)->clock);
}

static void hud_draw(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  (void)data;
  printf("  hud: press Escape to pause\n");
}

static void menu_draw(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  (void)data;
  printf("  menu: Escape resumes, Q quits\n");
}

static int menu_event(strata_stack* stack, void* env, void* data, const void* event) {
  (void)env;
  (void)data;
  switch (*(const int*)event) {
  case KEY_ESCAPE: strata_pop(stack); return 1;
  case KEY_Q: strata_clear(stack); return 1;
  default: return 1; /* a menu swallows every key */
  }
}

/* name, enter, exit, pause, resume, active, inactive, draw, event, destroy, modality, focus,
 * unfocus, always, time_scale, arrive, leave, transition, draw_seen */
static const strata_state menu = {
    "menu",        NULL, NULL, NULL, NULL, NULL, NULL, menu_draw, menu_event, NULL,
    STRATA_FREEZE, NULL, NULL, NULL, 0.0f, 0.0f, 0.0f, 0,         NULL};

static int world_event(strata_stack* stack, void* env, void* data, const void* event) {
  (void)env;
  (void)data;
  if (*(const int*)event == KEY_ESCAPE) {
    /* A request: the menu enters at the commit that follows this event. */
    strata_push(stack, &menu, NULL);
    return 1;
  }
  return 0;
}

static const strata_state world = {
    "world",       NULL, NULL, NULL, NULL, world_tick, world_tick, world_draw, world_event, NULL,
    STRATA_SCREEN, NULL, NULL, NULL, 0.0f, 0.0f,       0.0f,       0,          NULL};
static const strata_state hud = {
    "hud", NULL, NULL, NULL, NULL, NULL, NULL, hud_draw, NULL, NULL, STRATA_TRANSPARENT,
    NULL,  NULL, NULL, 0.0f, 0.0f, 0.0f, 0,    NULL};

/* Prints every lifecycle step, as a debugging tool would. */
static void trace(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  (void)stack;
  (void)user;
  (void)depth;
  if (step >= STRATA_STEP_ENTER) {
    printf("  > %s %s\n", strata_step_name(step), name);
  }
}

int main(void) {
  /* The keys pressed in each frame: none, Escape, none, Escape, Escape, Q. */
  static const int escape = KEY_ESCAPE;
  static const int quit = KEY_Q;
  const void* script[6];
  size_t frame;
  char line[128];
  game state = {0.0};
  strata_stack* stack = NULL;
  script[0] = NULL;
  script[1] = &escape;
  script[2] = NULL;
  script[3] = &escape;
  script[4] = &escape;
  script[5] = &quit;

  if (strata_create(&stack, &state, NULL) != STRATA_OK) {
    return 1;
  }
  strata_set_observer(stack, trace, NULL);
  strata_push(stack, &world, NULL);
  strata_push(stack, &hud, NULL);

  for (frame = 0; frame < 6; ++frame) {
    printf("frame %lu\n", (unsigned long)(frame + 1));
    if (strata_frame_events(stack, 0.25, &script[frame], script[frame] != NULL ? 1 : 0) < 0) {
      fprintf(stderr, "%s\n", strata_last_error(stack));
      return 1;
    }
    strata_describe(stack, line, sizeof line);
    printf("  stack: %s\n", line);
  }

  strata_destroy(stack);
  return 0;
}
