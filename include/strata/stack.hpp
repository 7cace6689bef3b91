// strata/stack.hpp: the stack of game states. Requests edit a staged copy at any moment;
// commit() brings the committed stack in line one hook at a time; the per-frame passes walk the
// committed stack only. docs/semantics.md is the specification; tests/ pins every rule; the
// parts are in detail/ (docs/design.md maps them).
#pragma once

#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "borrow.hpp"
#include "detail/running_guard.hpp"
#include "detail/scope_guard.hpp"
#include "detail/stack_line.hpp"
#include "detail/stack_passes.hpp"
#include "entry.hpp"
#include "error.hpp"
#include "observer.hpp"
#include "options.hpp"
#include "placeholders.hpp"
#include "probe.hpp"
#include "pushed.hpp"
#include "stack_view.hpp"
#include "transition.hpp"

namespace strata {

namespace detail {
template <class Context, class Event>
struct save_access; // save.hpp
} // namespace detail

template <class Context, class Event>
class poster; // poster.hpp

// A test on one entry, for pop_until.
template <class Predicate, class Context, class Event>
concept entry_predicate = std::predicate < Predicate&,
        const entry_view<Context, Event>
& > ;

template <class Context = no_context, class Event = no_event>
class stack : detail::stack_passes<Context, Event> {
  using base = detail::stack_passes<Context, Event>;
  using base::admit;
  using base::entries_;
  using base::fail;
  using base::guard_;
  using base::may_start;
  using base::passes_;
  using base::prepare_adopted;
  using base::prepare_borrowed;
  using base::ready_to_grow;
  using base::ready_to_replace;
  using base::restage_top;
  using base::settings_;
  using base::stage;
  using base::stage_if_room;
  using base::top_settled;
  using typename base::entry;

public:
  using context_type = Context;
  using event_type = Event;
  using view = stack_view<Context, Event>;
  template <class T>
  using pushed = strata::pushed<stack, T>;

  // The NOLINTs: clang-tidy 14's analyzer reports every field after the parts as uninitialized
  // once a part points into the stack itself (the pool, at settings_.memory), default
  // initializers and all; with the same part pointing elsewhere it reports nothing.
  explicit stack(Context& context, options opts = {}) requires(!std::is_same_v<Context, no_context>)
      // NOLINTNEXTLINE(clang-analyzer-optin.cplusplus.UninitializedObject)
      : stack(&context, std::move(opts)) {}
  explicit stack(options opts = {}) requires std::is_same_v<Context, no_context>
      // NOLINTNEXTLINE(clang-analyzer-optin.cplusplus.UninitializedObject)
      : stack(&unused_context_, std::move(opts)) {}

  stack(const stack&) = delete;
  stack& operator=(const stack&) = delete;
  stack(stack&&) = delete;
  stack& operator=(stack&&) = delete;

  // Every entered state gets its exit, top to bottom, with resume on each state revealed in
  // between. Requests made by those hooks are ignored. A hook that throws here terminates the
  // program, as any exception leaving a destructor does; clear() and commit() first to handle
  // exceptions from exit hooks.
  ~stack() { this->leave_on_destruction(); }

  // ---- requests: edit the staged stack only, call no hook, legal at any moment ----

  // Constructs T in the stack's pooled storage.
  template <class T, class... Args>
  pushed<T> push(Args&&... args) requires detail::constructible_in_place<T, Args...> {
    if (!admit("push()") || !ready_to_grow(1, detail::ops_for<T, Context, Event>.type_name)) {
      return {};
    }
    return pushed<T>{this, stage(this->template prepare_pooled<T>(std::forward<Args>(args)...))};
  }

  // Takes ownership of a state made elsewhere.
  template <class T>
  pushed<T> push(std::unique_ptr<T> state) {
    entry e{};
    if (!admit("push()") || !prepare_adopted(std::move(state), e)) {
      return {};
    }
    return pushed<T>{this, stage_if_room(e)};
  }

  // Uses a state that lives elsewhere (see strata::borrow).
  template <class T>
  pushed<T> push(borrowed<T> state) {
    entry e{};
    if (!admit("push()") || !prepare_borrowed(state, e, entries_.staged(), {})) {
      return {};
    }
    return pushed<T>{this, stage_if_room(e)};
  }

  // Pushes several states at once; the first listed ends on top and is the first to run, so a
  // sequence of phases reads in the order it plays. Each item is a state object (moved into
  // pooled storage), a std::unique_ptr, or a strata::borrow. All or nothing.
  template <class... Items>
  void push_first_on_top(Items&&... items) requires(sizeof...(Items) > 0) {
    if (admit("push_first_on_top()") && ready_to_grow(sizeof...(Items), {})) {
      this->stage_batch(std::forward<Items>(items)...);
    }
  }

  void pop() { this->pop_top(nullptr); }
  // R33: pop() whose state, if it has entered, leaves over `leaving.leave` seconds (letting
  // events pass if `leaving.input_passes`) instead of by its own transition.
  void pop(const strata::transition& leaving) { this->pop_top(&leaving); }

