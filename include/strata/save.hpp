// strata/save.hpp: saving a stack as a snapshot and restoring one, and the snapshot's text form
// (docs/save-restore.md). Not in strata.hpp: a game that never saves compiles none of it.
//
//   strata::save_result saved = strata::save(states, types);    // the committed stack
//   std::string text = strata::to_text(saved.taken);            // snapshot_text.hpp
//   ...
//   strata::restore(states, types, strata::parse_snapshot(text).taken); // one request
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "detail/attachments.hpp"
#include "detail/field_counts.hpp"
#include "detail/record_scratch.hpp"
#include "detail/scope_guard.hpp"
#include "save_types.hpp"
#include "snapshot.hpp"
#include "snapshot_text.hpp"
#include "stack.hpp"

namespace strata {

// What save() does with a committed state it cannot save: one whose type is not registered,
// whose save() failed its record, or whose on_exit is a closure.
enum class unsavable {
  stop_below, // the snapshot ends below it: states above may depend on it (the default)
  skip,       // it is left out, the states above are kept
  fail,       // nothing is saved
};

struct save_options {
  // The lowest committed depth saved: 1 leaves out a boot state that the game makes itself
  // (restore it with restore_options::above = 1).
  std::size_t from = 0;
  unsavable when_unsavable = unsavable::stop_below;
};

// A committed state that the snapshot holds without its on_exit, or does not hold at all.
struct left_out {
  std::size_t depth; // in the committed stack
  std::string name;
  std::string why;
  friend bool operator==(const left_out&, const left_out&) = default;
};

struct save_result {
  snapshot taken;
  std::vector<left_out> left; // bottom to top
  bool failed = false;        // unsavable::fail met a state it cannot save: `taken` is empty
};

struct restore_options {
  // The staged states kept at the bottom: the restored ones go above them (a boot state that
  // holds the audio device stays).
  std::size_t above = 0;
};

struct restore_result {
  bool ok = false;
  std::size_t index = 0; // of the snapshot's state that failed
  std::string key;       // its key
  std::string problem;   // why, as in the error's message
  explicit operator bool() const { return ok; }
};

namespace detail {

// The stack's parts that saving and restoring use; stack befriends it.
template <class Context, class Event>
struct save_access {
  using stack_type = stack<Context, Event>;
  using entry = detail::entry<Context, Event>;
  using types = save_types<Context, Event>;

  static save_result save(const stack_type& s, const types& registry, save_options options) {
    STRATA_IF_CHECKED(s.checks_.check_thread("save()");)
    // R24: each state's save() and name() run as the query's code, which may not change the stack.
    return s.as_query_code("save()", [&] { return save_committed(s, registry, options); });
  }

  static save_result save_committed(const stack_type& s, const types& registry,
                                    save_options options) {
    save_result result;
    const std::size_t size = s.entries_.committed_size();
    if (options.from < size) {
      result.taken.states.reserve(size - options.from);
    }
    field_counts fields(registry.kind_count());
    bool below_skipped = false; // unsavable::skip left the state directly below out
    for (std::size_t depth = options.from; depth < size; ++depth) {
      const entry& e = s.entries_.committed_at(depth); // no request moves it: as_query_code
      std::string why;
      saved_state state = save_one(e, registry, why, fields);
      if (why.empty() && below_skipped && state.on_exit) {
        // Its to_below result calls the state left out: a restore could not bind it.
        state.on_exit.reset();
        why = "its on_exit calls '" + std::string(s.entries_.committed_at(depth - 1).name()) +
              "' below it, which is left out";
      }
      below_skipped = false;
      if (why.empty()) {
        result.taken.states.push_back(std::move(state));
        continue;
      }
      const bool only_its_result = !state.key.empty(); // saved, but not its on_exit
      result.left.push_back(left_out{depth, std::string(e.name()), std::move(why)});
      if (options.when_unsavable == unsavable::fail) {
        result.taken.states = {}; // with the room reserved for every state given back
        result.failed = true;
        return result;
      }
      if (only_its_result) {
        result.taken.states.push_back(std::move(state));
      } else if (options.when_unsavable == unsavable::skip) {
        below_skipped = true;
      } else {
        for (std::size_t above = depth + 1; above < size; ++above) {
          result.left.push_back(
              left_out{above, std::string(s.entries_.committed_at(above).name()),
                       "above '" + std::string(e.name()) + "', which cannot be saved"});
        }
        return result;
      }
    }
    return result;
  }

