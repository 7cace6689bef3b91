// fuzz/c_api_fuzzer.cpp: strata_fuzz_c_api, a libFuzzer target for the C API (strata.h). Its
// input is a program of C calls with arbitrary arguments (NULL stacks, NULL and odd names, bad
// depths and views, invalid modalities, huge limits, too many items) made from outside and from
// inside every callback, including the destroy callback of a state's data and the allocator. It
// checks that each call returns success or the documented error code, and that once the stack is
// destroyed every block of the counting allocator and every pushed datum has been released.
// Besides arbitrary calls, it makes the patterns of issue 10 on its own: pause and resume
// callbacks that unstage and stage again the state about to be entered, callbacks that fail
// (strata_fail), observers that replace themselves, an allocator that calls into its stack (which
// must refuse), and allocation failure at the n-th allocation, after which the pops, clear and
// pop_until must have left the staged stack as it was. Entry ids (R31) and time scales (R32):
// the ids the pushes report name staged entries, strata_close and strata_set_time_scale act on
// staged ids only, and the observer reads the id of each step it is told. Transitions (R33): kinds
// of state that arrive and leave over time and read their presence, strata_finish_transitions
// (refused inside callbacks), strata_pop_leaving and strata_clear_leaving (a bad departure is
// refused and pops nothing), and the presence of every committed entry. R33's check with
// transitions on and off (model/strata_model/model_on_off.hpp, which the stack fuzzer makes) is
// not made here: the calls are read from the input as the callbacks run, so a draw or an event
// callback that only one of the two runs makes would read bytes the other does not, and the runs
// would no longer play one program.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include <strata/strata.h>

#include "strata_model/model_decode.hpp"

