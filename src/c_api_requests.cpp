// src/c_api_requests.cpp: the C API's requests. Each builds C states and hands them to the
// strata::stack request of the same name; the rules are the core's.
#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

#include <strata/strata.h>

#include "c_stack.hpp"
#include "c_state.hpp"

namespace {

using strata::capi::c_state;

// A push takes its items' data in every case; data that never reached a c_state (whose
// destructor would release it) is released here.
void release_data(const strata_item* items, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (items[i].state != nullptr && items[i].state->destroy != nullptr) {
      items[i].state->destroy(items[i].data);
    }
  }
}

struct problem {
  int code;
  std::string_view message;
};

problem check_items(const strata_item* items, std::size_t count) {
  if (items == nullptr) {
    return {STRATA_E_BAD_ARGUMENT, " with a null item"};
  }
  if (count > STRATA_PUSH_SEVERAL_MAX) {
    return {STRATA_E_BAD_ARGUMENT, " with more items than STRATA_PUSH_SEVERAL_MAX"};
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (items[i].state == nullptr) {
      return {STRATA_E_NULL_STATE, " with a null strata_state"};
    }
    if (!strata::capi::valid_modality(items[i].modality) ||
        !strata::capi::valid_modality(items[i].state->modality)) {
      return {STRATA_E_BAD_ARGUMENT, " with an invalid modality"};
    }
  }
  return {STRATA_OK, {}};
}

// Checks a push before any state is made of its items. On failure their data is released and
// the error reported. From inside the allocator the stack refuses any call before looking at its
// arguments (docs/c-api.md, Memory), so that check comes first.
int accept_items(strata_stack* stack, const char* what, const strata_item* items,
                 std::size_t count) {
  const auto release = [&] {
    if (items != nullptr) {
      release_data(items, count);
    }
  };
  if (stack == nullptr) {
    const problem found = check_items(items, count);
    release();
    return found.code != STRATA_OK ? found.code : STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call(what); refused != STRATA_OK) {
    release();
    return refused;
  }
  const problem found = check_items(items, count);
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

void give_name(c_state& state, const strata_item& item, strata_stack& stack) {
  if (item.name != nullptr) {
    state.copy_name(item.name, stack.names());
  }
}

// One item, pushed or replacing the top.
template <class Request>
int stage_one(strata_stack* stack, const char* what, const strata_item* item, Request request) {
  if (const int refused = accept_items(stack, what, item, 1); refused != STRATA_OK) {
    return refused;
  }
  return stack->request(what, [&] {
    c_state state(*item);
    give_name(state, *item, *stack);
    request(stack->core(), std::move(state));
    return STRATA_OK;
  });
}

void push_state(strata::capi::core_stack& core, c_state&& state) {
  core.push<c_state>(std::move(state));
}

void replace_state(strata::capi::core_stack& core, c_state&& state) {
  core.replace<c_state>(std::move(state));
}

// strata::stack::push_first_on_top takes its items as a pack, so each count has its own
// instantiation, and a table picks the one for the count at run time.
template <std::size_t... I>
void push_batch(strata_stack& stack, const strata_item* items, std::index_sequence<I...> /*all*/) {
  std::array<c_state, sizeof...(I)> states{c_state(items[I])...};
  for (std::size_t i = 0; i < states.size(); ++i) {
    give_name(states[i], items[i], stack);
  }
  stack.core().push_first_on_top(std::move(states[I])...);
}

using batch_fn = void (*)(strata_stack&, const strata_item*);

template <std::size_t... N>
constexpr std::array<batch_fn, sizeof...(N)> make_batches(std::index_sequence<N...> /*all*/) {
  return {[](strata_stack& stack, const strata_item* items) {
    push_batch(stack, items, std::make_index_sequence<N + 1>{});
  }...};
}

constexpr std::array<batch_fn, STRATA_PUSH_SEVERAL_MAX> batches =
    make_batches(std::make_index_sequence<STRATA_PUSH_SEVERAL_MAX>{});

} // namespace

extern "C" {

int strata_push(strata_stack* stack, const strata_state* state, void* data) {
  const strata_item item{state, data, nullptr, STRATA_MODALITY_DEFAULT};
  return stage_one(stack, "strata_push()", &item, &push_state);
}

int strata_push_item(strata_stack* stack, const strata_item* item) {
  return stage_one(stack, "strata_push_item()", item, &push_state);
}

int strata_push_several(strata_stack* stack, const strata_item* items, size_t count) {
  if (count == 0) {
    return stack != nullptr ? stack->check_call("strata_push_several()") : STRATA_E_NULL_STACK;
  }
  if (const int refused = accept_items(stack, "strata_push_several()", items, count);
      refused != STRATA_OK) {
    return refused;
  }
  return stack->request("strata_push_several()", [&] {
    batches[count - 1](*stack, items);
    return STRATA_OK;
  });
}

int strata_replace(strata_stack* stack, const strata_state* state, void* data) {
  const strata_item item{state, data, nullptr, STRATA_MODALITY_DEFAULT};
  return stage_one(stack, "strata_replace()", &item, &replace_state);
}

int strata_replace_item(strata_stack* stack, const strata_item* item) {
  return stage_one(stack, "strata_replace_item()", item, &replace_state);
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

int strata_pop_until(strata_stack* stack, const char* name) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_pop_until()", [&] {
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
  return stack->request("strata_pop_until_match()", [&] {
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
