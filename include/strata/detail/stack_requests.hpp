// strata/detail/stack_requests.hpp: how requests edit the staged stack. A request calls no hook
// and is legal at any moment (R1, R6, R10, R19-R22, R24, R26, R31): it is admitted, prepares what
// it stages (allocating first, so that it is all or nothing), edits the staged stack, then tells
// the observer, whose own requests apply to the stack this one left (the edits and the telling:
// stack_staging.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "../borrow.hpp"
#include "../placeholders.hpp"
#include "stack_staging.hpp"

namespace strata::detail {

// Constructors, and braces for aggregates (parenthesised aggregate initialization is missing
// from some C++20 compilers, clang 14 among them).
template <class T, class... Args>
concept constructible_in_place = std::constructible_from<T, Args...> || requires(Args&&... args) {
  T{std::forward<Args>(args)...};
};

template <class T>
inline constexpr bool is_unique_ptr = false;
template <class T>
inline constexpr bool is_unique_ptr<std::unique_ptr<T>> = true;
template <class T>
inline constexpr bool is_borrowed = false;
template <class T>
inline constexpr bool is_borrowed<borrowed<T>> = true;

template <class Context, class Event>
class stack_requests : protected stack_staging<Context, Event> {
  using core = stack_staging<Context, Event>;

protected:
  using core::as_request_code;
  using core::core;
  using core::drop;
  using core::entries_;
  using core::fail;
  using core::guard_;
  using core::place;
  using core::pool_;
  using core::pop_down_to;
  using core::settings_;
  using core::stage;
  using core::staged_size;
  using core::tell_staged;
  using core::tell_unstaged;
  using core::unstage_down_to;
  using typename core::entry;
  using typename core::ops;
  using typename core::unstaged_block;

  // Whether a request may go ahead. During destruction a request is ignored before anything
  // about it is checked (R26). A request may come from a hook or the observer, but not from the
  // game code another request runs (a state's constructor, destructor or move, a pop_until
  // predicate): that request is halfway through changing the staged stack. Nor from a state's
  // save(), which a query runs (as_query_code).
  [[nodiscard]] bool admit(const char* what) {
    STRATA_IF_CHECKED(this->checks_.check_thread(what); this->checks_.stack_changed();)
    if (guard_.now == activity::destroying) {
      return false;
    }
    if (guard_.request_code != nullptr) [[unlikely]] {
      called_from_inside_a_request(what);
      return false;
    }
    if (guard_.observer_nesting >= running_guard::max_observer_nesting) [[unlikely]] {
      observer_runaway(what);
      return false;
    }
    guard_.current_request = what;
    if (this->observed()) [[unlikely]] {
      this->probe_request(what); // R36
    }
    return true;
  }
  // Out of line, so that the checks above stay small enough to inline into every request.
  [[gnu::cold, gnu::noinline]] void called_from_inside_a_request(const char* what) {
    fail(errc::reentrant_call, guard_.inside_request_message(what));
  }
  [[gnu::cold, gnu::noinline]] void observer_runaway(const char* what) {
    fail(errc::transition_limit, running_guard::observer_runaway_message(what));
  }

  // R23: `name` names the pushed state for the message when only one is pushed: its own name, or
  // for a state not constructed yet, its type's.
  bool ready_to_grow(std::size_t count, std::string_view name) {
    if (entries_.staged().size() + count > settings_.max_depth) [[unlikely]] {
      depth_limit_reached(count, name);
      return false;
    }
    return true;
  }
  [[gnu::cold, gnu::noinline]] void depth_limit_reached(std::size_t count, std::string_view name) {
    const std::string counted = std::to_string(count);
    const std::string limit = std::to_string(settings_.max_depth);
    std::string message = count == 1 ? join({"strata: pushing '", name, "'"})
                                     : join({"strata: pushing ", counted, " states"});
    message.append(" would grow the stack past its depth limit of ").append(limit);
    if (guard_.now == activity::committing && guard_.hook != nullptr) {
      // where() reads "from inside 'spawner'.enter()".
      message.append(" (pushed ").append(this->where()).append(")");
    }
    fail(errc::depth_limit, message);
  }

  bool ready_to_replace() {
    if (entries_.staged().empty()) {
      fail(errc::empty_stack, "strata: replace() on an empty stack");
      return false;
    }
    return true;
  }

  template <class T, class... Args>
  entry prepare_pooled(Args&&... args) {
    return make_pooled_entry<T, Context, Event>(pool_, [&](void* memory) {
      return as_request_code([&] {
        if constexpr (std::is_constructible_v<T, Args...>) {
          return ::new (memory) T(std::forward<Args>(args)...);
        } else {
          return ::new (memory) T{std::forward<Args>(args)...};
        }
      });
    });
  }

  template <class T>
  bool prepare_adopted(std::unique_ptr<T> state, entry& out) {
    if (state == nullptr) {
      fail(errc::null_state, "strata: push of a null std::unique_ptr<" +
                                 std::string(ops_for<T, Context, Event>.type_name) + ">");
      return false;
    }
    out = make_entry<T, Context, Event>(state.release(), ownership::adopted);
    return true;
  }

  // R20: a borrowed object may be staged only once: `staying` is the part of the staged stack
  // that stays, `batch` holds entries about to be staged too.
  bool not_staged_yet(const void* object, std::span<const entry> staying,
                      std::span<const entry> batch) {
    for (const std::span<const entry> among : {staying, batch}) {
      for (const entry& e : among) {
        if (e.object == object) {
          fail(errc::borrowed_twice, "strata: borrowed state '" + std::string(e.name()) +
                                         "' is already staged; a borrowed object can be on the "
                                         "stack only once");
          return false;
        }
      }
    }
    return true;
  }

