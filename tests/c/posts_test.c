/* tests/c/posts_test.c: posting through the C API (R35), on one thread (posts_threads_test.cpp
 * posts from several): a post runs at the next commit and not before, in order, once per commit
 * when it posts again; cancel and the discard callback; a stack destroyed with posts waiting;
 * what a post may not call; bad arguments. */
#include <stdio.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* Records "post <name>" and pushes the actor given as `user`. */
static void push_actor_post(strata_stack* stack, void* env, void* user) {
  actor* pushed = (actor*)user;
  record((recorder*)env, "post", pushed->name);
  push_actor(stack, pushed);
}

/* Records "discard <name>" for the actor given as `user`. */
static void discard_actor(void* user) {
  actor* dropped = (actor*)user;
  record(dropped->log, "discard", dropped->name);
}

/* committed: a*
 * post push(b): nothing runs until the next commit, which carries it out */
static void r35_a_post_runs_at_the_next_commit_and_not_before(void) {
  actor a, b;
  strata_poster* poster = NULL;
  strata_ticket ticket = 99;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);

  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  CHECK_INT(strata_post(poster, push_actor_post, &b, discard_actor, &ticket), STRATA_OK);
  CHECK_INT(ticket, 1);
  CHECK_INT(strata_pending(stack), 1);
  CHECK_INT(strata_update(stack, 0.5), STRATA_OK);
  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.active, a.draw");
  CHECK_INT(strata_staged_size(stack), 1);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "post.b, a.pause, b.enter");
  CHECK_INT(strata_pending(stack), 0);
  strata_poster_release(poster);
  destroy_stack(stack, &log_);
}

/* Posts run in the order they were made; cancel removes one that has not run, and its discard
 * runs then; a post that ran is never discarded. */
static void r35_posts_run_in_order_and_cancel_discards(void) {
  actor a, b, c, d;
  strata_poster* poster = NULL;
  strata_ticket first = 0;
  strata_ticket second = 0;
  int cancelled = 7;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  actor_init(&d, "d", &log_);
  push_actor(stack, &a);
  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  CHECK_INT(strata_post(poster, push_actor_post, &b, discard_actor, &first), STRATA_OK);
  CHECK_INT(strata_post(poster, push_actor_post, &c, discard_actor, &second), STRATA_OK);
  CHECK_INT(strata_post(poster, push_actor_post, &d, NULL, NULL), STRATA_OK);
  CHECK_INT(strata_post_cancel(poster, first, &cancelled), STRATA_OK);
  CHECK_INT(cancelled, 1);
  CHECK_STR(take(&log_), "discard.b");
  CHECK_INT(strata_post_cancel(poster, first, &cancelled), STRATA_OK);
  CHECK_INT(cancelled, 0);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "post.c, post.d, a.enter, a.pause, c.enter, c.pause, d.enter");
  CHECK_INT(strata_post_cancel(poster, second, &cancelled), STRATA_OK);
  CHECK_INT(cancelled, 0);
  CHECK_INT(strata_post_cancel(poster, STRATA_TICKET_NONE, NULL), STRATA_OK);
  CHECK_STR(take(&log_), "");
  strata_poster_release(poster);
  destroy_stack(stack, &log_);
}

/* A post that posts again (through the poster in its actor's `extra`) runs once per commit. */
static void post_again(strata_stack* stack, void* env, void* user) {
  actor* self = (actor*)user;
  (void)stack;
  ++self->result;
  record((recorder*)env, "post", self->name);
  CHECK_INT(strata_post((strata_poster*)self->extra, post_again, self, NULL, NULL), STRATA_OK);
}