namespace {

[[noreturn]] void fail(const char* what, int code) {
  std::fprintf(stderr, "strata_fuzz_c_api: %s (result %d)\n", what, code);
  std::abort();
}

void check(bool holds, const char* what, int code = 0) {
  if (!holds) {
    fail(what, code);
  }
}

bool documented(int code) {
  return (code <= STRATA_OK && code >= STRATA_E_BAD_TRANSITION) ||
         (code <= STRATA_E_NULL_STACK && code >= STRATA_E_CALLBACK_FAILED);
}

// Checks a result against the documented codes, and what the stack reports after a failure.
void expect(int code, strata_stack* stack, const char* what) {
  check(documented(code), what, code);
  check(stack != nullptr || code != STRATA_OK, what, code);
}

// The data of a pushed state: counted, so a datum released twice or never is caught.
struct datum {
  std::uint32_t magic = 0x5742a7a;
};

// What every callback can reach: the stack (the destroy callback gets only its datum) and the
// rest of the input.
struct fuzz_run {
  strata_model::byte_source* input = nullptr;
  strata_stack* stack = nullptr;
  std::size_t live_data = 0;
  int nesting = 0;       // callbacks running inside one another
  bool inside = false;   // inside a callback of the stack (or its destruction)
  bool failable = false; // inside a state callback that strata_fail() may fail
  bool destroying = false;
  std::size_t looper_pushes = 0;
  int observing = 0;              // observer calls under way, one inside another's request
  std::array<strata_id, 8> ids{}; // ids the pushes reported, for the calls that take one
  std::size_t next_id = 0;
  // The operation under way was made with a NULL stack: the data it releases is released outside
  // any call of the stack, where every call is legal.
  bool null_stack_call = false;
};

fuzz_run* run = nullptr;

// Releases a datum, once.
void release_datum(void* /*env*/, void* data) {
  auto* released = static_cast<datum*>(data);
  check(released->magic == 0x5742a7a, "destroy callback got a datum twice or a foreign one");
  check(run->live_data > 0, "more data released than pushed");
  released->magic = 0;
  delete released;
  --run->live_data;
}

// Counts the blocks and bytes a stack holds, and runs out of memory after the number of
// allocations the input chooses, so the out-of-memory paths are fuzzed too.
struct counting_allocator {
  std::size_t blocks = 0;
  std::size_t bytes = 0;
  std::size_t made = 0;
  std::size_t fail_after = SIZE_MAX;
  strata_stack* meddle_with = nullptr; // the stack it serves, when it calls into it
};

// An allocator must not call into the stack it serves: every such call is refused.
void meddle(counting_allocator& counter) {
  strata_stack* stack = std::exchange(counter.meddle_with, nullptr);
  if (stack == nullptr) {
    return;
  }
  check(strata_pop(stack) == STRATA_E_REENTRANT, "strata_pop from the allocator");
  check(strata_commit(stack) == STRATA_E_REENTRANT, "strata_commit from the allocator");
  check(strata_fail(stack, "allocator") == STRATA_E_REENTRANT, "strata_fail from the allocator");
  check(strata_destroy(stack) == STRATA_E_REENTRANT, "strata_destroy from the allocator");
  // Refused before its invalid modality is looked at, and its datum released all the same (the
  // check of live_data at the end catches a leak).
  static const strata_state plain{"plain", nullptr, nullptr, nullptr, nullptr,
                                  nullptr, nullptr, nullptr, nullptr, release_datum,
                                  0,       nullptr, nullptr, nullptr, 0.0F,
                                  0.0F,    0.0F,    0,       nullptr};
  const strata_item invalid{&plain, new datum, nullptr, 0x30U, -1.0F, -1.0F, 0.0F, 0x30U};
  ++run->live_data;
  strata_id id = 99;
  check(strata_push_item_id(stack, &invalid, &id) == STRATA_E_REENTRANT && id == STRATA_ID_NONE,
        "strata_push_item_id of an invalid item from the allocator");
  check(strata_close(stack, 1, nullptr) == STRATA_E_REENTRANT, "strata_close from the allocator");
  check(strata_set_time_scale(stack, 1, 1.0F) == STRATA_E_REENTRANT,
        "strata_set_time_scale from the allocator");
  strata_presence presence{};
  check(strata_finish_transitions(stack) == STRATA_E_REENTRANT &&
            strata_presence_of(stack, 1, &presence) == STRATA_E_REENTRANT,
        "strata_finish_transitions or strata_presence_of from the allocator");
  check(strata_size(stack) == 0 && strata_top_name(stack) == nullptr &&
            strata_id_of(stack, nullptr) == STRATA_ID_NONE &&
            strata_step_id(stack) == STRATA_ID_NONE && strata_in_transition(stack) == 0,
        "a read from the allocator");
  counter.meddle_with = stack;
}

void* allocate(void* user, std::size_t size) {
  auto& counter = *static_cast<counting_allocator*>(user);
  meddle(counter);
  if (counter.made == counter.fail_after) {
    return nullptr;
  }
  ++counter.made;
  void* memory = std::malloc(size);
  if (memory != nullptr) {
    ++counter.blocks;
    counter.bytes += size;
  }
  return memory;
}

void deallocate(void* user, void* memory, std::size_t size) {
  auto& counter = *static_cast<counting_allocator*>(user);
  meddle(counter);
  check(counter.blocks > 0 && counter.bytes >= size, "deallocate of a block never allocated");
  --counter.blocks;
  counter.bytes -= size;
  std::free(memory);
}

// Where calls are made from: outside any call of the stack, or from one of its callbacks.
enum class reach { outside, callback };

void act(reach from);
void act_on(strata_model::byte_source& input, strata_stack* stack, reach from);

// The body of every callback: a few calls, read from the input. `failable`: a state callback,
// which strata_fail() may fail (not the observer, a destroy callback or a match function).
void callback_body(reach from, bool failable = false) {
  if (run->nesting >= 4) {
    return; // destroy callbacks may nest through requests; a bound keeps the recursion small
  }
  ++run->nesting;
  const bool was_inside = run->inside;
  const bool was_failable = std::exchange(run->failable, failable);
  run->inside = was_inside || from == reach::callback;
  for (std::uint32_t n = run->input->below(4); n > 0; --n) {
    act(from);
  }
  run->inside = was_inside;
  run->failable = was_failable;
  --run->nesting;
}

void on_hook(strata_stack* stack, void* /*env*/, void* /*data*/) {
  check(stack == run->stack, "a callback got another stack");
  callback_body(reach::callback, true);
}

// The pause of a "looper" unstages the state about to be entered, and its resume stages a looper
// again: a commit must still end, at max_transitions (issue 10, item 1).
void on_looper_pause(strata_stack* stack, void* env, void* data) {
  expect(strata_pop(stack), stack, "strata_pop from a looper's pause");
  on_hook(stack, env, data);
}
void on_looper_resume(strata_stack* stack, void* env, void* data);

void on_tick(strata_stack* stack, void* env, void* data, double /*dt*/) {
  on_hook(stack, env, data);
}

void on_draw_seen(strata_stack* stack, void* env, void* data, const strata_presence* seen) {
  check(seen != nullptr && seen->value >= 0.0F && seen->value <= 1.0F &&
            seen->phase >= STRATA_PHASE_PRESENT && seen->phase <= STRATA_PHASE_BEING_REVEALED,
        "draw_seen got a bad presence");
  on_hook(stack, env, data);
}

int on_event(strata_stack* stack, void* env, void* data, const void* /*event*/) {
  on_hook(stack, env, data);
  return static_cast<int>(run->input->below(2));
}

void on_destroy(void* env, void* data) {
  release_datum(env, data);
  // A push made with a NULL stack releases its data outside any call of the stack: inside a
  // state callback, this destroy callback is still part of it, and may fail it.
  callback_body(run->null_stack_call && !run->inside ? reach::outside : reach::callback,
                run->null_stack_call && run->failable);
}

void on_observe(strata_stack* stack, void* /*user*/, int step, const char* name,
                std::size_t /*depth*/) {
  check(stack == run->stack, "the observer got another stack");
  check(step >= STRATA_STEP_PUSH && step <= STRATA_STEP_UNFOCUS, "unknown observer step", step);
  check(name != nullptr, "the observer got a NULL name");
  check(strata_step_id(stack) != STRATA_ID_NONE, "the observer's step has no id", step);
  ++run->observing;
  callback_body(reach::callback);
  --run->observing;
}

int on_match(void* /*user*/, const strata_entry* entry) {
  check(entry != nullptr && entry->name != nullptr, "pop_until_match got a bad entry");
  return static_cast<int>(run->input->below(3) == 0);
}

// Kinds of state: every callback, none, or some; with odd names, modalities, time scales and
// transitions (R33: still seven kinds, so that the corpus decodes as it did before them).
const std::string long_name(300, 'n');
const std::array<strata_state, 7> kinds{{
    {"full", on_hook, on_hook, on_hook, on_hook, on_tick, on_tick, on_hook, on_event, on_destroy, 0,
     on_hook, on_hook, on_tick, 0.0F, 0.03F, 0.05F, 0, on_draw_seen},
    {nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 0,
     nullptr, nullptr, nullptr, 0.0F, 0.0F, 0.0F, 0, nullptr},
    {"", on_hook, nullptr, nullptr, on_hook, on_tick, nullptr, nullptr, nullptr, on_destroy,
     STRATA_TRANSPARENT, on_hook, nullptr, on_tick, 0.5F, 0.0F, 0.1F, STRATA_INPUT_PASSES, nullptr},
    {"\xff\xfe odd", nullptr, on_hook, on_hook, nullptr, nullptr, on_tick, on_hook, on_event,
     on_destroy, STRATA_OPAQUE, nullptr, on_hook, nullptr, 2.0F, 0.02F, 0.0F, STRATA_TRANSITION_SET,
     on_draw_seen},
    {"bad-modality", on_hook, on_hook, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
     on_destroy, 0x30u, nullptr, nullptr, nullptr, 0.0F, 0.0F, 0.0F, 0, nullptr},
    {"looper", on_hook, on_hook, on_looper_pause, on_looper_resume, on_tick, nullptr, nullptr,
     nullptr, on_destroy, 0, nullptr, nullptr, nullptr, 0.0F, 0.0F, 0.0F, 0, nullptr},
    {"bad-time-scale", on_hook, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
     on_destroy, 0, nullptr, nullptr, nullptr, -1.0F, 0.0F, 0.0F, 0, nullptr},
}};
constexpr std::size_t looper = 5;

// Loopers restage at most this often in a run: more than the default max_transitions, so that
// the limit stops them, but bounded, since the input may also set a limit of SIZE_MAX.
constexpr std::size_t looper_budget = 30000;

void on_looper_resume(strata_stack* stack, void* env, void* data) {
  if (run->looper_pushes < looper_budget) {
    ++run->looper_pushes;
    const strata_item item{&kinds[looper], new datum, nullptr, 0, 0.0F, 0.0F, 0.0F, 0};
    ++run->live_data;
    expect(strata_push_item(stack, &item), stack, "strata_push_item from a looper's resume");
  }
  on_hook(stack, env, data);
}

const char* pick_name(std::uint32_t choice) {
  switch (choice % 7) {
  case 0: return nullptr;
  case 1: return "";
  case 2: return "full";
  case 3: return "state";
  case 4: return "\xff\xfe odd";
  case 5: return long_name.c_str();
  default: return "absent";
  }
}

std::size_t pick_size(strata_model::byte_source& input) {
  switch (input.below(6)) {
  case 0: return 0;
  case 1: return 1;
  case 2: return input.below(8);
  case 3: return SIZE_MAX;
  case 4: return SIZE_MAX / 2 + 1;
  default: return 2 + input.below(40);
  }
}

unsigned pick_modality(strata_model::byte_source& input) {
  return input.below(2) == 0 ? 0U : input.below(64);
}

float pick_time_scale(strata_model::byte_source& input) {
  switch (input.below(8)) {
  case 0: return 0.5F;
  case 1: return 2.0F;
  case 2: return -1.0F;
  case 3: return std::numeric_limits<float>::quiet_NaN();
  case 4: return std::numeric_limits<float>::infinity();
  case 5: return 1.0F;
  default: return 0.0F;
  }
}

bool valid_time_scale(float scale) {
  return scale >= 0.0F && scale <= std::numeric_limits<float>::max();
}

// An id a push reported, or one never given, or none.
strata_id pick_id(strata_model::byte_source& input) {
  switch (input.below(4)) {
  case 0: return STRATA_ID_NONE;
  case 1: return input.below(64);
  default: return run->ids[input.below(static_cast<std::uint32_t>(run->ids.size()))];
  }
}

// The stack a call gets: usually the live one, sometimes NULL.
strata_stack* pick_stack() {
  return run->input->below(16) == 0 ? nullptr : run->stack;
}

// An item whose datum belongs to the push from now on, as the API says.
strata_item make_item(strata_model::byte_source& input) {
  strata_item item{};
  const std::uint32_t kind = input.below(kinds.size() + 1);
  item.state = kind < kinds.size() ? &kinds[kind] : nullptr;
  if (item.state != nullptr && item.state->destroy != nullptr) {
    item.data = new datum;
    ++run->live_data;
  }
  item.name = input.below(2) == 0 ? nullptr : pick_name(input.below(7));
  item.modality = pick_modality(input);
  item.time_scale = input.below(2) == 0 ? 0.0F : pick_time_scale(input);
  // R33: an item's own transition, read from the time scale chosen so that the input decodes as
  // before: at 0.5 it arrives in 0.05 s and leaves in 0.5 s; at 2 it asks to leave in -2 s, which
  // is refused.
  if (item.time_scale == 0.5F || item.time_scale == 2.0F) {
    item.transition = STRATA_TRANSITION_SET;
    item.arrive = item.time_scale / 10.0F;
    item.leave = item.time_scale == 2.0F ? -item.time_scale : item.time_scale;
  }
  return item;
}

// Calls that only callbacks' absence allows: commit, the passes, frames, destruction.
void expect_refused_inside(int code, strata_stack* stack, const char* what) {
  expect(code, stack, what);
  if (run->inside && stack != nullptr) {
    check(code == STRATA_E_REENTRANT, what, code);
  }
}

void check_queries(strata_model::byte_source& input) {
  strata_stack* stack = pick_stack();
  const int view = static_cast<int>(input.below(4)) - 1; // -1 and 2 are invalid views
  const std::size_t depth = pick_size(input);
  strata_entry entry{};
  const int at = strata_entry_at(stack, view, depth, input.below(4) == 0 ? nullptr : &entry);
  expect(at, stack, "strata_entry_at");
  const std::size_t size =
      view == STRATA_COMMITTED ? strata_size(stack) : strata_staged_size(stack);
  strata_presence presence{};
  const int seen = strata_presence_of(stack, entry.id, &presence);
  if (at == STRATA_OK && view == STRATA_COMMITTED) {
    // R33: every committed entry has a presence, between 0 and 1.
    check(seen == STRATA_OK && presence.value >= 0.0F && presence.value <= 1.0F &&
              presence.cover >= 0.0F && presence.cover <= 1.0F,
          "strata_presence_of a committed entry", seen);
  }
  expect(seen, stack, "strata_presence_of");
  const int moving = strata_in_transition(stack);
  check(moving == 0 || (moving == 1 && stack != nullptr), "strata_in_transition", moving);
  if (at == STRATA_OK) {
    check(depth < size && entry.name != nullptr && entry.depth == depth, "strata_entry_at");
    check(entry.id != STRATA_ID_NONE && valid_time_scale(entry.time_scale), "strata_entry_at");
    // Each datum is pushed once: the entry found by it is this one (NULL data: one of those).
    const strata_id found = strata_id_of(stack, entry.data);
    check(view == STRATA_COMMITTED ||
              (entry.data == nullptr ? found != STRATA_ID_NONE : found == entry.id),
          "strata_id_of");
  }
  check((strata_step_id(stack) != STRATA_ID_NONE) == (stack != nullptr && run->observing > 0),
        "strata_step_id outside the observer");
  expect(
      strata_find(stack, view, pick_name(input.below(7)), input.below(2) == 0 ? nullptr : &entry),
      stack, "strata_find");
  std::array<char, 16> buffer{};
  const std::size_t room = input.below(static_cast<std::uint32_t>(buffer.size()) + 1);
  const int length = strata_describe(stack, room == 0 ? nullptr : buffer.data(), room);
  if (length >= 0 && room > 0) {
    check(std::strlen(buffer.data()) ==
              std::min<std::size_t>(static_cast<std::size_t>(length), room - 1),
          "strata_describe cut its text wrong", length);
  }
  (void)strata_pending(stack);
  (void)strata_top_name(stack);
  check(strata_last_error(stack) != nullptr, "strata_last_error returned NULL");
  expect(strata_last_error_code(stack), stack == nullptr ? run->stack : stack, "last_error_code");
  check(strata_error_string(static_cast<int>(input.below(256)) - 128) != nullptr, "error string");
  const int number = static_cast<int>(input.below(12)) - 1;
  check(strata_step_name(number) != nullptr && strata_phase_name(number) != nullptr &&
            strata_cause_name(number) != nullptr,
        "step, phase or cause name");
  strata_options options{};
  expect(strata_get_options(stack, input.below(4) == 0 ? nullptr : &options), stack,
         "strata_get_options");
}

// Operation numbers: 0-10 requests, 11-17 commit, finish_transitions, passes and frames, 18-22
// settings, queries and the observer, 23 strata_fail, 24-27 ids and time scales, 28 destruction
// (from callbacks only: from outside it ends the run).
std::uint32_t pick_operation(strata_model::byte_source& input, reach from) {
  return input.below(from == reach::outside ? 28 : 29);
}

// The staged stack's names, bottom first: what a request that ran out of memory must leave.
std::string staged_names(const strata_stack* stack) {
  std::string names;
  strata_entry entry{};
  for (std::size_t depth = 0; depth < strata_staged_size(stack); ++depth) {
    check(strata_entry_at(stack, STRATA_STAGED, depth, &entry) == STRATA_OK, "strata_entry_at");
    names.append(entry.name).push_back('\n');
  }
  return names;
}

// Runs a request that drops states: all or nothing when memory runs out (issue 10, item 7).
template <class Request>
void expect_strong(strata_stack* stack, const char* what, Request request) {
  const std::string before = staged_names(stack);
  const int code = request();
  expect(code, stack, what);
  if (code == STRATA_E_NO_MEMORY) {
    check(staged_names(stack) == before, what, code);
  }
}

// Whether an entry with this id is staged, and which.
bool find_staged(strata_stack* stack, strata_id id, strata_entry* found = nullptr) {
  strata_entry entry{};
  for (std::size_t depth = 0; depth < strata_staged_size(stack); ++depth) {
    check(strata_entry_at(stack, STRATA_STAGED, depth, &entry) == STRATA_OK, "strata_entry_at");
    if (entry.id == id) {
      if (found != nullptr) {
        *found = entry;
      }
      return true;
    }
  }
  return false;
}

// What a push reported: no id when it failed, else ids of staged entries (or none for an entry
// an observer unstaged before the push returned). Kept for the calls that take an id.
void remember_ids(strata_stack* stack, int code, const strata_id* ids, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    check(code == STRATA_OK || ids[i] == STRATA_ID_NONE, "a failed push reported an id", code);
    check(ids[i] == STRATA_ID_NONE || find_staged(stack, ids[i]), "a reported id is not staged");
    run->ids[run->next_id++ % run->ids.size()] = ids[i];
  }
}

