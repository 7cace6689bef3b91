// src/c_api_save.cpp: saving and restoring a C stack (strata_save.h) on the C++ core's save() and
// restore() (R34). Every C state is one of four C++ types, so each strata_savable is a hosted
// kind of strata::save_types, told apart by the strata_state its states were pushed with.
#include <algorithm>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include <strata/detail/attachments.hpp>
#include <strata/detail/scope_guard.hpp>
#include <strata/save.hpp>
#include <strata/strata_save.h>

#include "c_errors.hpp"
#include "c_record.hpp"
#include "c_stack.hpp"
#include "c_state.hpp"

namespace strata::capi {
using c_save_types = strata::save_types<c_context, c_event>;
} // namespace strata::capi

struct strata_save_types {
  strata::capi::c_save_types kinds;
  std::vector<const strata_state*> states; // registered, so that none is registered twice
  std::string last_error;
};

namespace {

using strata::capi::c_context;
using strata::capi::c_event;
using strata::capi::c_state;
using c_entry = strata::capi::c_save_types::entry;
using plain_state = strata::capi::c_save_types::plain_state;

// The four C++ types of C states add no member to c_state and share its standard layout, so an
// object of any of them is pointer-interconvertible with its c_state.
static_assert(std::is_standard_layout_v<c_state>);
static_assert(std::is_standard_layout_v<strata::capi::c_state_with<true, true>>);

bool is_c_state_type(const strata::detail::type_ops<c_context, c_event>& type) {
  bool found = false;
  for (const bool always : {false, true}) {
    for (const bool seen : {false, true}) {
      strata::capi::as_state_type(always, seen, [&]<class State>() {
        found = found || &type == &strata::detail::ops_for<State, c_context, c_event>;
      });
    }
  }
  return found;
}

const c_state& as_c_state(const void* object) {
  return *static_cast<const c_state*>(object);
}

// A C state as its strata_state makes it, before the overrides of its item: what save() compares
// with, and what a restored state starts as.
plain_state plain_of(const strata_state& kind) {
  const strata_item item{&kind, nullptr, nullptr, 0, 0.0F, 0.0F, 0.0F, 0};
  return {kind.name != nullptr ? kind.name : "state", strata::capi::to_modality(kind.modality),
          strata::capi::time_scale_asked_by(item), strata::capi::transition_asked_by(item)};
}

// Makes a state of `savable` from its record: the data from its load callback, then the C state
// in the pool, as its strata_state makes it.
bool build(const strata_savable& savable, c_context& context, strata::record& fields,
           strata::detail::block_pool& pool, c_entry& e) {
  strata_record handle{fields};
  void* const data = savable.load(context.env, &handle);
  if (data == nullptr) {
    fields.fail("its load callback made no state");
    return false;
  }
  const strata_state& kind = *savable.state;
  strata::detail::on_unwind release_data{[&] {
    if (kind.destroy != nullptr) {
      kind.destroy(context.env, data);
    }
  }};
  const strata_item item{&kind, data, nullptr, 0, 0.0F, 0.0F, 0.0F, 0};
  const plain_state plain = plain_of(kind);
  strata::capi::as_state_type(
      kind.always != nullptr, kind.draw_seen != nullptr, [&]<class State>() {
        e = strata::detail::make_pooled_entry<State, c_context, c_event>(
            pool, [&](void* memory) { return ::new (memory) State(item, 0, context.env); });
        release_data.dismiss(); // the state owns it now
        strata::detail::on_unwind unmake{[&] {
          static_cast<State*>(e.object)->~State();
          pool.deallocate(e.object, sizeof(State), alignof(State));
        }};
        if (plain.motion != e.ops->transition) {
          strata::detail::give_transition(pool, e, plain.motion, false);
        }
        unmake.dismiss();
      });
  static_cast<c_state*>(e.object)->claim(); // no push will claim it (c_items.hpp)
  e.set_time_scale(plain.time_scale);
  return true;
}

strata::capi::c_save_types::hosted_kind hosted(const strata_savable& savable, std::string key) {
  const strata_savable s = savable; // the callbacks keep their own copy
  strata::capi::c_save_types::hosted_kind k;
  k.key = std::move(key);
  k.version = s.version != 0 ? s.version : 1U;
  k.oldest = s.oldest != 0 ? s.oldest : 1U;
  k.holds = [state = s.state](const strata::detail::type_ops<c_context, c_event>& type,
                              const void* object) {
    return is_c_state_type(type) && as_c_state(object).kind() == state;
  };
  if (s.save != nullptr) {
    k.save = [save = s.save](const void* object, strata::record& out) {
      const c_state& state = as_c_state(object);
      strata_record handle{out};
      save(state.env(), state.data(), &handle);
    };
  }
  k.build = [s](c_context& context, strata::record& fields, strata::detail::block_pool& pool,
                c_entry& e) { return build(s, context, fields, pool, e); };
  k.plain = [state = s.state](const void*) { return plain_of(*state); };
  return k;
}

// Copies `text` into `buffer`, cut to fit `size` bytes, terminated when size > 0.
void copy_cut(const std::string& text, char* buffer, std::size_t size) {
  if (size == 0) {
    return;
  }
  const std::size_t copied = std::min(text.size(), size - 1);
  std::copy_n(text.data(), copied, buffer);
  buffer[copied] = '\0';
}

} // namespace