static void r35_a_post_that_posts_again_runs_once_per_commit(void) {
  actor again;
  strata_poster* poster = NULL;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&again, "again", &log_);
  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  again.extra = poster;
  CHECK_INT(strata_post(poster, post_again, &again, NULL, NULL), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(again.result, 1);
  CHECK_INT(strata_pending(stack), 1);
  CHECK_INT(strata_frame(stack, 0.5), STRATA_OK); /* two commits */
  CHECK_INT(again.result, 3);
  CHECK_STR(take(&log_), "post.again, post.again, post.again");
  strata_poster_release(poster);
  destroy_stack(stack, &log_); /* the post waiting is destroyed: no discard given */
}

/* A post may make requests, but a commit, a pass or a frame from it is refused. */
static void commit_from_a_post(strata_stack* stack, void* env, void* user) {
  actor* self = (actor*)user;
  (void)env;
  push_actor(stack, self);
  self->result = strata_commit(stack);
}

static void r35_a_post_may_not_commit(void) {
  actor b;
  strata_poster* poster = NULL;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&b, "b", &log_);
  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  CHECK_INT(strata_post(poster, commit_from_a_post, &b, NULL, NULL), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(b.result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: commit() called from inside a posted callable; requests made there take "
            "effect at the running commit");
  CHECK_STR(take(&log_), "b.enter"); /* the push was made, and committed */
  strata_poster_release(poster);
  destroy_stack(stack, &log_);
}

/* The stack destroyed with posts waiting: each is discarded, on the stack's thread, before the
 * states exit; the poster outlives it, and its posts are refused (and discarded at once). */
static void r35_a_poster_outlives_its_stack(void) {
  actor a, b, c;
  strata_poster* poster = NULL;
  strata_ticket ticket = 99;
  int cancelled = 7;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  push_actor(stack, &a);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  CHECK_INT(strata_post(poster, push_actor_post, &b, discard_actor, &ticket), STRATA_OK);
  take(&log_);
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "discard.b, a.exit, a.destroyed");
  CHECK_INT(strata_post_cancel(poster, ticket, &cancelled), STRATA_OK);
  CHECK_INT(cancelled, 0);
  CHECK_INT(strata_post(poster, push_actor_post, &c, discard_actor, &ticket), STRATA_E_STACK_GONE);
  CHECK_INT(ticket, STRATA_TICKET_NONE);
  CHECK_STR(take(&log_), "discard.c");
  strata_poster_release(poster);
}

static void r35_bad_arguments_are_refused_and_the_user_pointer_discarded(void) {
  actor b;
  strata_poster* poster = NULL;
  strata_ticket ticket = 99;
  int cancelled = 7;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&b, "b", &log_);
  CHECK_INT(strata_poster_create(NULL, &poster), STRATA_E_NULL_STACK);
  CHECK_INT(strata_poster_create(stack, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_poster_create() with a null output");
  CHECK_INT(strata_post(NULL, push_actor_post, &b, discard_actor, &ticket), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(ticket, STRATA_TICKET_NONE);
  CHECK_STR(take(&log_), "discard.b");
  CHECK_INT(strata_poster_create(stack, &poster), STRATA_OK);
  CHECK_INT(strata_post(poster, NULL, &b, discard_actor, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(take(&log_), "discard.b");
  CHECK_INT(strata_post_cancel(NULL, 1, &cancelled), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(cancelled, 0);
  CHECK_INT(strata_pending(stack), 0);
  strata_poster_release(NULL);
  strata_poster_release(poster);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r35_a_post_runs_at_the_next_commit_and_not_before",
       r35_a_post_runs_at_the_next_commit_and_not_before},
      {"r35_posts_run_in_order_and_cancel_discards", r35_posts_run_in_order_and_cancel_discards},
      {"r35_a_post_that_posts_again_runs_once_per_commit",
       r35_a_post_that_posts_again_runs_once_per_commit},
      {"r35_a_post_may_not_commit", r35_a_post_may_not_commit},
      {"r35_a_poster_outlives_its_stack", r35_a_poster_outlives_its_stack},
      {"r35_bad_arguments_are_refused_and_the_user_pointer_discarded",
       r35_bad_arguments_are_refused_and_the_user_pointer_discarded},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