void close_by_id(strata_model::byte_source& input, strata_stack* stack) {
  const strata_id id = pick_id(input);
  const bool was_staged = find_staged(stack, id);
  int closed = 7;
  const int code = strata_close(stack, id, input.below(4) == 0 ? nullptr : &closed);
  expect(code, stack, "strata_close");
  check(closed == 7 || closed == (code == STRATA_OK && was_staged ? 1 : 0), "strata_close", closed);
  // Ids are never reused, so nothing the observer did in between can stage that id again.
  check(code != STRATA_OK || !find_staged(stack, id), "strata_close left its entry", code);
}

void set_time_scale(strata_model::byte_source& input, strata_stack* stack) {
  const strata_id id = pick_id(input);
  const float scale = pick_time_scale(input);
  const int code = strata_set_time_scale(stack, id, scale);
  expect(code, stack, "strata_set_time_scale");
  if (stack != nullptr) {
    strata_entry entry{};
    const bool staged = find_staged(stack, id, &entry);
    const int wanted = !valid_time_scale(scale) ? STRATA_E_BAD_TIME_SCALE
                       : staged                 ? STRATA_OK
                                                : STRATA_E_NOT_FOUND;
    check(code == wanted, "strata_set_time_scale", code);
    check(code != STRATA_OK || entry.time_scale == scale, "strata_set_time_scale", code);
  }
}