extern "C" {

int strata_save_types_create(strata_save_types** out) {
  if (out == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  *out = new (std::nothrow) strata_save_types();
  return *out != nullptr ? STRATA_OK : STRATA_E_NO_MEMORY;
}

void strata_save_types_destroy(strata_save_types* types) {
  delete types;
}

int strata_save_types_add(strata_save_types* types, const strata_savable* savable) {
  if (types == nullptr) {
    return STRATA_E_BAD_ARGUMENT;
  }
  return strata::capi::contain(
      [&] {
        types->last_error.clear();
        if (savable == nullptr || savable->key == nullptr) {
          types->last_error = "strata: strata_save_types_add() with a NULL savable or key";
          return STRATA_E_BAD_ARGUMENT;
        }
        const std::string key = savable->key;
        const char* problem = nullptr;
        if (savable->state == nullptr || savable->load == nullptr) {
          problem = "needs its state and its load callback";
        } else if (std::find(types->states.begin(), types->states.end(), savable->state) !=
                   types->states.end()) {
          problem = "names a strata_state registered already";
        }
        if (problem != nullptr) {
          types->last_error = "strata: strata_save_types_add(\"" + key + "\") " + problem;
          return STRATA_E_BAD_REGISTRATION;
        }
        types->states.reserve(types->states.size() + 1);
        types->kinds.add_hosted(hosted(*savable, key));
        types->states.push_back(savable->state);
        return STRATA_OK;
      },
      [&](int code, std::string_view message, std::string_view detail) {
        try {
          types->last_error.assign(message).append(detail);
        } catch (const std::bad_alloc&) {
          types->last_error.clear(); // the code says enough: out of memory
        }
        return code;
      });
}

const char* strata_save_types_last_error(const strata_save_types* types) {
  return types != nullptr ? types->last_error.c_str() : "";
}

int strata_save_text(strata_stack* stack, const strata_save_types* types, size_t from,
                     int when_unsavable, char* buffer, size_t size, size_t* length, size_t* left) {
  if (length != nullptr) {
    *length = 0;
  }
  if (left != nullptr) {
    *left = 0;
  }
  if (buffer != nullptr && size > 0) {
    buffer[0] = '\0';
  }
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  // A request's scope: the save callbacks may stage requests, but a commit or a pass from one
  // would change the stack that save() is reading, and is refused.
  return stack->request("strata_save_text()", [&]() -> int {
    if (types == nullptr || length == nullptr || (buffer == nullptr && size > 0) ||
        when_unsavable < STRATA_UNSAVABLE_STOP_BELOW || when_unsavable > STRATA_UNSAVABLE_FAIL) {
      return stack->fail(STRATA_E_BAD_ARGUMENT,
                         {"strata: strata_save_text() with NULL types or length, a NULL buffer "
                          "of nonzero size, or an unknown strata_unsavable"});
    }
    static_assert(static_cast<int>(strata::unsavable::stop_below) == STRATA_UNSAVABLE_STOP_BELOW);
    static_assert(static_cast<int>(strata::unsavable::skip) == STRATA_UNSAVABLE_SKIP);
    static_assert(static_cast<int>(strata::unsavable::fail) == STRATA_UNSAVABLE_FAIL);
    const strata::save_result saved = strata::save(
        stack->core(), types->kinds,
        {.from = from, .when_unsavable = static_cast<strata::unsavable>(when_unsavable)});
    if (saved.failed) {
      const strata::left_out& first = saved.left.front();
      return stack->fail(STRATA_E_UNSAVABLE,
                         {"strata: strata_save_text(): '", first.name, "' at depth ",
                          std::to_string(first.depth), " cannot be saved: ", first.why});
    }
    const std::string text = strata::to_text(saved.taken);
    copy_cut(text, buffer, size);
    *length = text.size();
    if (left != nullptr) {
      *left = saved.left.size();
    }
    return STRATA_OK;
  });
}

int strata_restore_text(strata_stack* stack, const strata_save_types* types, const char* text,
                        size_t above) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_restore_text()", [&]() -> int {
    if (types == nullptr || text == nullptr) {
      return stack->fail(STRATA_E_BAD_ARGUMENT,
                         {"strata: strata_restore_text() with NULL types or text"});
    }
    const strata::parsed_snapshot parsed = strata::parse_snapshot(text);
    if (!parsed) {
      return stack->fail(STRATA_E_RESTORE_FAILED,
                         {"strata: strata_restore_text(): line ", std::to_string(parsed.line), ": ",
                          parsed.problem});
    }
    // A refusal throws strata::error, which request() reports with the core's message.
    (void)strata::restore(stack->core(), types->kinds, parsed.taken, {.above = above});
    return STRATA_OK;
  });
}

} // extern "C"
