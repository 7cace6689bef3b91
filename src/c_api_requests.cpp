// src/c_api_requests.cpp: the C API's requests. Each builds C states and hands them to the
// strata::stack request of the same name; the rules are the core's.
#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

#include <strata/detail/scope_guard.hpp>
#include <strata/strata.h>

#include "c_items.hpp"
#include "c_stack.hpp"
#include "c_state.hpp"

namespace {

using strata::capi::c_state;
using strata::capi::push_ids;

// Where a push reports the ids of its entries: none until it has staged them.
void clear_ids(strata_id* ids, std::size_t count) {
  for (std::size_t i = 0; ids != nullptr && i < count; ++i) {
    ids[i] = STRATA_ID_NONE;
  }
}

// Checks a push before any state is made of its items. On failure their data is released and
// the error reported. From inside the allocator the stack refuses any call before looking at its
// arguments (docs/c-api.md, Memory), so that check comes first.
int accept_items(strata_stack* stack, const char* what, const strata_item* items,
                 std::size_t count) {
  const auto release = [&] {
    if (items != nullptr) {
      strata::capi::release_data(items, count, stack != nullptr ? stack->env() : nullptr);
    }
  };
  if (stack == nullptr) {
    const strata::capi::problem found = strata::capi::check_items(items, count);
    release();
    return found.code != STRATA_OK ? found.code : STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call(what); refused != STRATA_OK) {
    release();
    return refused;
  }
  const strata::capi::problem found = strata::capi::check_items(items, count);
  if (found.code == STRATA_OK) {
    return STRATA_OK;
  }
  // Inside a request's scope, so that a destroy callback is refused what any callback of a
  // request is (strata_destroy, commits); the error is recorded after, so it is the last one.
  stack->request(what, [&] {
    release();
    return STRATA_OK;
  });
  return stack->fail(found.code, {"strata: ", what, found.message});
}

// strata_pop_leaving() and strata_clear_leaving(): `pop` is the core's pop(t) or clear(t), called
// with the departure once its switches are known to be valid (the core checks the duration).
template <class Pop>
int pop_leaving(strata_stack* stack, const char* what, float leave, unsigned transition,
                Pop&& pop) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request(what, [&]() -> int {
    if ((transition & ~unsigned{STRATA_INPUT_PASSES}) != 0) {
      return stack->fail(STRATA_E_BAD_ARGUMENT,
                         {"strata: ", what, " with invalid transition bits"});
    }
    pop(strata::transition{0.0F, leave, (transition & STRATA_INPUT_PASSES) != 0});
    return STRATA_OK;
  });
}

void give_name(c_state& state, const strata_item& item, strata_stack& stack) {
  if (item.name != nullptr) {
    state.copy_name(item.name, stack.names());
  }
}

// Runs a push: `stage` hands the states to the core, then the push claims the entries it staged
// and gives them their transitions. It claims them however staging ends, so that none is left
// unclaimed: a push that fails has staged nothing, unless an observer written in C++ threw once
// it had. A push that fails reports no id.
template <class Stage>
int push_then_claim(strata_stack& stack, const char* what, std::size_t first,
                    const strata_item* items, std::size_t count, strata_id* ids, Stage stage) {
  push_ids claimed{};
  const auto staged = stack.core().staged();
  const strata::entry_id newer_than =
      staged.empty() ? strata::entry_id::none : staged[staged.size() - 1].id();
  const int result = stack.request(what, [&] {
    {
      const strata::detail::at_scope_exit claim{
          [&] { strata::capi::claim(stack, first, newer_than, items, claimed); }};
      stage();
    }
    strata::capi::give_transitions(stack, first, items, claimed);
    return STRATA_OK;
  });
  if (result != STRATA_OK) {
    clear_ids(ids, count); // a push that failed reports no id, as documented
  } else if (ids != nullptr) {
    std::copy_n(claimed.begin(), count, ids);
  }
  return result;
}

enum class placement { push, replace };

template <class State>
void stage_one_as(strata_stack& stack, const strata_item& item, placement where) {
  State state(item, 0, stack.env());
  give_name(state, item, stack);
  if (where == placement::push) {
    stack.core().push<State>(std::move(state));
  } else {
    stack.core().replace<State>(std::move(state));
  }
}

// One item, pushed or replacing the top.
int stage_one(strata_stack* stack, const char* what, const strata_item* item, placement where,
              strata_id* id) {
  clear_ids(id, 1);
  if (const int refused = accept_items(stack, what, item, 1); refused != STRATA_OK) {
    return refused;
  }
  const std::size_t staged = stack->core().staged().size();
  const std::size_t first = where == placement::replace && staged > 0 ? staged - 1 : staged;
  return push_then_claim(*stack, what, first, item, 1, id, [&] {
    strata::capi::as_state_type(item->state->always != nullptr, item->state->draw_seen != nullptr,
                                [&]<class State>() { stage_one_as<State>(*stack, *item, where); });
  });
}

