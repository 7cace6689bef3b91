/* examples/c/save_and_continue.c: quitting mid-level and continuing there, from C (R34,
 * strata_save.h). A boot state that the game makes itself holds the audio; above it the world map
 * and a level with its score. Quitting saves the stack above the boot state as text; the next
 * run makes its own boot state and restores the rest above it, and the ordinary callbacks run.
 * A second restore, of a deep link written by hand, starts at level 7. The script is fixed, so
 * the output is the same on every run. */
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>
#include <strata/strata_save.h>
#include <string.h>

/* The data of every state: its name, and a level's number and score. */
typedef struct place {
  const char* name;
  strata_int level;
  strata_int score;
} place;

static place* new_place(const char* name, strata_int level) {
  place* p = (place*)calloc(1, sizeof(place));
  if (p != NULL) {
    p->name = name;
    p->level = level;
  }
  return p;
}

static void say(void* data, const char* what) {
  const place* p = (const place*)data;
  if (p->level > 0) {
    printf("  %s %ld: %s\n", p->name, (long)p->level, what);
  } else {
    printf("  %s: %s\n", p->name, what);
  }
}

static void on_enter(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  say(data, "enter");
}

static void on_exit(strata_stack* stack, void* env, void* data) {
  (void)stack;
  (void)env;
  say(data, "exit");
}

static void release(void* env, void* data) {
  (void)env;
  free(data);
}

/* A level scores a point a second. */
static void level_tick(strata_stack* stack, void* env, void* data, double dt) {
  (void)stack;
  (void)env;
  ((place*)data)->score += (strata_int)dt;
}

static void save_level(void* env, const void* data, strata_record* out) {
  const place* p = (const place*)data;
  (void)env;
  strata_record_set_int(out, "number", p->level);
  strata_record_set_int(out, "score", p->score);
}

static void* load_level(void* env, strata_record* saved) {
  place* p = new_place("level", 0);
  (void)env;
  if (p == NULL) {
    return NULL;
  }
  strata_record_int(saved, "number", &p->level); /* a missing number refuses the restore */
  if (strata_record_has(saved, "score")) {       /* a deep link may leave it out */
    strata_record_int(saved, "score", &p->score);
  }
  return p;
}

static void* load_map(void* env, strata_record* saved) {
  (void)env;
  (void)saved;
  return new_place("map", 0);
}

static strata_state kind_of(const char* name, strata_tick_fn update) {
  strata_state kind;
  memset(&kind, 0, sizeof kind);
  kind.name = name;
  kind.enter = on_enter;
  kind.exit = on_exit;
  kind.active = update;
  kind.destroy = release;
  return kind;
}

static strata_state boot, map, level;

static strata_stack* start(void) {
  strata_stack* stack = NULL;
  if (strata_create(&stack, NULL, NULL) != STRATA_OK) {
    exit(1);
  }
  strata_push(stack, &boot, new_place("boot", 0));
  return stack;
}

static void show(strata_stack* stack) {
  char line[128];
  strata_describe(stack, line, sizeof line);
  printf("  stack: %s\n", line);
}

static void report(strata_stack* stack, int result) {
  if (result != STRATA_OK) {
    printf("  refused: %s\n", strata_last_error(stack));
  }
}

int main(void) {
  static const char* const deep_link = "map\nlevel number=7\n";
  static strata_savable saved_kinds[2];
  strata_save_types* types = NULL;
  strata_stack* stack = NULL;
  char text[512];
  size_t length = 0;
  size_t left = 0;
  int i;
  boot = kind_of("boot", NULL);
  map = kind_of("map", NULL);
  level = kind_of("level", level_tick);
  saved_kinds[0].key = "map";
  saved_kinds[0].state = &map;
  saved_kinds[0].load = load_map;
  saved_kinds[1].key = "level";
  saved_kinds[1].state = &level;
  saved_kinds[1].save = save_level;
  saved_kinds[1].load = load_level;
  if (strata_save_types_create(&types) != STRATA_OK) {
    return 1;
  }
  for (i = 0; i < 2; ++i) {
    if (strata_save_types_add(types, &saved_kinds[i]) != STRATA_OK) {
      printf("%s\n", strata_save_types_last_error(types));
      return 1;
    }
  }

  printf("first run\n");
  stack = start();
  strata_push(stack, &map, new_place("map", 0));
  strata_push(stack, &level, new_place("level", 3));
  strata_frame(stack, 1.0);
  strata_frame(stack, 1.0);
  show(stack);
  /* Quitting: everything above the boot state, which the next run makes itself. */
  report(stack, strata_save_text(stack, types, 1, STRATA_UNSAVABLE_STOP_BELOW, text, sizeof text,
                                 &length, &left));
  printf("saved %lu bytes, %lu states left out:\n%s", (unsigned long)length, (unsigned long)left,
         text);
  strata_destroy(stack);

  printf("second run, continuing\n");
  stack = start();
  report(stack, strata_restore_text(stack, types, text, 1));
  strata_frame(stack, 1.0);
  show(stack);
  strata_save_text(stack, types, 1, STRATA_UNSAVABLE_STOP_BELOW, text, sizeof text, &length, NULL);
  printf("%s", text);

  printf("a deep link, and a broken one\n");
  report(stack, strata_restore_text(stack, types, deep_link, 1));
  strata_commit(stack);
  show(stack);
  report(stack, strata_restore_text(stack, types, "map\nlevel score=2\n", 1));
  show(stack);
  strata_destroy(stack);
  strata_save_types_destroy(types);
  return 0;
}
