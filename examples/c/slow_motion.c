/* examples/c/slow_motion.c: focus, `always`, time scales and closing by id, from C. Music at the
 * bottom plays whatever covers it (`always`); the world's clock runs while it is updated; a
 * slow-motion overlay lets the world run at a quarter of the time (time_scale 0.25); a dialog
 * freezes it, a toast is pushed above the dialog, and the dialog is closed by its id, toast and
 * all. Each state says when it gets and loses the focus. The script is fixed, so the output is
 * the same on every run. */
#include <stdio.h>
#include <strata/strata.h>
#include <string.h>

/* The env: what every callback can reach. */
typedef struct game {
  double world; /* seconds the world has run */
  double music; /* seconds the music has played */
} game;

static void say(void* data, const char* what) {
  printf("  %s: %s\n", (const char*)data, what);
}

static void on_focus(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  say(data, "focus");
}

static void on_unfocus(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  say(data, "unfocus");
}

static void world_tick(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)data;
  ((game*)env)->world += dt;
}

static void music_tick(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)data;
  ((game*)env)->music += dt;
}

/* Every state's data is its name, which the callbacks print. */
static strata_state kind_of(strata_tick_fn update, unsigned modality, float time_scale) {
  strata_state kind;
  memset(&kind, 0, sizeof kind);
  kind.focus = on_focus;
  kind.unfocus = on_unfocus;
  kind.active = update;
  kind.inactive = update;
  kind.modality = modality;
  kind.time_scale = time_scale;
  return kind;
}

static strata_id push(strata_stack* stack, const strata_state* kind, const char* name) {
  strata_item item;
  strata_id id = STRATA_ID_NONE;
  memset(&item, 0, sizeof item);
  item.state = kind;
  item.data = (void*)name;
  item.name = name;
  if (strata_push_item_id(stack, &item, &id) != STRATA_OK) {
    fprintf(stderr, "%s\n", strata_last_error(stack));
  }
  return id;
}

static void frame(strata_stack* stack, const game* clocks, int number) {
  char line[128];
  printf("frame %d\n", number);
  if (strata_frame(stack, 1.0) != STRATA_OK) {
    fprintf(stderr, "%s\n", strata_last_error(stack));
  }
  strata_describe(stack, line, sizeof line);
  printf("  stack: %s; world %.2f s, music %.2f s\n", line, clocks->world, clocks->music);
}

int main(void) {
  static strata_state music, world, slow, dialog, toast;
  game clocks = {0.0, 0.0};
  strata_stack* stack = NULL;
  strata_id dialog_id;
  int closed = 0;
  music = kind_of(NULL, STRATA_TRANSPARENT, 0.0f);
  music.always = music_tick; /* each update, whatever covers it */
  world = kind_of(world_tick, STRATA_SCREEN, 0.0f);
  slow = kind_of(NULL, STRATA_LIVE, 0.25f); /* the world below runs at a quarter */
  dialog = kind_of(NULL, STRATA_FREEZE, 0.0f);
  toast = kind_of(NULL, STRATA_TRANSPARENT, 0.0f);
  if (strata_create(&stack, &clocks, NULL) != STRATA_OK) {
    return 1;
  }

  push(stack, &music, "music");
  push(stack, &world, "world");
  frame(stack, &clocks, 1);
  push(stack, &slow, "slow motion");
  frame(stack, &clocks, 2);
  frame(stack, &clocks, 3);
  strata_pop(stack);
  dialog_id = push(stack, &dialog, "dialog");
  push(stack, &toast, "toast");
  frame(stack, &clocks, 4);
  strata_close(stack, dialog_id, &closed); /* the toast above it goes too */
  printf("closed the dialog: %d\n", closed);
  frame(stack, &clocks, 5);
  strata_close(stack, dialog_id, &closed); /* gone already: closes nothing */
  printf("closed the dialog again: %d\n", closed);

  strata_destroy(stack);
  return 0;
}