  // pop() then push(...) as one request: the new state is built before the old one is unstaged.
  template <class T, class... Args>
  pushed<T> replace(Args&&... args) requires detail::constructible_in_place<T, Args...> {
    if (!admit("replace()") || !ready_to_replace()) {
      return {};
    }
    return pushed<T>{this,
                     restage_top(this->template prepare_pooled<T>(std::forward<Args>(args)...))};
  }
  template <class T>
  pushed<T> replace(std::unique_ptr<T> state) {
    entry e{};
    if (!admit("replace()") || !ready_to_replace() || !prepare_adopted(std::move(state), e)) {
      return {};
    }
    return pushed<T>{this, restage_top(e)};
  }
  template <class T>
  pushed<T> replace(borrowed<T> state) {
    entry e{};
    // The staged top is about to go, so x may replace itself (R20).
    if (!admit("replace()") || !ready_to_replace() ||
        !prepare_borrowed(
            state, e, std::span<const entry>{entries_.staged()}.first(entries_.staged().size() - 1),
            {})) {
      return {};
    }
    return pushed<T>{this, restage_top(e)};
  }

  void clear() {
    if (admit("clear()")) {
      this->pop_down_to(0, cause::clear);
    }
  }
  // R33: clear() whose entered states leave over `leaving.leave` seconds instead of by their own
  // transitions (a quit to the title that fades everything out at once).
  void clear(const strata::transition& leaving) {
    if (admit("clear()") &&
        this->depart_with(0, leaving, "clear", [this] { this->make_room_to_unstage_down_to(0); })) {
      this->pop_down_to(0, cause::clear);
    }
  }

  // Pops the states above the nearest staged state named `name`, which stays.
  void pop_until(std::string_view name) {
    this->pop_until_match([name](const entry& e) { return e.name() == name; },
                          "no state named '" + std::string(name) + "'");
  }

  // Pops the states above the nearest staged state for which `matches(entry_view)` is true.
  template <entry_predicate<Context, Event> Predicate>
  void pop_until(Predicate matches) {
    this->pop_until_match(
        [&](const entry& e) {
          return static_cast<bool>(
              matches(entry_view<Context, Event>{e, entries_.index_in_staged(e)}));
        },
        "no state matching the predicate");
  }

  // Pops until `depth` states remain.
  void pop_to(std::size_t depth) {
    if (!admit("pop_to()")) {
      return;
    }
    if (depth > entries_.staged().size()) {
      fail(errc::bad_depth, "strata: pop_to(" + std::to_string(depth) +
                                ") is above the staged stack, which holds " +
                                std::to_string(entries_.staged().size()));
      return;
    }
    this->pop_down_to(depth, cause::pop);
  }

  // R31: pops the entry `id` names together with everything staged above it. Returns false, and
  // does nothing, when that entry is no longer staged (closed already, say): a dialog may close
  // itself after a toast was pushed above it, or twice, and never closes the wrong state.
  bool close(entry_id id) {
    if (!admit("close()")) {
      return false;
    }
    const std::size_t depth = entries_.find_staged(id);
    if (depth == entries_.npos) {
      return false;
    }
    this->pop_down_to(depth, cause::pop);
    return true;
  }

  // R31: the identity of the entry holding `state` (the object as pushed), so that a state can
  // find its own from inside its hooks: staged entries first, top first, then the committed ones
  // on their way out. entry_id::none if the stack does not hold it.
  template <class T>
  [[nodiscard]] entry_id id_of(const T& state) const {
    STRATA_IF_CHECKED(this->checks_.check_thread("id_of()");)
    return entries_.id_of_object(static_cast<const void*>(std::addressof(state)));
  }

  // ---- commit: reconcile the committed stack with the staged one ----

  void commit() {
    if (!may_start("commit()")) {
      return;
    }
    if (this->has_inbox_) [[unlikely]] {
      this->apply_posts(this); // R35: first, so that the commit carries out their requests
    }
    if (!has_steps()) {
      return;
    }
    this->commit_steps();
  }

  // ---- per-frame passes over the committed stack (detail/stack_passes.hpp) ----
  // update(dt), draw(), handle(event); R33: finish_transitions(), in_transition(),
  // presence_of(id); R36: begin_frame() and end_frame() for a game that runs its own frames.
  using base::begin_frame;
  using base::draw;
  using base::end_frame;
  using base::finish_transitions;
  using base::handle;
  using base::in_transition;
  using base::presence_of;
  using base::update;

  // One frame: commit, update, commit, draw. Each pass sees a fully committed stack, and what
  // a pass requests is committed before the next pass runs.
  void frame(double dt) { frame(dt, std::span<const Event>{}); }