  // One entry: its key and record, and the overrides its pushes made. `why` says what cannot
  // be saved; with the key still set, only its on_exit is lost.
  // `fields`: how many fields the last state of each kind wrote, to size the next one's record.
  static saved_state save_one(const entry& e, const types& registry, std::string& why,
                              field_counts& fields) {
    saved_state state;
    const typename types::kind* kind = registry.kind_of(e);
    if (kind == nullptr) {
      why = "its type '" + std::string(e.ops->type_name) + "' is not registered";
      return state;
    }
    state.data.set_version(kind->version);
    if (kind->save) {
      const std::size_t number = registry.number_of(*kind);
      fields.make_room(number, state.data);
      kind->save(e.object, state.data);
      if (state.data.failed()) {
        why = "its save() failed: " + std::string(state.data.problem());
        return saved_state{};
      }
      fields.learn(number, state.data);
    }
    state.key = kind->key;
    const typename types::plain_state plain = types::plain_of(*kind, e);
    if (e.name() != plain.name) {
      state.name = std::string(e.name());
    }
    if (e.mode() != plain.mode) {
      state.modality = e.mode();
    }
    if (e.time_scale() != plain.time_scale) {
      state.time_scale = e.time_scale();
    }
    if (e.transition() != plain.motion) {
      state.transition = e.transition();
    }
    if (const exit_callback<Context>* result = e.on_exit(); result != nullptr) {
      const typename types::result_binding* binding =
          result->binding != nullptr ? registry.find_result(result->binding) : nullptr;
      if (binding != nullptr) {
        state.on_exit = binding->key;
      } else {
        why = result->binding != nullptr
                  ? "its on_exit calls a member that save_types::result() did not register"
                  : "its on_exit is a closure, which a restore cannot rebuild";
      }
    }
    return state;
  }

  static restore_result restore(stack_type& s, const types& registry, const snapshot& saved,
                                restore_options options) {
    restore_result result;
    if (!s.admit("restore()")) {
      result.problem = "refused";
      return result;
    }
    if (options.above > s.entries_.staged().size()) {
      result.problem = "restore_options::above is " + std::to_string(options.above) +
                       ", above the staged stack, which holds " +
                       std::to_string(s.entries_.staged().size());
      s.fail(errc::bad_depth, "strata: restore(): " + result.problem);
      return result;
    }
    // Kept from one restore to the next on this thread, so that a warm restore allocates only
    // the states it builds. Taken while this one runs: another restore may start before it
    // returns (on another stack, from a constructor this one runs; from the error handler
    // without exceptions; from the observer), and finds none, so that it makes its own.
    static thread_local std::vector<entry> spare_batch;
    static thread_local record_scratch spare_scratch;
    std::vector<entry> batch = std::exchange(spare_batch, {});
    record_scratch scratch = std::exchange(spare_scratch, {});
    at_scope_exit keep{[&] {
      if (batch.capacity() >= spare_batch.capacity()) {
        batch.clear();
        spare_batch = std::move(batch);
        spare_scratch = std::move(scratch);
      }
    }};
    batch.reserve(saved.states.size());
    bool handed_over = false;
    at_scope_exit release{[&] {
      if (!handed_over) {
        for (const entry& e : batch) {
          s.drop(e);
        }
      }
    }};
    for (std::size_t i = 0; i < saved.states.size(); ++i) {
      entry e{};
      const entry* below = i > 0               ? &batch[i - 1]
                           : options.above > 0 ? &s.entries_.staged()[options.above - 1]
                                               : nullptr;
      std::string problem = build(s, registry, saved.states[i], below, scratch, e);
      if (!problem.empty()) {
        result.index = i;
        result.key = saved.states[i].key;
        result.problem = std::move(problem);
        s.fail(errc::restore_failed, "strata: restore(): state " + std::to_string(i) + " ('" +
                                         result.key + "'): " + result.problem);
        return result;
      }
      batch.push_back(e);
    }
    handed_over = true; // replace_above() releases them if it fails
    result.ok = s.replace_above(options.above, batch);
    return result;
  }

