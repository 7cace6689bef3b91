// strata/detail/stack_core.hpp: what every part of a stack shares: its parts (the entries, the
// pass lists, the running-code guard, the runaway log, the pool), its settings, and the three
// ways it reaches the game's code outside hooks: destroying a state, reporting an error, telling
// the observer. The requests (stack_requests.hpp) and the commit (stack_commit.hpp) build on it.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../entry.hpp"
#include "../error.hpp"
#include "../observer.hpp"
#include "../options.hpp"
#include "../probe.hpp"
#include "attachments.hpp"
#include "block_pool.hpp"
#include "checked.hpp"
#include "cold_members.hpp"
#include "entry_stacks.hpp"
#include "inbox_door.hpp"
#include "message.hpp"
#include "pass_lists.hpp"
#include "rare_lists.hpp"
#include "runaway_log.hpp"
#include "running_guard.hpp"
#include "scope_guard.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_core {
public:
  stack_core(const stack_core&) = delete;
  stack_core& operator=(const stack_core&) = delete;

protected:
  using entry = detail::entry<Context, Event>;
  using ops = type_ops<Context, Event>;

  stack_core(Context* context, options opts)
      : context_(context)
      , coalesced_(opts.coalesced)
      , settings_{opts.memory, opts.max_transitions, opts.max_depth}
      , pool_(&settings_.memory) {
    replace_error_handler(std::move(opts.on_error));
  }
  ~stack_core() {
    entries_.release(settings_.memory);
    passes_.release(settings_.memory);
    rare_.release(settings_.memory);
    cold_.release(settings_.memory);
  }

  // The settings in force, the error handler with them.
  [[nodiscard]] strata::options current_options() const {
    const cold_members* const cold = cold_.find();
    return {coalesced_, settings_.max_transitions, settings_.max_depth, settings_.memory,
            cold != nullptr ? cold->on_error : error_handler{}};
  }

  // R26: during destruction every state is unstaged, though the entries stay where they are
  // (see stack_commit::leave_on_destruction()).
  [[nodiscard]] std::size_t staged_size() const {
    return guard_.now == activity::destroying ? 0 : entries_.staged().size();
  }

  // The state whose lifecycle hook runs: the committed top, but for an unfocus (R29).
  [[nodiscard]] const entry& hook_owner() const {
    return guard_.unfocusing == running_guard::no_depth ? entries_.committed_top()
                                                        : entries_.committed_at(guard_.unfocusing);
  }
  [[nodiscard]] std::string where() const {
    return guard_.where(guard_.in_hook() ? hook_owner().name() : std::string_view{});
  }

  // Whether a commit or pass may start; reports the misuse if not.
  bool may_start(const char* what) {
    STRATA_IF_CHECKED(checks_.check_thread(what);)
    if (guard_.idle()) [[likely]] {
      return true;
    }
    reentrant_call(what);
    return false;
  }
  [[gnu::cold, gnu::noinline]] void reentrant_call(const char* what) {
    fail(errc::reentrant_call, guard_.request_code != nullptr
                                   ? guard_.inside_request_message(what)
                                   : guard_.reentrant_message(what, where()));
  }

  // Runs game code on behalf of the current request (R24: that code may not make requests).
  // Only these calls pay for the bookkeeping, so that a request that runs no such code costs one
  // store more than before.
  template <class Call>
  decltype(auto) as_request_code(Call&& call) {
    const marked<const char*> running{guard_.request_code, guard_.current_request};
    return std::forward<Call>(call)();
  }
  // Runs game code on behalf of a query that reads the stack (save(): each state's save()), which
  // must not change it: a request, commit or pass from that code is refused as from a request's
  // (R24). A commit there would destroy entries the query is reading.
  template <class Call>
  decltype(auto) as_query_code(const char* query, Call&& call) const {
    const marked<const char*> running{guard_.request_code, query};
    return std::forward<Call>(call)();
  }
  // R35: the posters' inbox; only while has_inbox_.
  [[nodiscard]] inbox_door& inbox() const { return *cold_.find()->inbox; }
  // R35: runs the posts waiting, at the start of a commit, as requests of code outside any hook;
  // `stack` is the strata::stack, as the posted callables take it. Out of line: rare.
  [[gnu::noinline]] void apply_posts(void* stack) {
    const activity_scope scope{guard_, activity::applying_posts};
    inbox().apply_posts(stack);
  }

  // Destroys a state that a request drops.
  void drop(const entry& e) noexcept {
    as_request_code([&] { release(e); });
  }

  void release(const entry& e) noexcept {
    STRATA_IF_CHECKED(checks_.stack_changed();) // a view of `e` would dangle
    if (e.extras != nullptr) {
      release_extras(pool_, e.extras);
    }
    switch (e.owned()) {
    case ownership::pooled:
      e.ops->destroy(e.object);
      pool_.deallocate(e.object, e.ops->size, e.ops->align);
      break;
    case ownership::adopted: e.ops->delete_owned(e.object); break;
    case ownership::borrowed: break;
    }
  }

  // R23: a push made by a hook or the observer during a commit is recorded for the transition
  // limit's message. The log to record it in (null for any other push), made if need be, so
  // that a push fetches it before it changes anything. May throw (out of memory).
  runaway_log* log_for_push() {
    if (guard_.pushing_in_commit()) [[unlikely]] {
      return &cold_.log(settings_.memory);
    }
    return nullptr;
  }
  [[gnu::noinline]] void record_push(runaway_log& log, const entry& pushed) {
    log.record(guard_.observing() ? std::string_view{} : hook_owner().name(), pushed.name());
  }

  // Every error is found before the failing call changes anything.
  void fail(errc code, const std::string& message) {
#ifndef STRATA_NO_EXCEPTIONS
    throw error(code, message);
#else
    const error problem(code, message);
    cold_members* const handled = cold_.find();
    if (handled != nullptr && handled->on_error) {
      // So the handler may make requests and commits as if the call had not started (unless the
      // call itself came from code a request runs); only destroying the stack must wait until
      // the call has returned.
      const bool outer_handler = std::exchange(guard_.in_error_handler, true);
      at_scope_exit restore{[&] {
        guard_.in_error_handler = outer_handler;
        if (!outer_handler && handled->next_handler) {
          handled->on_error = *std::move(handled->next_handler); // see replace_error_handler()
          handled->next_handler.reset();
        }
      }};
      handled->on_error(problem);
      return;
    }
    std::fprintf(stderr, "%s\n", problem.what());
    std::abort();
#endif
  }

  void replace_error_handler(error_handler handler) {
    if (!handler && cold_.find() == nullptr) {
      return; // no handler, and none to remove
    }
    cold_members& cold = cold_.get(settings_.memory);
    if (guard_.in_error_handler) {
      // R27: the running handler is neither moved nor destroyed under itself (a std::function
      // keeps a small callable inside itself): the new one takes over when its call is over.
      cold.next_handler = std::move(handler);
      return;
    }
    cold.on_error = std::move(handler);
  }

  void replace_observer(strata::observer watcher) {
    if (!watcher && cold_.find() == nullptr) {
      return; // no observer, and none to remove
    }
    cold_members& cold = cold_.get(settings_.memory);
    if (guard_.observing()) {
      // R22: the running observer is neither moved nor destroyed under itself (a std::function
      // keeps a small callable inside itself): the new one takes over when its call is over.
      cold.next_observer = std::move(watcher);
      return;
    }
    cold.observer = std::move(watcher);
    observed_ = cold.watched();
  }

  // Kept as a flag beside the hot members, so that each step tests one byte for the observer
  // and the probe (R36).
  [[nodiscard]] bool observed() const {
    return observed_;
  }

  void notify(step what, const entry& e, std::size_t depth) {
    if (observed()) [[unlikely]] {
      tell_observer(what, e, depth);
    }
  }

  [[gnu::noinline]] void tell_observer(step what, const entry& e, std::size_t depth) {
    // R22: the observer's requests may destroy the state it is told about, so a name the state
    // owns (given with .name() or returned by its name()) is copied for the call. The copy is
    // null-terminated, which the C API relies on.
    const std::string_view name = e.name();
    std::array<char, 64> small;
    std::string large;
    std::string_view kept = name;
    if (e.name_override() != nullptr || e.ops->name_of != nullptr) {
      if (name.size() < small.size()) {
        std::copy_n(name.data(), name.size(), small.data()); // not memcpy: data() may be null
        small[name.size()] = '\0';
        kept = std::string_view{small.data(), name.size()};
      } else {
        large.assign(name);
        kept = large;
      }
    }
    // An observer may make requests, but not run hooks in the middle of the request or commit
    // step that it is being told about.
    const bool outermost = !guard_.observing();
    const char* const request = guard_.current_request; // an observer's request replaces it
    cold_members& cold = *cold_.find();                 // made when the observer was set
    ++guard_.observer_nesting;
    at_scope_exit restore{[&] {
      guard_.current_request = request;
      --guard_.observer_nesting;
      if (outermost && cold.next_observer) {
        cold.observer = *std::move(cold.next_observer); // see replace_observer()
        cold.next_observer.reset();
        observed_ = cold.watched();
      }
    }};
    const step_info info{what, kept, depth, e.id()};
    if (cold.probe != nullptr) {
      const step_call told{info, e.mode(), cold.frame};
      as_probe_code([&] { cold.probe->step(told); });
    }
    if (cold.observer) {
      cold.observer(info);
    }
  }

  // R36: runs a probe's call: what it starts is refused as from code a request runs (R24).
  template <class Call>
  void as_probe_code(Call&& call) {
    const marked<const char*> running{guard_.request_code, running_guard::probe_code};
    std::forward<Call>(call)();
  }

  // First, together, what a frame of an unchanged stack reads (bench S5 steps 100,000 stacks):
  // whether anything runs, the context, the entry counts, the flags (whether the commit has steps
  // left to settle the top, an inbox to apply), where the passes start. At the object's start
  // they share the fewest cache lines wherever the allocator puts it: measured on S5 with the
  // object padded by 0 to 56 bytes, a step missed the first-level cache 4.62 to 4.77 times, and
  // 4.66 to 5.01 with the settings first (g++ 12; S2 and S3 one instruction more, S4 one fewer;
  // clang 14 the same, S2F 3 more). With the flags among the rest, a step missed 5.6 times.
  // Mutable for as_query_code(): which code is running is bookkeeping, not the stack's value.
  mutable running_guard guard_;
  Context* context_;
  entry_stacks<Context, Event> entries_;
  // R29: the committed top is paused or not focused, so a commit has work; kept for pending().
  bool top_unsettled_ = false;
  // R35: the cold members hold the inbox of this stack's posters, made by the first poster():
  // all a stack that never made a poster pays for them at each commit is this flag's test.
  bool has_inbox_ = false;
  bool observed_ = false;    // the cold members hold an observer
  bool just_paused_ = false; // the top was paused by the advance under way, for the next enter
  bool coalesced_;           // options::coalesced
  // R29: the focused state's type has an unfocus hook, so that a commit that takes the focus
  // from a state without one need not find it (a flag in the flags' word, not its type: 8 bytes
  // of the object).
  bool focused_has_unfocus_ = false;
  pass_lists<Context, Event> passes_;
  // The settings a stack reads as it works: the pool below keeps the address of its allocator.
  // options::coalesced is kept with the flags above, options::on_error with the cold members (it
  // is read only when an error is reported): issue 12, sizeof.
  struct kept_settings {
    strata::memory memory;
    std::size_t max_transitions;
    std::size_t max_depth;
  };
  kept_settings settings_;
  block_pool pool_;
  entry_id focused_ = entry_id::none; // R29: got focus and not yet unfocus
  std::size_t transitions_ = 0;
  // Cold members last.
  rare_storage<entry> rare_; // R33's entries in motion, a multi-pop's dropped: rare_lists.hpp
  cold_storage cold_;        // the observer, the runaway log, ...: see cold_members.hpp
  // The checked configuration's record: the owning thread, and the generation views compare.
  STRATA_IF_CHECKED(stack_checks checks_;)
};

} // namespace strata::detail