  // One frame with input: commit, then each event followed by a commit (so the state an event
  // opens receives the next event), then update, commit, draw.
  void frame(double dt, std::span<const Event> events) {
    if (!may_start("frame()")) {
      return;
    }
    this->mark_frame(true); // R36
    const detail::at_scope_exit frame_over{[this] { this->mark_frame(false); }};
    commit();
    if constexpr (!std::is_same_v<Event, no_event>) {
      for (const Event& event : events) {
        handle(event);
        commit();
      }
    }
    update(dt);
    commit();
    draw();
  }

  // ---- queries ----

  // What runs this frame.
  [[nodiscard]] view committed() const { return view{*this, view::which::committed}; }
  // What the stack will be after the next commit.
  [[nodiscard]] view staged() const { return view{*this, view::which::staged}; }
  [[nodiscard]] std::size_t size() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("size()");)
    return entries_.committed_size();
  }
  [[nodiscard]] bool empty() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("empty()");)
    return entries_.committed_size() == 0;
  }
  // Whether a commit has work to do, posts waiting to be applied among it (R35).
  [[nodiscard]] bool pending() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("pending()");)
    return has_steps() || (this->has_inbox_ && this->inbox().has_posts());
  }

  // R29: the entry that got focus and has not had unfocus since (after a commit, the committed
  // top), or entry_id::none.
  [[nodiscard]] entry_id focused() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("focused()");)
    return this->focused_;
  }

  // Whether the committed top is no longer staged: its exit is due at the running (or next)
  // commit. A state revealed on its way out gets resume before exit (R8); this lets its resume
  // tell that apart from a real return to the top, e.g. to not start its next turn.
  [[nodiscard]] bool leaving() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("leaving()");)
    // R26: during destruction every committed state is unstaged, as after clear().
    return entries_.retiring_count() > 0 ||
           (guard_.now == detail::activity::destroying && entries_.committed_size() > 0);
  }

  // The committed stack in one line, bottom to top, the active state marked:
  // "system | title | world | level | pause*". Names escaped to keep it one line (R21).
  [[nodiscard]] std::string describe() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("describe()");)
    std::string line;
    detail::append_stack_line(line, entries_.committed_size(), [this](std::size_t depth) {
      return entries_.committed_at(depth).name();
    });
    return line;
  }

  [[nodiscard]] Context& context() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("context()");)
    return *this->context_;
  }

  // R35: a handle through which any thread may post requests to this stack, applied at the start
  // of the next commit (docs/threads.md). Needs #include <strata/poster.hpp>. The first call
  // makes the inbox every poster of this stack shares, kept with the stack's seldom used members,
  // which it makes from options::memory if nothing made them yet. Either may throw
  // std::bad_alloc, which leaves the stack as it was (the members, if made, stay made).
  template <class Handle = strata::poster<Context, Event>>
  requires std::same_as<Handle, strata::poster<Context, Event>>
  [[nodiscard]] Handle poster() {
    static_assert(
        requires { sizeof(Handle); }, "strata: stack::poster() needs #include <strata/poster.hpp>");
    STRATA_IF_CHECKED(this->checks_.check_thread("poster()");)
    if (guard_.now == detail::activity::destroying) {
      return Handle{}; // R35: its inbox is closed already; this one posts nowhere
    }
    if (!this->has_inbox_) {
      detail::cold_members& cold = this->cold_.get(settings_.memory); // may throw, changing nothing
      cold.inbox = Handle::open_inbox();
      this->has_inbox_ = true;
    }
    return Handle{&this->inbox()};
  }

  // ---- settings ----

  // A copy: the stack keeps its settings apart (the error handler with what it seldom touches).
  [[nodiscard]] strata::options settings() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("settings()");)
    return this->current_options();
  }
  void set_coalesced(bool on) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_coalesced()");)
    this->coalesced_ = on; // kept among the flags, not in settings_
  }
  void set_max_transitions(std::size_t limit) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_max_transitions()");)
    settings_.max_transitions = limit;
  }
  void set_max_depth(std::size_t limit) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_max_depth()");)
    settings_.max_depth = limit;
  }
  void set_error_handler(error_handler handler) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_error_handler()");)
    this->replace_error_handler(std::move(handler));
  }
  void set_observer(strata::observer watcher) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_observer()");)
    this->replace_observer(std::move(watcher));
  }
  // R36: `watcher` (not owned; null removes it) is told of every hook call, request, step and
  // frame from now on. Only between calls to the stack: not from a hook, the observer or a probe.
  void set_probe(strata::probe* watcher) {
    STRATA_IF_CHECKED(this->checks_.check_thread("set_probe()");)
    this->replace_probe(watcher);
  }

private:
  template <class S, class T>
  friend class strata::pushed;
  friend class stack_view<Context, Event>;
  friend struct detail::save_access<Context, Event>;

  // Whether the committed stack differs from the staged one, or its top is not settled (R29).
  [[nodiscard]] bool has_steps() const {
    return entries_.has_steps() || leaving() || this->top_unsettled_;
  }

  using staged_slot = detail::staged_slot;

  stack(Context* context, options opts)
      : base(context, std::move(opts)) {}

  static inline no_context unused_context_{};
};

} // namespace strata