  // Rebuilds one saved state into `e`; returns why it cannot, or nothing. On failure `e` holds
  // nothing.
  // `below`: the entry it will be staged on, null for none.
  static std::string build(stack_type& s, const types& registry, const saved_state& saved,
                           const entry* below, record_scratch& scratch, entry& e) {
    const typename types::kind* kind = registry.find(saved.key);
    if (kind == nullptr) {
      return "no type is registered as '" + saved.key + "'";
    }
    const std::uint32_t version = saved.data.version() == 0 ? kind->version : saved.data.version();
    if (version > kind->version) {
      return "saved by version " + std::to_string(version) + ", newer than this program's " +
             std::to_string(kind->version);
    }
    if (version < kind->oldest) {
      return "saved by version " + std::to_string(version) + ", older than the oldest this " +
             "program reads (" + std::to_string(kind->oldest) + ")";
    }
    if (saved.time_scale && !valid_time_scale(*saved.time_scale)) {
      return "its time scale " + std::to_string(*saved.time_scale) +
             " is not a finite number, 0 or more";
    }
    if (saved.transition && !valid_transition(*saved.transition)) {
      return "its transition does not last a finite number of seconds, 0 or more";
    }
    const typename types::result_binding* binding = nullptr;
    if (saved.on_exit) {
      binding = registry.find_result(*saved.on_exit);
      if (binding == nullptr) {
        return "no result is registered as '" + *saved.on_exit + "'";
      }
      if (binding->state_ops != kind->ops) {
        return "its on_exit '" + *saved.on_exit + "' receives a '" +
               std::string(binding->state_ops->type_name) + "', not this state";
      }
      if (below == nullptr || below->ops != binding->below_ops) {
        return "its on_exit '" + *saved.on_exit + "' calls a '" +
               std::string(binding->below_ops->type_name) + "', and the state below is " +
               (below == nullptr ? "none" : "'" + std::string(below->name()) + "'");
      }
    }
    record& data = scratch.fill(saved.data);
    data.set_version(version);
    const bool built =
        s.as_request_code([&] { return kind->build(*s.context_, data, s.pool_, e); });
    if (!built || data.failed()) {
      if (built) {
        s.drop(e);
      }
      e = entry{};
      return std::string(data.problem());
    }
    on_unwind give_back{[&] { s.drop(e); }}; // out of memory for an override
    if (saved.name) {
      give_name(s.pool_, e, *saved.name);
    }
    if (saved.modality) {
      e.set_mode(*saved.modality);
    }
    if (saved.time_scale) {
      e.set_time_scale(*saved.time_scale);
    }
    if (saved.transition) {
      give_transition(s.pool_, e, *saved.transition, false);
    }
    if (binding != nullptr) {
      binding->give(s.pool_, e);
    }
    give_back.dismiss();
    return {};
  }
};

} // namespace detail

// The committed stack from `options.from` up, bottom to top, as a snapshot. A query: it calls
// each saved state's save() and nothing else.
template <class Context, class Event>
[[nodiscard]] save_result save(const stack<Context, Event>& states,
                               const save_types<Context, Event>& types, save_options options = {}) {
  return detail::save_access<Context, Event>::save(states, types, options);
}

// One request: rebuilds every state of `saved` and stages them, bottom to top, in place of the
// staged states above `options.above`. All or nothing: a key not registered, a version this
// program does not read, a record its state refuses or a factory that makes nothing stages
// nothing and fails with errc::restore_failed, naming the state. The next commit runs the
// ordinary hooks in the ordinary order (R2-R5).
template <class Context, class Event>
restore_result restore(stack<Context, Event>& states, const save_types<Context, Event>& types,
                       const snapshot& saved, restore_options options = {}) {
  return detail::save_access<Context, Event>::restore(states, types, saved, options);
}

} // namespace strata