// strata_pop_leaving(), or strata_clear_leaving() when `all`: a departure picked from the time
// scales' values (valid, negative, NaN, infinite), sometimes with a bit other than
// STRATA_INPUT_PASSES. A refused one, or one out of memory, leaves the staged stack as it was.
void pop_leaving(strata_model::byte_source& input, strata_stack* stack, bool all) {
  const float leave = pick_time_scale(input);
  const unsigned bits = input.below(8) == 0 ? unsigned{STRATA_TRANSITION_SET}
                                            : input.below(2) * unsigned{STRATA_INPUT_PASSES};
  const std::string before = staged_names(stack);
  const int code =
      all ? strata_clear_leaving(stack, leave, bits) : strata_pop_leaving(stack, leave, bits);
  expect(code, stack, all ? "strata_clear_leaving" : "strata_pop_leaving");
  if (stack != nullptr && code != STRATA_OK) {
    check(staged_names(stack) == before, "a refused departure popped", code);
  }
  if (stack != nullptr && !run->inside &&
      (!valid_time_scale(leave) || bits > STRATA_INPUT_PASSES)) {
    check(code != STRATA_OK, "a bad departure was taken", code);
  }
}

void try_to_fail(strata_stack* stack) {
  static constexpr std::array<const char*, 3> messages{nullptr, "", "the fuzzer says so"};
  const int code = strata_fail(stack, messages[run->input->below(3)]);
  expect(code, stack, "strata_fail");
  if (stack != nullptr) {
    const bool may_fail = run->failable && !run->destroying;
    check(code == (may_fail ? STRATA_OK : STRATA_E_BAD_ARGUMENT), "strata_fail", code);
  }
}