// strata::stack::push_first_on_top takes its items as a pack, so each count has its own
// instantiation, and a table picks the one for the count at run time. A batch with an `always`
// (or `draw_seen`) callback among its states is made of a type with update_always (or a draw
// that reads the presence) whole, which for a state without that callback calls nothing (or its
// `draw`).
template <class State, std::size_t... I>
void push_batch(strata_stack& stack, const strata_item* items, std::index_sequence<I...> /*all*/) {
  std::array<State, sizeof...(I)> states{State(items[I], I, stack.env())...};
  for (std::size_t i = 0; i < states.size(); ++i) {
    give_name(states[i], items[i], stack);
  }
  stack.core().push_first_on_top(std::move(states[I])...);
}

using batch_fn = void (*)(strata_stack&, const strata_item*);

template <class State, std::size_t... N>
constexpr std::array<batch_fn, sizeof...(N)> make_batches(std::index_sequence<N...> /*all*/) {
  return {[](strata_stack& stack, const strata_item* items) {
    push_batch<State>(stack, items, std::make_index_sequence<N + 1>{});
  }...};
}

template <class State>
constexpr std::array<batch_fn, STRATA_PUSH_SEVERAL_MAX>
    batches = make_batches<State>(std::make_index_sequence<STRATA_PUSH_SEVERAL_MAX>{});

// Whether a callback member of strata_state is set in any of the items' states.
template <class Callback>
bool any_has(const strata_item* items, std::size_t count, Callback strata_state::*member) {
  for (std::size_t i = 0; i < count; ++i) {
    if (items[i].state->*member != nullptr) {
      return true;
    }
  }
  return false;
}

// The item of strata_push() and strata_replace(): everything else from the state.
strata_item plain_item(const strata_state* state, void* data) {
  strata_item item{};
  item.state = state;
  item.data = data;
  return item;
}

} // namespace

extern "C" {

int strata_push(strata_stack* stack, const strata_state* state, void* data) {
  const strata_item item = plain_item(state, data);
  return stage_one(stack, "strata_push()", &item, placement::push, nullptr);
}

int strata_push_item(strata_stack* stack, const strata_item* item) {
  return stage_one(stack, "strata_push_item()", item, placement::push, nullptr);
}

int strata_push_item_id(strata_stack* stack, const strata_item* item, strata_id* id) {
  return stage_one(stack, "strata_push_item_id()", item, placement::push, id);
}

int strata_push_several(strata_stack* stack, const strata_item* items, size_t count) {
  return strata_push_several_ids(stack, items, count, nullptr);
}

int strata_push_several_ids(strata_stack* stack, const strata_item* items, size_t count,
                            strata_id* ids) {
  const char* const what = ids != nullptr ? "strata_push_several_ids()" : "strata_push_several()";
  clear_ids(ids, count <= STRATA_PUSH_SEVERAL_MAX ? count : 0);
  if (count == 0) {
    return stack != nullptr ? stack->check_call(what) : STRATA_E_NULL_STACK;
  }
  if (const int refused = accept_items(stack, what, items, count); refused != STRATA_OK) {
    return refused;
  }
  return push_then_claim(*stack, what, stack->core().staged().size(), items, count, ids, [&] {
    strata::capi::as_state_type(any_has(items, count, &strata_state::always),
                                any_has(items, count, &strata_state::draw_seen),
                                [&]<class State>() { batches<State>[count - 1](*stack, items); });
  });
}

int strata_replace(strata_stack* stack, const strata_state* state, void* data) {
  const strata_item item = plain_item(state, data);
  return stage_one(stack, "strata_replace()", &item, placement::replace, nullptr);
}

int strata_replace_item(strata_stack* stack, const strata_item* item) {
  return stage_one(stack, "strata_replace_item()", item, placement::replace, nullptr);
}

int strata_replace_item_id(strata_stack* stack, const strata_item* item, strata_id* id) {
  return stage_one(stack, "strata_replace_item_id()", item, placement::replace, id);
}

int strata_pop(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_pop()", [&] {
    stack->core().pop();
    return STRATA_OK;
  });
}

int strata_clear(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_clear()", [&] {
    stack->core().clear();
    return STRATA_OK;
  });
}

int strata_pop_leaving(strata_stack* stack, float leave, unsigned transition) {
  return pop_leaving(stack, "strata_pop_leaving()", leave, transition,
                     [&](const strata::transition& t) { stack->core().pop(t); });
}

int strata_clear_leaving(strata_stack* stack, float leave, unsigned transition) {
  return pop_leaving(stack, "strata_clear_leaving()", leave, transition,
                     [&](const strata::transition& t) { stack->core().clear(t); });
}

int strata_pop_until(strata_stack* stack, const char* name) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_pop_until()", [&]() -> int {
    if (name == nullptr) {
      return stack->fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_pop_until() with a null name"});
    }
    stack->core().pop_until(std::string_view(name));
    return STRATA_OK;
  });
}

int strata_pop_until_match(strata_stack* stack, strata_match_fn match, void* user) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_pop_until_match()", [&]() -> int {
    if (match == nullptr) {
      return stack->fail(STRATA_E_BAD_ARGUMENT,
                         {"strata: strata_pop_until_match() with a null match function"});
    }
    stack->core().pop_until([&](const strata::capi::core_stack::view::value_type& entry) {
      const strata_entry seen = strata::capi::to_entry(entry);
      return match(user, &seen) != 0;
    });
    return STRATA_OK;
  });
}

int strata_pop_to(strata_stack* stack, size_t depth) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_pop_to()", [&] {
    stack->core().pop_to(depth);
    return STRATA_OK;
  });
}

} // extern "C"