  template <class T>
  bool prepare_borrowed(borrowed<T> state, entry& out, std::span<const entry> staying,
                        std::span<const entry> batch) {
    if (state.state == nullptr) {
      fail(errc::null_state, "strata: push of a null borrowed state");
      return false;
    }
    if (!not_staged_yet(state.state, staying, batch)) {
      return false;
    }
    out = make_entry<T, Context, Event>(state.state, ownership::borrowed);
    return true;
  }

  // push_first_on_top(): the items, each a state object, a std::unique_ptr or a borrow, staged
  // as one block, the first on top (R10). All or nothing. Admitted and within the depth limit.
  template <class... Items>
  void stage_batch(Items&&... items) {
    // Every item is prepared before the first is staged, so that a failure leaves nothing behind
    // and the observer only hears of (and can only react to) a batch that went through.
    std::array<entry, sizeof...(Items)> batch{};
    std::size_t prepared = 0;
    bool handed_over = false;
    at_scope_exit release_rest{[&] {
      for (std::size_t i = 0; !handed_over && i < prepared; ++i) {
        drop(batch[i]);
      }
    }};
    if (!prepare_last_first(std::span<entry>{batch}, prepared, std::forward<Items>(items)...)) {
      return;
    }
    // R10: the batch is one block. It is staged whole before the observer hears of it, so that
    // the observer's own requests (pushes on each push, say) land above it and meet the depth
    // limit with the whole batch counted.
    handed_over = true; // replace_above() releases them if it fails
    replace_above(entries_.staged().size(), std::span<entry>{batch});
  }

  // Stages an entry made from a unique_ptr or a borrow if the depth limit allows; otherwise
  // releases it, also when the failure throws.
  staged_slot stage_if_room(entry e) {
    bool handed_over = false; // stage() releases the entry itself if it fails
    at_scope_exit give_back{[&] {
      if (!handed_over) {
        drop(e);
      }
    }};
    if (!ready_to_grow(1, e.name())) {
      return {};
    }
    handed_over = true;
    return stage(e);
  }

  bool prepare_last_first(std::span<entry> /*batch*/, std::size_t& /*prepared*/) { return true; }

  // Fills batch[prepared...] with the items, last first; stops at the first that fails.
  // The batch is a span, not the caller's std::array: one instantiation per item list instead
  // of one per size, which also keeps g++ 12 from a false -Warray-bounds at -O2.
  template <class First, class... Rest>
  bool prepare_last_first(std::span<entry> batch, std::size_t& prepared, First&& first,
                          Rest&&... rest) {
    if (!prepare_last_first(batch, prepared, std::forward<Rest>(rest)...)) {
      return false;
    }
    using item = std::remove_cvref_t<First>;
    entry& e = batch[prepared];
    if constexpr (is_unique_ptr<item>) {
      if (!prepare_adopted(std::forward<First>(first), e)) {
        return false;
      }
    } else if constexpr (is_borrowed<item>) {
      if (!prepare_borrowed(first, e, entries_.staged(),
                            std::span<const entry>{batch.data(), prepared})) {
        return false;
      }
    } else {
      e = prepare_pooled<item>(std::forward<First>(first));
    }
    ++prepared;
    return true;
  }

  // restore() (save.hpp) and push_first_on_top() (depth: the staged size, nothing popped): pops
  // down to `depth` and stages `batch` (prepared, bottom first) in its place, as one request: all
  // or nothing, and the observer hears of the pops, then of the pushes, only once the staged stack
  // is the new one (R22). Takes the batch's entries: on failure they are released. Admitted
  // already. Returns whether it went through.
  bool replace_above(std::size_t depth, std::span<entry> batch) {
    std::size_t next = 0; // batch[next, size) is still ours to release
    at_scope_exit release_rest{[&] {
      for (; next < batch.size(); ++next) {
        drop(batch[next]);
      }
    }};
    // R23: the stack it leaves against the limit, and the message of a push of the batch.
    const std::size_t staged_after = depth + batch.size();
    if (staged_after > settings_.max_depth) [[unlikely]] {
      depth_limit_reached(batch.size(), batch.size() == 1 ? batch[0].name() : std::string_view{});
      return false;
    }
    entries_.reserve_staged(settings_.memory, staged_after);
    this->log_for_push(); // made now, so that place() below cannot fail
    const unstaged_block popped = unstage_down_to(depth, cause::replace);
    staged_slot first{};
    for (; next < batch.size(); ++next) {
      const staged_slot slot = place(batch[next]);
      first = next == 0 ? slot : first;
    }
    tell_unstaged(popped);
    // Placed one after the other, the batch's entries have consecutive ids.
    for (std::size_t i = 0; i < batch.size(); ++i) {
      tell_staged(staged_slot{first.index + i, entry_id{static_cast<std::uint64_t>(first.id) + i}});
    }
    return true;
  }

  template <class Matches>
  void pop_until_match(Matches matches, const std::string& failure) {
    if (!admit("pop_until()")) {
      return;
    }
    for (std::size_t depth = entries_.staged().size(); depth-- > 0;) {
      if (as_request_code([&] { return matches(entries_.staged()[depth]); })) {
        pop_down_to(depth + 1, cause::pop);
        return;
      }
    }
    fail(errc::not_found, "strata: pop_until(): " + failure + " is staged");
  }
};

} // namespace strata::detail