void act(reach from) {
  strata_model::byte_source& input = *run->input;
  if (input.exhausted()) {
    return;
  }
  strata_stack* stack = pick_stack();
  const bool outer_null_stack_call = run->null_stack_call;
  run->null_stack_call = stack == nullptr;
  act_on(input, stack, from);
  run->null_stack_call = outer_null_stack_call;
}

void act_on(strata_model::byte_source& input, strata_stack* stack, reach from) {
  switch (pick_operation(input, from)) {
  case 0:
  case 1: {
    const strata_item item = make_item(input);
    expect(strata_push(stack, item.state, item.data), stack, "strata_push");
    break;
  }
  case 2: {
    if (input.below(8) == 0) {
      expect(strata_push_item(stack, nullptr), stack, "strata_push_item");
      break;
    }
    const strata_item item = make_item(input);
    expect(strata_push_item(stack, &item), stack, "strata_push_item");
    break;
  }
  case 3: {
    std::array<strata_item, STRATA_PUSH_SEVERAL_MAX + 4> items{};
    const std::size_t count = input.below(static_cast<std::uint32_t>(items.size()) + 1);
    for (std::size_t i = 0; i < count; ++i) {
      items[i] = make_item(input);
    }
    expect(strata_push_several(stack, items.data(), count), stack, "strata_push_several");
    break;
  }
  case 4: {
    const strata_item item = make_item(input);
    expect(input.below(2) == 0 ? strata_replace(stack, item.state, item.data)
                               : strata_replace_item(stack, &item),
           stack, "strata_replace");
    break;
  }
  case 5: expect_strong(stack, "strata_pop", [&] { return strata_pop(stack); }); break;
  case 6: pop_leaving(input, stack, input.below(4) == 0); break;
  case 7: expect_strong(stack, "strata_clear", [&] { return strata_clear(stack); }); break;
  case 8: {
    const char* name = pick_name(input.below(7));
    expect_strong(stack, "pop_until", [&] { return strata_pop_until(stack, name); });
    break;
  }
  case 9: {
    const strata_match_fn match = input.below(4) == 0 ? nullptr : on_match;
    expect_strong(stack, "pop_until_match",
                  [&] { return strata_pop_until_match(stack, match, nullptr); });
    break;
  }
  case 10: {
    const std::size_t depth = pick_size(input);
    expect_strong(stack, "strata_pop_to", [&] { return strata_pop_to(stack, depth); });
    break;
  }
  case 11: expect_refused_inside(strata_commit(stack), stack, "strata_commit"); break;
  case 12:
    expect_refused_inside(strata_finish_transitions(stack), stack, "strata_finish_transitions");
    break;
  case 13: expect_refused_inside(strata_update(stack, 0.016), stack, "strata_update"); break;
  case 14: expect_refused_inside(strata_draw(stack), stack, "strata_draw"); break;
  case 15: {
    const int consumed = strata_handle(stack, &input);
    check(consumed == 0 || consumed == 1 || documented(consumed), "strata_handle", consumed);
    if (run->inside && stack != nullptr) {
      check(consumed == STRATA_E_REENTRANT, "strata_handle inside a callback", consumed);
    }
    break;
  }
  case 16: expect_refused_inside(strata_frame(stack, 0.016), stack, "strata_frame"); break;
  case 17: {
    const std::array<const void*, 3> events{&input, nullptr, &input};
    const std::size_t count = input.below(4);
    expect_refused_inside(
        strata_frame_events(stack, 0.016, count == 0 ? nullptr : events.data(), count), stack,
        "strata_frame_events");
    break;
  }
  case 18:
    expect(strata_set_coalesced(stack, static_cast<int>(input.below(3))), stack, "coalesced");
    break;
  case 19: expect(strata_set_max_transitions(stack, pick_size(input)), stack, "transitions"); break;
  case 20: expect(strata_set_max_depth(stack, pick_size(input)), stack, "max_depth"); break;
  case 21: check_queries(input); break;
  case 22:
    expect(strata_set_observer(stack, input.below(2) == 0 ? nullptr : on_observe, nullptr), stack,
           "strata_set_observer");
    break;
  case 23: try_to_fail(stack); break;
  case 24: {
    const strata_item item = make_item(input);
    strata_id id = 99;
    const int code = input.below(2) == 0 ? strata_push_item_id(stack, &item, &id)
                                         : strata_replace_item_id(stack, &item, &id);
    expect(code, stack, "strata_push_item_id");
    remember_ids(stack, code, &id, 1);
    break;
  }
  case 25: {
    std::array<strata_item, 4> items{};
    std::array<strata_id, 4> ids{99, 99, 99, 99};
    const std::size_t count = input.below(static_cast<std::uint32_t>(items.size()) + 1);
    for (std::size_t i = 0; i < count; ++i) {
      items[i] = make_item(input);
    }
    const int code = strata_push_several_ids(stack, items.data(), count, ids.data());
    expect(code, stack, "strata_push_several_ids");
    remember_ids(stack, code, ids.data(), count);
    break;
  }
  case 26: close_by_id(input, stack); break;
  case 27: set_time_scale(input, stack); break;
  default:
    // Destroying the stack from inside one of its callbacks: refused.
    expect_refused_inside(strata_destroy(stack), stack, "strata_destroy inside a callback");
    break;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  strata_model::byte_source input(data, size);
  fuzz_run state;
  state.input = &input;
  run = &state;

  counting_allocator counter;
  const strata_allocator allocator{allocate, deallocate, &counter};
  strata_options options{};
  options.allocator = &allocator;
  options.coalesced = static_cast<int>(input.below(2));
  options.max_transitions = input.below(3) == 0 ? pick_size(input) : 0;
  options.max_depth = input.below(3) == 0 ? pick_size(input) : 0;

  const bool default_memory = input.below(32) == 0;
  const int made = strata_create(&state.stack, &counter, default_memory ? nullptr : &options);
  check(made == STRATA_OK && state.stack != nullptr, "strata_create", made);
  check(strata_create(nullptr, nullptr, nullptr) == STRATA_E_BAD_ARGUMENT, "strata_create NULL");
  check(default_memory || counter.blocks > 0, "the stack did not come from its allocator");
  if (input.below(4) == 0) {
    counter.fail_after = counter.made + input.below(64);
  }
  if (input.below(8) == 0) {
    counter.meddle_with = state.stack;
  }
  while (!input.exhausted()) {
    act(reach::outside);
  }
  check(!state.inside, "a callback did not return");
  state.inside = true; // destroy callbacks run inside the stack's destruction
  state.destroying = true;
  counter.meddle_with = nullptr; // the stack's own block goes back once the stack is gone
  const int destroyed = strata_destroy(state.stack);
  check(destroyed == STRATA_OK, "strata_destroy", destroyed);
  check(counter.blocks == 0 && counter.bytes == 0, "blocks left after strata_destroy",
        static_cast<int>(counter.blocks));
  check(state.live_data == 0, "data not released after strata_destroy",
        static_cast<int>(state.live_data));
  run = nullptr;
  return 0;
}
