// strata/stack.hpp: the stack of game states. Requests edit a staged copy at any moment;
// commit() brings the committed stack in line one hook at a time; the per-frame passes walk the
// committed stack only. docs/semantics.md is the specification; tests/ pins every rule.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <memory_resource>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/block_pool.hpp"
#include "detail/checked.hpp"
#include "detail/hooks.hpp"
#include "detail/message.hpp"
#include "detail/scope_guard.hpp"
#include "entry.hpp"
#include "error.hpp"
#include "modality.hpp"
#include "observer.hpp"
#include "options.hpp"
#include "placeholders.hpp"
#include "pushed.hpp"
#include "stack_view.hpp"

namespace strata {

// A state that lives elsewhere; see strata::borrow.
template <class T>
struct borrowed {
  T* state;
};

// Marks a state the stack may use but must never destroy. The object must outlive its time on
// the stack: until the commit that exits it, or until the request that drops it before entry.
template <class T>
borrowed<T> borrow(T& state) {
  return borrowed<T>{&state};
}

// A test on one entry, for pop_until.
template <class Predicate, class Context, class Event>
concept entry_predicate = std::predicate < Predicate&,
        const entry_view<Context, Event>
& > ;

namespace detail {
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
} // namespace detail

template <class Context = no_context, class Event = no_event>
class stack {
  using entry = detail::entry<Context, Event>;
  using ops = detail::type_ops<Context, Event>;

public:
  using context_type = Context;
  using event_type = Event;
  using view = stack_view<Context, Event>;
  template <class T>
  using pushed = strata::pushed<stack, T>;

  explicit stack(Context& context, options opts = {}) requires(!std::is_same_v<Context, no_context>)
      : stack(&context, std::move(opts)) {}
  explicit stack(options opts = {}) requires std::is_same_v<Context, no_context>
      : stack(&unused_context_, std::move(opts)) {}

  stack(const stack&) = delete;
  stack& operator=(const stack&) = delete;
  stack(stack&&) = delete;
  stack& operator=(stack&&) = delete;

  // Every entered state gets its exit, top to bottom, with resume on each state revealed in
  // between. Requests made by those hooks are ignored. A hook that throws here terminates the
  // program, as any exception leaving a destructor does; clear() and commit() first to handle
  // exceptions from exit hooks.
  ~stack() {
    STRATA_IF_CHECKED(checks_.check_thread("~stack()");)
    if (activity_ != activity::idle || observing() || request_code_running_ != nullptr ||
        in_error_handler_) {
      // Written whole: a state's name may hold a NUL byte (R21).
      const std::string message =
          detail::join({"strata: stack destroyed ", where(), "; a stack must outlive its hooks\n"});
      std::fwrite(message.data(), 1, message.size(), stderr);
      std::abort();
    }
    activity_ = activity::destroying;
    // Everything leaves, as under clear() (R26): the staged view reads empty from here on, and the
    // observer is told each pop, top first. The states stay where they are rather than move to
    // retiring_ or dropping_, which could need memory that a destructor cannot fail to get;
    // requests are ignored now, so the observer cannot prolong these loops.
    while (staged_.size() > committed_prefix_) {
      unstage_top();
    }
    for (std::size_t depth = committed_prefix_; depth-- > 0;) {
      notify(step::pop, staged_[depth], depth);
    }
    while (step_towards_staged()) {
    }
  }

  // ---- requests: edit the staged stack only, call no hook, legal at any moment ----

  // Constructs T in the stack's pooled storage.
  template <class T, class... Args>
  pushed<T> push(Args&&... args) requires detail::constructible_in_place<T, Args...> {
    if (!admit("push()") || !ready_to_grow(1, detail::ops_for<T, Context, Event>.type_name)) {
      return {};
    }
    return pushed<T>{this, stage(prepare_pooled<T>(std::forward<Args>(args)...))};
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
    if (!admit("push()") || !prepare_borrowed(state, e, staged_, {})) {
      return {};
    }
    return pushed<T>{this, stage_if_room(e)};
  }

  // Pushes several states at once; the first listed ends on top and is the first to run, so a
  // sequence of phases reads in the order it plays. Each item is a state object (moved into
  // pooled storage), a std::unique_ptr, or a strata::borrow. All or nothing.
  template <class... Items>
  void push_first_on_top(Items&&... items) requires(sizeof...(Items) > 0) {
    if (!admit("push_first_on_top()") || !ready_to_grow(sizeof...(Items), {})) {
      return;
    }
    // Every item is prepared before the first is staged, so that a failure leaves nothing behind
    // and the observer only hears of (and can only react to) a batch that went through.
    std::array<entry, sizeof...(Items)> batch{};
    std::size_t prepared = 0;
    std::size_t next = 0; // batch[next, prepared) is still ours to release
    detail::at_scope_exit release_rest{[&] {
      for (; next < prepared; ++next) {
        drop(batch[next]);
      }
    }};
    if (!prepare_last_first(std::span<entry>{batch}, prepared, std::forward<Items>(items)...)) {
      return;
    }
    staged_.reserve(staged_.size() + sizeof...(Items));
    // R10: the batch is one block. It is staged whole before the observer hears of it, so that
    // the observer's own requests (pushes on each push, say) land above it and meet the depth
    // limit with the whole batch counted.
    std::array<staged_slot, sizeof...(Items)> slots{};
    for (; next < prepared; ++next) {
      slots[next] = place(batch[next]);
    }
    for (const staged_slot slot : slots) {
      tell_staged(slot);
    }
  }

  void pop() {
    if (!admit("pop()")) {
      return;
    }
    if (staged_.empty()) {
      fail(errc::empty_stack, "strata: pop() on an empty stack");
      return;
    }
    unstage_top();
  }

  // pop() then push(...) as one request: the new state is built before the old one is unstaged.
  template <class T, class... Args>
  pushed<T> replace(Args&&... args) requires detail::constructible_in_place<T, Args...> {
    if (!admit("replace()") || !ready_to_replace()) {
      return {};
    }
    return pushed<T>{this, restage_top(prepare_pooled<T>(std::forward<Args>(args)...))};
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
        !prepare_borrowed(state, e, std::span<const entry>{staged_}.first(staged_.size() - 1),
                          {})) {
      return {};
    }
    return pushed<T>{this, restage_top(e)};
  }

  void clear() {
    if (admit("clear()")) {
      pop_down_to(0);
    }
  }

  // Pops the states above the nearest staged state named `name`, which stays.
  void pop_until(std::string_view name) {
    pop_until_match([name](const entry& e) { return e.name() == name; },
                    "no state named '" + std::string(name) + "'");
  }

  // Pops the states above the nearest staged state for which `matches(entry_view)` is true.
  template <entry_predicate<Context, Event> Predicate>
  void pop_until(Predicate matches) {
    pop_until_match(
        [&](const entry& e) {
          return static_cast<bool>(matches(entry_view<Context, Event>{e, index_in_staged(e)}));
        },
        "no state matching the predicate");
  }

  // Pops until `depth` states remain.
  void pop_to(std::size_t depth) {
    if (!admit("pop_to()")) {
      return;
    }
    if (depth > staged_.size()) {
      fail(errc::bad_depth, "strata: pop_to(" + std::to_string(depth) +
                                ") is above the staged stack, which holds " +
                                std::to_string(staged_.size()));
      return;
    }
    pop_down_to(depth);
  }

  // R31: pops the entry `id` names together with everything staged above it. Returns false, and
  // does nothing, when that entry is no longer staged (closed already, say): a dialog may close
  // itself after a toast was pushed above it, or twice, and never closes the wrong state.
  bool close(entry_id id) {
    if (!admit("close()")) {
      return false;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (staged_[depth].id == id) {
        pop_down_to(depth);
        return true;
      }
    }
    return false;
  }

  // R31: the identity of the entry holding `state` (the object as pushed), so that a state can
  // find its own from inside its hooks: staged entries first, top first, then the committed ones
  // on their way out. entry_id::none if the stack does not hold it.
  template <class T>
  [[nodiscard]] entry_id id_of(const T& state) const {
    STRATA_IF_CHECKED(checks_.check_thread("id_of()");)
    const void* const object = static_cast<const void*>(std::addressof(state));
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (staged_[depth].object == object) {
        return staged_[depth].id;
      }
    }
    for (std::size_t depth = committed_size(); depth-- > committed_prefix_;) {
      if (committed_at(depth).object == object) {
        return committed_at(depth).id;
      }
    }
    return entry_id::none;
  }

  // ---- commit: reconcile the committed stack with the staged one ----

  void commit() {
    if (!may_start("commit()")) {
      return;
    }
    if (!pending()) {
      return;
    }
    activity_scope scope{*this, activity::committing};
    // pending() reads this flag: it holds the truth again however the commit ends.
    detail::on_unwind settled_or_not{[this] { top_unsettled_ = !top_settled(); }};
    just_paused_ = false;
    transitions_ = 0;
    recent_push_count_ = 0;
    do {
      while (step_towards_staged()) {
      }
    } while (settle_focus());
    settled_or_not.dismiss();
    // Only a commit stopped by its transition limit ends without settling the top (R29).
    top_unsettled_ = transitions_ > options_.max_transitions && !top_settled();
  }

  // ---- per-frame passes over the committed stack ----

  // Bottom to top: `update` on the top state, `update_covered` on each state below it that the
  // states above let updates through to.
  void update(double dt) {
    if (!may_start("update()")) {
      return;
    }
    // One test for the empty stack and R30/R32's general path, so that neither costs a stack
    // without them anything per frame.
    if (!update_plain_) [[unlikely]] {
      if (!layers_.empty()) {
        activity_scope scope{*this, activity::updating};
        update_with_extras(dt);
      }
      return;
    }
    activity_scope scope{*this, activity::updating};
    const layer& top = layers_.back();
    const entry& active = committed_top();
    const update_call top_call{active.ops->update, active.object};
    // The top's own update_covered entry, if any, lies at or above top.covered_below.
    // A pass cannot change the call lists (hooks only stage requests): walk local pointers.
    Context& context = *context_;
    const update_call* call = covered_calls_.data() + layers_[top.update_floor].covered_below;
    const update_call* const end = covered_calls_.data() + top.covered_below;
    for (; call != end; ++call) {
      call->fn(call->object, context, dt);
    }
    if (top_call.fn != nullptr) {
      top_call.fn(top_call.object, context, dt);
    }
  }

  // Bottom to top over the states visible through the ones above.
  void draw() {
    if (!may_start("draw()")) {
      return;
    }
    if (layers_.empty()) {
      return;
    }
    activity_scope scope{*this, activity::drawing};
    for (std::size_t i = layers_[layers_.back().draw_floor].draws_below; i < draw_calls_.size();
         ++i) {
      draw_calls_[i].fn(draw_calls_[i].object, *context_);
    }
  }

  // Top to bottom until a state consumes the event; returns whether one did.
  bool handle(const Event& event) requires(!std::is_same_v<Event, no_event>) {
    if (!may_start("handle()")) {
      return false;
    }
    if (layers_.empty()) {
      return false;
    }
    activity_scope scope{*this, activity::handling};
    const std::size_t first = layers_[layers_.back().input_floor].handlers_below;
    for (std::size_t i = handle_calls_.size(); i-- > first;) {
      if (handle_calls_[i].fn(handle_calls_[i].object, *context_, event)) {
        return true;
      }
    }
    return false;
  }

  // One frame: commit, update, commit, draw. Each pass sees a fully committed stack, and what
  // a pass requests is committed before the next pass runs.
  void frame(double dt) { frame(dt, std::span<const Event>{}); }

  // One frame with input: commit, then each event followed by a commit (so the state an event
  // opens receives the next event), then update, commit, draw.
  void frame(double dt, std::span<const Event> events) {
    if (!may_start("frame()")) {
      return;
    }
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
    STRATA_IF_CHECKED(checks_.check_thread("size()");)
    return committed_size();
  }
  [[nodiscard]] bool empty() const {
    STRATA_IF_CHECKED(checks_.check_thread("empty()");)
    return committed_size() == 0;
  }
  // Whether a commit has work to do.
  [[nodiscard]] bool pending() const {
    STRATA_IF_CHECKED(checks_.check_thread("pending()");)
    return leaving() || committed_prefix_ < staged_.size() || top_unsettled_;
  }

  // Whether the committed top is no longer staged: its exit is due at the running (or next)
  // commit. A state revealed on its way out gets resume before exit (R8); this lets its resume
  // tell that apart from a real return to the top, e.g. to not start its next turn.
  [[nodiscard]] bool leaving() const {
    STRATA_IF_CHECKED(checks_.check_thread("leaving()");)
    // R26: during destruction every committed state is unstaged, as after clear().
    return retiring_count() > 0 || (activity_ == activity::destroying && committed_size() > 0);
  }

  // The committed stack in one line, bottom to top, the active state marked:
  // "system | title | world | level | pause*".
  [[nodiscard]] std::string describe() const {
    STRATA_IF_CHECKED(checks_.check_thread("describe()");)
    if (committed_size() == 0) {
      return "(empty)";
    }
    std::string line;
    for (std::size_t i = 0; i < committed_size(); ++i) {
      line += (i == 0 ? "" : " | ");
      line += committed_at(i).name();
    }
    return line + "*";
  }

  [[nodiscard]] Context& context() const {
    STRATA_IF_CHECKED(checks_.check_thread("context()");)
    return *context_;
  }

  // ---- settings ----

  [[nodiscard]] const strata::options& settings() const {
    STRATA_IF_CHECKED(checks_.check_thread("settings()");)
    return options_;
  }
  void set_coalesced(bool on) {
    STRATA_IF_CHECKED(checks_.check_thread("set_coalesced()");)
    options_.coalesced = on;
  }
  void set_max_transitions(std::size_t limit) {
    STRATA_IF_CHECKED(checks_.check_thread("set_max_transitions()");)
    options_.max_transitions = limit;
  }
  void set_max_depth(std::size_t limit) {
    STRATA_IF_CHECKED(checks_.check_thread("set_max_depth()");)
    options_.max_depth = limit;
  }
  void set_error_handler(error_handler handler) {
    STRATA_IF_CHECKED(checks_.check_thread("set_error_handler()");)
    if (in_error_handler_) {
      // R27: the running handler is neither moved nor destroyed under itself (a std::function
      // keeps a small callable inside itself): the new one takes over when its call is over.
      next_handler_ = std::move(handler);
      return;
    }
    options_.on_error = std::move(handler);
  }
  void set_observer(strata::observer watcher) {
    STRATA_IF_CHECKED(checks_.check_thread("set_observer()");)
    if (observing()) {
      // R22: the running observer is neither moved nor destroyed under itself (a std::function
      // keeps a small callable inside itself): the new one takes over when its call is over.
      next_observer_ = std::move(watcher);
      return;
    }
    observer_ = std::move(watcher);
  }

private:
  template <class S, class T>
  friend class strata::pushed;
  friend class stack_view<Context, Event>;

  enum class activity : unsigned char { idle, committing, updating, drawing, handling, destroying };

  struct update_call {
    detail::update_fn<Context> fn;
    void* object;
  };
  struct draw_call {
    detail::draw_fn<Context> fn;
    void* object;
  };
  struct handle_call {
    detail::handle_fn<Context, Event> fn;
    void* object;
  };

  // What the passes need to know about one committed depth. The committed stack only ever
  // changes at its top, so the call lists below are stacks too: entering a state appends its
  // calls, removing it truncates them, and a pass finds where it starts in O(1) from its floor.
  struct layer {
    // The lowest depth each pass reaches while this depth is the top.
    std::uint32_t update_floor;
    std::uint32_t draw_floor;
    std::uint32_t input_floor;
    // The sizes of the call lists before this depth's own calls.
    std::uint32_t covered_below;
    std::uint32_t draws_below;
    std::uint32_t handlers_below;
    // R32: scratch of update_with_extras(): the factor on the dt of this depth's covered update.
    float dt_factor;
  };

  // Who pushed what during the running commit, kept to name the culprits of a runaway commit.
  // The names are copies: those states may be gone by the time the commit is stopped.
  using short_name = std::array<char, 32>;
  struct push_record {
    short_name by; // empty: the observer
    short_name pushed;
  };

  class activity_scope {
  public:
    activity_scope(stack& owner, activity now)
        : owner_(owner) {
      owner_.activity_ = now;
    }
    activity_scope(const activity_scope&) = delete;
    activity_scope& operator=(const activity_scope&) = delete;
    ~activity_scope() {
      owner_.activity_ = activity::idle;
      owner_.hook_running_ = nullptr;
    }

  private:
    stack& owner_;
  };

  stack(Context* context, options opts)
      : context_(context)
      , options_(std::move(opts))
      , pool_(options_.memory)
      , staged_(options_.memory)
      , retiring_(options_.memory)
      , layers_(options_.memory)
      , covered_calls_(options_.memory)
      , draw_calls_(options_.memory)
      , handle_calls_(options_.memory)
      , always_calls_(options_.memory)
      , dropping_(options_.memory) {}

  // ---- the committed stack: the staged prefix, then the retiring entries ----
  //
  // staged_[0, committed_prefix_) is committed and staged alike. Committed entries that a
  // request unstaged wait in retiring_ for their exit, top first from retiring_head_, so the
  // next exit and the next unstaged entry are both O(1) at either end.

  [[nodiscard]] std::size_t retiring_count() const { return retiring_.size() - retiring_head_; }
  // During destruction every state is unstaged, though the entries stay where they are (see
  // ~stack).
  [[nodiscard]] std::size_t staged_size() const {
    return activity_ == activity::destroying ? 0 : staged_.size();
  }
  [[nodiscard]] std::size_t committed_size() const { return committed_prefix_ + retiring_count(); }
  [[nodiscard]] const entry& committed_at(std::size_t depth) const {
    return depth < committed_prefix_
               ? staged_[depth]
               : retiring_[retiring_.size() - 1 - (depth - committed_prefix_)];
  }
  [[nodiscard]] entry& committed_top() {
    return retiring_count() > 0 ? retiring_[retiring_head_] : staged_[committed_prefix_ - 1];
  }
  [[nodiscard]] const entry& committed_top() const {
    return retiring_count() > 0 ? retiring_[retiring_head_] : staged_[committed_prefix_ - 1];
  }
  [[nodiscard]] std::size_t index_in_staged(const entry& e) const {
    return static_cast<std::size_t>(&e - staged_.data());
  }

  entry take_retiring_top() {
    forget_committed_top();
    entry e = retiring_[retiring_head_++];
    if (retiring_head_ == retiring_.size()) {
      retiring_.clear();
      retiring_head_ = 0;
    }
    return e;
  }

  // ---- commit steps ----
  //
  // One hook per step; the staged stack is read again before every step because any hook may
  // have made requests. The order of the checks is the specification in docs/semantics.md.
  bool step_towards_staged() {
    STRATA_IF_CHECKED(checks_.stack_changed();)
    const bool has_top = committed_size() > 0;
    const bool must_retreat =
        retiring_count() > 0 || (has_top && activity_ == activity::destroying);
    const bool can_advance = !must_retreat && committed_prefix_ < staged_.size();
    if (has_top && committed_top().paused) {
      // A revealed state is resumed, unless coalescing skips the resume because the commit
      // covers or exits it again; a state paused by this very advance stays paused for the enter.
      const bool stays_paused =
          options_.coalesced ? (can_advance || must_retreat) : (can_advance && just_paused_);
      if (!stays_paused) {
        // R23: a resume right after this commit paused the top means the enter it paused for
        // was cancelled. It counts as a transition, so that a pause that pops and a resume that
        // pushes again cannot loop for ever.
        if (just_paused_ && !within_transition_limit()) {
          return false;
        }
        resume_top();
        return true;
      }
    }
    if (must_retreat) {
      if (committed_top().id == focused_) [[unlikely]] {
        unfocus(committed_size() - 1); // R29: a step of its own, right before the exit
        return true;
      }
      if (!within_transition_limit()) {
        return false;
      }
      exit_top();
      return true;
    }
    if (can_advance) {
      if (has_top && !committed_top().paused) {
        pause_top();
      } else {
        if (!within_transition_limit()) {
          return false;
        }
        enter_next();
      }
      return true;
    }
    return false;
  }

  // The hook is over however it ends: a state destroyed because its enter or exit threw (R25)
  // runs its destructor with no hook marked as running, so the destructor's requests are
  // ordinary ones (R24).
  void run_hook(detail::lifecycle_fn<Context> hook, void* object, const char* hook_name) {
    hook_running_ = hook_name;
    detail::at_scope_exit over{[this] { hook_running_ = nullptr; }};
    hook(object, *context_);
  }

  void resume_top() {
    entry& top = committed_top();
    top.paused = false; // counts as resumed even if the hook throws
    just_paused_ = false;
    if (top.ops->resume != nullptr) {
      run_hook(top.ops->resume, top.object, "resume");
    }
    notify(step::resume, committed_top(), committed_size() - 1);
  }

  void pause_top() {
    entry& top = committed_top();
    top.paused = true; // counts as paused even if the hook throws
    just_paused_ = true;
    if (top.ops->pause != nullptr) {
      run_hook(top.ops->pause, top.object, "pause");
    }
    notify(step::pause, committed_top(), committed_size() - 1);
  }

  void enter_next() {
    // The entering state is committed while its enter runs, so a request that unstages it then
    // schedules its exit instead of destroying it under its own feet.
    remember_committed_top(staged_[committed_prefix_]);
    ++committed_prefix_;
    just_paused_ = false;
    entry& entering = staged_[committed_prefix_ - 1];
    entering.paused = false;
    if (entering.ops->enter != nullptr) {
      // A state whose enter throws never entered: it leaves without exit, like an object whose
      // constructor threw. The state below stays paused until the next commit resumes it.
      detail::on_unwind forget{[this] { release(take_committed_top()); }};
      run_hook(entering.ops->enter, entering.object, "enter");
      forget.dismiss();
    }
    notify(step::enter, committed_top(), committed_size() - 1);
  }

  void exit_top() {
    const std::size_t depth = committed_size() - 1;
    just_paused_ = false; // R23: a resume after an exit undoes no pause of this commit
    {
      const entry& leaving = committed_top();
      if (leaving.ops->exit != nullptr) {
        // R25: a state whose exit throws has still left: the observer is told, it is destroyed,
        // and its on_exit is not run.
        detail::on_unwind finish{
            [this, depth] { report_exit_and_release(take_committed_top(), depth); }};
        run_hook(leaving.ops->exit, leaving.object, "exit");
        finish.dismiss();
      }
    }
    const entry left = take_committed_top();
    if (left.on_exit != nullptr) {
      // R25: an on_exit that throws comes after the exit: the state has left all the same.
      detail::on_unwind finish{[&] { report_exit_and_release(left, depth); }};
      left.on_exit->run(left.on_exit, *context_, left.object);
      finish.dismiss();
    }
    report_exit_and_release(left, depth);
  }

  // The committed top has left: the observer is told, then the state is destroyed.
  void report_exit_and_release(const entry& left, std::size_t depth) {
    detail::at_scope_exit destroy{[&] { release(left); }};
    notify(step::exit, left, depth);
  }

  // ---- R29: focus, settled once the commit has nothing left to do ----

  // Whether the top is where a finished commit leaves it: not paused, and focused. A commit
  // that ran out of steps has no entry waiting to exit (or, stopped by its transition limit, has
  // put them back), so the committed stack is the staged prefix.
  [[nodiscard]] bool top_settled() const {
    if (committed_size() == 0) {
      return true; // an exit unfocuses its state first, so nothing is focused here
    }
    return !committed_top().paused && committed_top().id == focused_;
  }

  // Moves the focus to the committed top: unfocus on the state that had it, if it is still
  // committed (a state that leaves is unfocused before its exit), then focus on the top. Each
  // hook may make requests, which the commit carries out before the focus moves on; returns
  // whether there are such steps to take. Runs when the commit has no step left, so the
  // committed stack is staged_[0, committed_prefix_). A commit stopped by its transition limit
  // moves no focus: without exceptions the error handler returns into it, and focus hooks that
  // push and pop for ever would otherwise keep it going; nor does one that leaves the top
  // paused. Their focus waits for the next commit.
  bool settle_focus() {
    const std::size_t size = committed_prefix_;
    if (size > 0 && staged_[size - 1].id == focused_) [[likely]] {
      return false; // the common case: the top kept the focus
    }
    if (transitions_ > options_.max_transitions || (size > 0 && staged_[size - 1].paused)) {
      return false;
    }
    if (focused_ != entry_id::none) {
      if (focused_type_->unfocus == nullptr && !observer_) {
        focused_ = entry_id::none; // nobody to tell: no need to find it
      } else {
        std::size_t depth = size;
        while (depth-- > 0 && staged_[depth].id != focused_) {
        }
        if (depth < size) { // always: a state that leaves is unfocused before its exit
          unfocus(depth);
        }
        focused_ = entry_id::none;
        if (has_steps()) {
          return true;
        }
      }
    }
    if (size == 0) {
      return false;
    }
    entry& top = staged_[size - 1];
    focused_ = top.id; // counts as focused even if the hook throws
    focused_type_ = top.ops;
    if (top.ops->focus == nullptr && !observer_) {
      return false;
    }
    if (top.ops->focus != nullptr) {
      run_hook(top.ops->focus, top.object, "focus");
    }
    // The hook's requests may have unstaged it (to retiring_): it is still the committed top.
    notify(step::focus, committed_top(), size - 1);
    return has_steps();
  }

  // Whether requests left the commit something to exit or enter (a focus hook pauses nothing).
  [[nodiscard]] bool has_steps() const {
    return retiring_count() > 0 || committed_prefix_ < staged_.size();
  }

  // The focused state is the committed top when it exits, otherwise still committed below it.
  void unfocus(std::size_t depth) {
    focused_ = entry_id::none; // counts as unfocused even if the hook throws
    if (focused_type_->unfocus == nullptr && !observer_) {
      return;
    }
    const entry& had_it = committed_at(depth);
    if (had_it.ops->unfocus != nullptr) {
      unfocusing_ = depth;
      detail::at_scope_exit over{[this] { unfocusing_ = no_depth; }};
      run_hook(had_it.ops->unfocus, had_it.object, "unfocus");
    }
    notify(step::unfocus, committed_at(depth), depth);
  }

  // The state whose lifecycle hook runs: the committed top, but for an unfocus (R29).
  [[nodiscard]] const entry& hook_owner() const {
    return unfocusing_ == no_depth ? committed_top() : committed_at(unfocusing_);
  }
  static constexpr std::size_t no_depth = static_cast<std::size_t>(-1);

  // The committed top leaves without exit (its enter threw).
  entry take_committed_top() {
    if (retiring_count() > 0) {
      return take_retiring_top();
    }
    forget_committed_top();
    --committed_prefix_;
    entry e = staged_[committed_prefix_];
    staged_.erase(staged_.begin() + static_cast<std::ptrdiff_t>(committed_prefix_));
    return e;
  }

  bool within_transition_limit() {
    if (activity_ != activity::committing || ++transitions_ <= options_.max_transitions)
        [[likely]] {
      return true;
    }
    transition_limit_reached();
    return false;
  }
  [[gnu::cold, gnu::noinline]] void transition_limit_reached() {
    const std::string limit = std::to_string(options_.max_transitions);
    const std::string culprits = describe_recent_pushes();
    std::string message = detail::join({"strata: commit exceeded ", limit, " transitions", culprits,
                                        "; the requests still pending were dropped"});
    drop_pending_requests();
    fail(errc::transition_limit, message);
  }

  // Leaves the staged stack equal to the committed one, so a runaway commit does not resume.
  void drop_pending_requests() {
    // Nothing of the user's runs until the stack is whole again: the dropped states are taken
    // out first and destroyed last, since their destructors may make requests.
    std::pmr::vector<entry> dropped(staged_.begin() +
                                        static_cast<std::ptrdiff_t>(committed_prefix_),
                                    staged_.end(), options_.memory);
    staged_.reserve(committed_prefix_ + retiring_count());
    detail::at_scope_exit destroy{[&] {
      for (auto e = dropped.rbegin(); e != dropped.rend(); ++e) {
        release(*e);
      }
    }};
    staged_.resize(committed_prefix_);
    while (retiring_count() > 0) {
      staged_.push_back(retiring_.back());
      retiring_.pop_back();
      ++committed_prefix_;
    }
    retiring_.clear();
    retiring_head_ = 0;
  }

  std::string describe_recent_pushes() const {
    std::string culprits;
    const std::size_t kept =
        recent_push_count_ < recent_pushes_.size() ? recent_push_count_ : recent_pushes_.size();
    for (std::size_t i = 0; i < kept; ++i) {
      const push_record& record =
          recent_pushes_[(recent_push_count_ - 1 - i) % recent_pushes_.size()];
      const std::string who = record.by[0] == '\0' ? std::string("the observer")
                                                   : detail::join({"'", record.by.data(), "'"});
      const std::string pair = detail::join({who, " keeps pushing '", record.pushed.data(), "'"});
      if (culprits.find(pair) == std::string::npos) {
        culprits.append(culprits.empty() ? ": " : ", ").append(pair);
      }
    }
    return culprits;
  }

  void record_push(const entry& new_entry) {
    if (activity_ == activity::committing && (hook_running_ != nullptr || observing())) {
      push_record& record = recent_pushes_[recent_push_count_ % recent_pushes_.size()];
      copy_name(record.by, observing() ? std::string_view{""} : hook_owner().name());
      copy_name(record.pushed, new_entry.name());
      ++recent_push_count_;
    }
  }

  static void copy_name(short_name& to, std::string_view name) {
    const std::size_t length = name.size() < to.size() ? name.size() : to.size() - 1;
    std::memcpy(to.data(), name.data(), length);
    to[length] = '\0';
  }

  // ---- staging ----

  // Whether a request may go ahead. During destruction a request is ignored before anything
  // about it is checked (R26). A request may come from a hook or the observer, but not from the
  // game code another request runs (a state's constructor, destructor or move, a pop_until
  // predicate): that request is halfway through changing the staged stack.
  [[nodiscard]] bool admit(const char* what) {
    STRATA_IF_CHECKED(checks_.check_thread(what); checks_.stack_changed();)
    if (activity_ == activity::destroying) {
      return false;
    }
    if (request_code_running_ != nullptr) [[unlikely]] {
      called_from_inside_a_request(what);
      return false;
    }
    if (observer_nesting_ >= max_observer_nesting) [[unlikely]] {
      observer_runaway(what);
      return false;
    }
    current_request_ = what;
    return true;
  }
  [[nodiscard]] bool observing() const { return observer_nesting_ > 0; }

  // R23: an observer that reacts to the steps of its own requests is told of them inside its own
  // call; past this depth its requests are refused, before the native stack runs out.
  static constexpr std::size_t max_observer_nesting = 64;
  [[gnu::cold, gnu::noinline]] void observer_runaway(const char* what) {
    fail(errc::transition_limit, detail::join({"strata: ", what, " called from an observer nested ",
                                               std::to_string(max_observer_nesting),
                                               " calls deep; the observer keeps reacting",
                                               " to the steps of its own requests"}));
  }

  [[gnu::cold, gnu::noinline]] void called_from_inside_a_request(const char* what) {
    fail(errc::reentrant_call,
         detail::join({"strata: ", what, " called during ", request_code_running_,
                       ", from code that ", request_code_running_,
                       " runs (a state's constructor, destructor or move, or a predicate)"}));
  }

  // Runs game code on behalf of the current request (see admit()). Only these calls pay for the
  // bookkeeping, so that a request that runs no such code costs one store more than before.
  template <class Call>
  decltype(auto) as_request_code(Call&& call) {
    const char* const outer = std::exchange(request_code_running_, current_request_);
    detail::at_scope_exit restore{[&] { request_code_running_ = outer; }};
    return std::forward<Call>(call)();
  }
  // Destroys a state that a request drops.
  void drop(const entry& e) noexcept {
    as_request_code([&] { release(e); });
  }

  // `name` names the pushed state for the message when only one is pushed: its own name, or for
  // a state not constructed yet, its type's.
  bool ready_to_grow(std::size_t count, std::string_view name) {
    if (staged_.size() + count > options_.max_depth) [[unlikely]] {
      depth_limit_reached(count, name);
      return false;
    }
    return true;
  }
  [[gnu::cold, gnu::noinline]] void depth_limit_reached(std::size_t count, std::string_view name) {
    const std::string counted = std::to_string(count);
    const std::string limit = std::to_string(options_.max_depth);
    std::string message = count == 1 ? detail::join({"strata: pushing '", name, "'"})
                                     : detail::join({"strata: pushing ", counted, " states"});
    message.append(" would grow the stack past its depth limit of ").append(limit);
    if (activity_ == activity::committing && hook_running_ != nullptr) {
      // where() reads "from inside 'spawner'.enter()".
      message.append(" (pushed ").append(where()).append(")");
    }
    fail(errc::depth_limit, message);
  }

  bool ready_to_replace() {
    if (staged_.empty()) {
      fail(errc::empty_stack, "strata: replace() on an empty stack");
      return false;
    }
    return true;
  }

  template <class T>
  static entry make_entry(T* object, detail::ownership owned) {
    const ops& type = detail::ops_for<T, Context, Event>;
    entry e{&type,
            object,
            nullptr,
            nullptr,
            detail::static_modality<T>(),
            owned,
            false,
            detail::static_time_scale<T>()};
    if (type.modality_of != nullptr) {
      e.mode = type.modality_of(object);
    }
    return e;
  }

  template <class T, class... Args>
  entry prepare_pooled(Args&&... args) {
    void* memory = pool_.allocate(sizeof(T), alignof(T));
    detail::on_unwind give_back{[&] { pool_.deallocate(memory, sizeof(T), alignof(T)); }};
    T* const object = as_request_code([&] {
      if constexpr (std::is_constructible_v<T, Args...>) {
        return ::new (memory) T(std::forward<Args>(args)...);
      } else {
        return ::new (memory) T{std::forward<Args>(args)...};
      }
    });
    give_back.dismiss();
    return make_entry<T>(object, detail::ownership::pooled);
  }

  template <class T>
  bool prepare_adopted(std::unique_ptr<T> state, entry& out) {
    if (state == nullptr) {
      fail(errc::null_state, "strata: push of a null std::unique_ptr<" +
                                 std::string(detail::ops_for<T, Context, Event>.type_name) + ">");
      return false;
    }
    out = make_entry<T>(state.release(), detail::ownership::adopted);
    return true;
  }

  // A borrowed object may be staged only once: `staying` is the part of the staged stack that
  // stays, `batch` holds entries about to be staged too.
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

  // `staying`: the staged entries that stay (all but the top for a replace); `batch`: entries
  // prepared by the same push_first_on_top, not staged yet.
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
    out = make_entry<T>(state.state, detail::ownership::borrowed);
    return true;
  }

  // Where stage() put an entry, for the pushed handle: the slot still holds that entry while the
  // ids match (comparing addresses would not do: the pool reuses them at once). entry_id::none,
  // the id of a failed request's slot, matches nothing.
  struct staged_slot {
    std::size_t index;
    entry_id id;
  };
  // Finds the slot's entry and fixes up its index: an entry below it whose enter threw left the
  // staged stack from below (R25), so it may have moved down. During destruction nothing is
  // staged any more (R26).
  [[nodiscard]] bool still_staged(staged_slot& slot) const {
    if (slot.id == entry_id::none) {
      return false;
    }
    std::size_t index = slot.index < staged_size() ? slot.index + 1 : staged_size();
    while (index-- > 0) {
      if (staged_[index].id == slot.id) {
        slot.index = index;
        return true;
      }
      if (staged_[index].id < slot.id) {
        return false; // ids grow upwards: it is not below
      }
    }
    return false;
  }

  // Appends a prepared entry.
  staged_slot stage(entry e) {
    const staged_slot slot = place(e);
    tell_staged(slot);
    return slot;
  }

  // Appends a prepared entry without telling the observer.
  staged_slot place(entry e) {
    {
      detail::on_unwind destroy{[&] { drop(e); }};
      staged_.push_back(e);
      destroy.dismiss();
    }
    record_push(e);
    const staged_slot slot{staged_.size() - 1, entry_id{++stagings_}};
    staged_.back().id = slot.id;
    return slot;
  }

  // R1, R22: the old top goes and the replacement comes before the observer hears of either, so
  // that what it requests in reaction applies to the stack the replace left.
  staged_slot restage_top(entry replacement) {
    const std::size_t depth = staged_.size() - 1;
    const bool entered = depth < committed_prefix_;
    if (entered) {
      detail::on_unwind destroy{[&] { drop(replacement); }};
      retiring_.reserve(retiring_.size() + 1); // all or nothing: the only allocation
      destroy.dismiss();
    }
    const entry old = staged_.back();
    staged_.pop_back();
    if (entered) {
      retiring_.push_back(old);
      committed_prefix_ = depth;
    }
    const staged_slot slot = place(replacement); // cannot reallocate: a slot was just freed
    tell_unstaged(entered ? retiring_.back() : old, depth, entered);
    tell_staged(slot);
    return slot;
  }

  // Stages an entry made from a unique_ptr or a borrow if the depth limit allows; otherwise
  // releases it, also when the failure throws.
  staged_slot stage_if_room(entry e) {
    bool handed_over = false; // stage() releases the entry itself if it fails
    detail::at_scope_exit give_back{[&] {
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
    if constexpr (detail::is_unique_ptr<item>) {
      if (!prepare_adopted(std::forward<First>(first), e)) {
        return false;
      }
    } else if constexpr (detail::is_borrowed<item>) {
      if (!prepare_borrowed(first, e, staged_, std::span<const entry>{batch.data(), prepared})) {
        return false;
      }
    } else {
      e = prepare_pooled<item>(std::forward<First>(first));
    }
    ++prepared;
    return true;
  }

  void unstage_top() {
    const std::size_t depth = staged_.size() - 1;
    if (depth < committed_prefix_) {
      // Entered: it leaves at the next commit, below the states already waiting to.
      retiring_.push_back(staged_.back());
      staged_.pop_back();
      committed_prefix_ = depth;
      tell_unstaged(retiring_.back(), depth, true);
      return;
    }
    const entry e = staged_.back();
    staged_.pop_back();
    tell_unstaged(e, depth, false);
  }

  // Tells the observer that `e` was unstaged from `depth`; one never entered is then destroyed
  // (R6), whatever the observer does.
  void tell_unstaged(const entry& e, std::size_t depth, bool entered) {
    if (entered) {
      notify(step::pop, e, depth);
      return;
    }
    detail::at_scope_exit destroy{[&] { drop(e); }};
    notify(step::pop, e, depth);
    notify(step::discard, e, depth);
  }

  // Tells the observer of a staging, unless its reaction to an earlier step of the same request
  // unstaged that entry already (its pop was told then).
  void tell_staged(staged_slot slot) {
    if (observer_ && still_staged(slot)) {
      tell_observer(step::push, staged_[slot.index], slot.index);
    }
  }

  // clear(), pop_to(), pop_until(). R1: all or nothing, so room is made first. R22: every state
  // goes before the observer hears of the first, top first as they went; what it requests in
  // reaction applies to the stack this request left (a toast pushed on each pop stays, instead of
  // being popped in turn for ever).
  void pop_down_to(std::size_t depth) {
    const std::size_t top = staged_.size();
    if (top <= depth) {
      return;
    }
    const std::size_t was_committed = committed_prefix_;
    const std::size_t first_unentered = depth > was_committed ? depth : was_committed;
    const std::size_t retire_from = retiring_.size();
    retiring_.reserve(retire_from + (first_unentered - depth));
    // Several such requests may nest (one the observer makes while hearing of this one's steps):
    // each uses dropping_ from where the one outside it left off.
    const std::size_t drop_from = dropping_.size();
    dropping_.reserve(drop_from + (top - first_unentered));
    for (std::size_t i = top; i-- > first_unentered;) {
      dropping_.push_back(staged_[i]);
    }
    for (std::size_t i = first_unentered; i-- > depth;) {
      retiring_.push_back(staged_[i]);
    }
    staged_.resize(depth);
    committed_prefix_ = depth < was_committed ? depth : was_committed;
    std::size_t next_dropped = drop_from;
    detail::at_scope_exit release_rest{[&] { // if the observer throws
      for (; next_dropped < drop_from + (top - first_unentered); ++next_dropped) {
        drop(dropping_[next_dropped]);
      }
      dropping_.resize(drop_from);
    }};
    for (std::size_t i = top; i-- > depth;) {
      if (i >= first_unentered) {
        const entry e = dropping_[next_dropped++];
        tell_unstaged(e, i, false);
      } else {
        tell_unstaged(retiring_[retire_from + (first_unentered - 1 - i)], i, true);
      }
    }
  }

  template <class Matches>
  void pop_until_match(Matches matches, const std::string& failure) {
    if (!admit("pop_until()")) {
      return;
    }
    for (std::size_t depth = staged_.size(); depth-- > 0;) {
      if (as_request_code([&] { return matches(staged_[depth]); })) {
        pop_down_to(depth + 1);
        return;
      }
    }
    fail(errc::not_found, "strata: pop_until(): " + failure + " is staged");
  }

  void release(const entry& e) noexcept {
    STRATA_IF_CHECKED(checks_.stack_changed();) // a view of `e` would dangle
    if (e.on_exit != nullptr) {
      release_callback(e.on_exit);
    }
    if (e.name_override != nullptr) {
      release_name(e.name_override);
    }
    switch (e.owned) {
    case detail::ownership::pooled:
      e.ops->destroy(e.object);
      pool_.deallocate(e.object, e.ops->size, e.ops->align);
      break;
    case detail::ownership::adopted: e.ops->delete_owned(e.object); break;
    case detail::ownership::borrowed: break;
    }
  }

  // ---- what pushed() finishes describing ----

  // A handle's .name() and .on_exit() finish the push they come from (R1): when one of them
  // fails (out of memory, or a callback whose move throws), the push is taken back whole, the
  // observer told of a pop and a discard, as long as its entry is still the staged top and has
  // not entered; otherwise (the observer pushed above it, or the handle was kept past a commit)
  // only that call fails.
  template <class Change>
  void finish_push(staged_slot slot, const char* what, Change&& change) {
    const char* const outer = std::exchange(current_request_, what);
    detail::at_scope_exit restore{[&] { current_request_ = outer; }};
    detail::on_unwind take_back{[&] {
      if (still_staged(slot) && slot.index == staged_.size() - 1 &&
          slot.index >= committed_prefix_) {
        const entry e = staged_.back();
        staged_.pop_back();
        tell_unstaged(e, slot.index, false);
      }
    }};
    std::forward<Change>(change)(staged_[slot.index]);
    take_back.dismiss();
  }

  void rename(staged_slot slot, std::string_view name) {
    finish_push(slot, "name()", [&](entry& e) {
      const std::size_t bytes = detail::name_copy::bytes_for(name.size());
      auto* copy =
          ::new (pool_.allocate(bytes, alignof(detail::name_copy))) detail::name_copy{name.size()};
      std::memcpy(copy->text(), name.data(), name.size());
      copy->text()[name.size()] = '\0';
      if (e.name_override != nullptr) {
        release_name(e.name_override);
      }
      e.name_override = copy;
    });
  }

  void release_name(detail::name_copy* name) noexcept {
    pool_.deallocate(name, detail::name_copy::bytes_for(name->size), alignof(detail::name_copy));
  }

  // R16: an entry that has entered (its handle kept past a commit) changes what the passes see
  // from the next pass on.
  void change_modality(staged_slot slot, strata::modality mode) {
    staged_[slot.index].mode = mode;
    if (slot.index >= committed_prefix_) {
      return; // not entered: its layer is made when it enters
    }
    refresh_floors_from(slot.index);
  }

  // R32: like change_modality(); a scale of 0 stops the updates below, as update_below does.
  void change_time_scale(staged_slot slot, float scale) {
    if (!detail::valid_time_scale(scale)) [[unlikely]] {
      fail(errc::bad_time_scale, detail::join({"strata: time_scale(", std::to_string(scale),
                                               ") on '", staged_[slot.index].name(),
                                               "': a time scale is a finite number, 0 or more"}));
      return;
    }
    entry& e = staged_[slot.index];
    const bool was_extra = uses_extras(e);
    e.time_scale = scale;
    if (slot.index >= committed_prefix_) {
      return; // not entered: counted when it enters
    }
    update_extras_ -= was_extra ? 1 : 0;
    update_extras_ += uses_extras(e) ? 1 : 0;
    update_plain_ = update_extras_ == 0;
    refresh_floors_from(slot.index);
  }

  void refresh_floors_from(std::size_t depth) {
    for (; depth < layers_.size(); ++depth) {
      const entry& e = committed_at(depth);
      set_floors(layers_[depth], e, depth);
    }
  }

  template <class T, class F>
  struct exit_callback_for : detail::exit_callback<Context> {
    F fn;

    static void run(detail::exit_callback<Context>* self, Context& context, void* state) {
      F& callback = static_cast<exit_callback_for*>(self)->fn;
      T& left = *static_cast<T*>(state);
      if constexpr (std::is_invocable_v<F&, Context&, T&>) {
        callback(context, left);
      } else {
        callback(left);
      }
    }
    static void destroy(detail::exit_callback<Context>* self) noexcept {
      static_cast<exit_callback_for*>(self)->~exit_callback_for();
    }
  };

  template <class T, class F>
  void attach_on_exit(staged_slot slot, F&& callback) {
    finish_push(slot, "on_exit()", [&](entry& e) {
      using holder = exit_callback_for<T, std::decay_t<F>>;
      void* memory = pool_.allocate(sizeof(holder), alignof(holder));
      detail::on_unwind give_back{
          [&] { pool_.deallocate(memory, sizeof(holder), alignof(holder)); }};
      // The callback's move may run game code: as code of this request (R24).
      auto* made = as_request_code([&] {
        return ::new (memory)
            holder{{&holder::run, &holder::destroy, sizeof(holder), alignof(holder)},
                   std::forward<F>(callback)};
      });
      give_back.dismiss();
      // R19: the new callback is in place before the old one goes, and the old one goes as code
      // this request runs, so that its captures' destructors can neither reach a half-changed
      // entry nor move the staged stack under the handle.
      detail::exit_callback<Context>* const replaced = std::exchange(e.on_exit, made);
      if (replaced != nullptr) {
        as_request_code([&] { release_callback(replaced); });
      }
    });
  }

  void release_callback(detail::exit_callback<Context>* callback) noexcept {
    const std::size_t size = callback->size;
    const std::size_t align = callback->align;
    callback->destroy(callback);
    pool_.deallocate(callback, size, align);
  }

  // ---- passes: the call lists follow the committed stack's top ----

  // R30, R32: the update pass of a stack with a background state or a time scale other than 1
  // among its committed states: every update_always bottom to top (with the frame's dt), then
  // the reach walk as in update(), each covered state's dt multiplied by the scales above it.
  [[gnu::noinline]] void update_with_extras(double dt) {
    Context& context = *context_;
    // The reach and the factors are taken before any call: a kept handle's .modality() or
    // .time_scale() made during the pass counts from the next one (R16, R32). The factors go top
    // down into the layers' scratch, so that the calls can go bottom up.
    const std::size_t top = layers_.size() - 1;
    const std::size_t floor = layers_[top].update_floor;
    float factor = 1.0F;
    for (std::size_t depth = top; depth-- > floor;) {
      factor *= committed_at(depth + 1).time_scale;
      layers_[depth].dt_factor = factor;
    }
    const update_call* const always_end = always_calls_.data() + always_calls_.size();
    for (const update_call* call = always_calls_.data(); call != always_end; ++call) {
      call->fn(call->object, context, dt);
    }
    for (std::size_t depth = floor; depth < top; ++depth) {
      const std::uint32_t own = layers_[depth].covered_below;
      if (layers_[depth + 1].covered_below > own) {
        const update_call& call = covered_calls_[own];
        call.fn(call.object, context, dt * static_cast<double>(layers_[depth].dt_factor));
      }
    }
    const entry& active = committed_top();
    if (active.ops->update != nullptr) {
      active.ops->update(active.object, context, dt);
    }
  }

  // R30, R32: the update pass takes its general path while a committed state has update_always
  // or a time scale other than 1; out of line, so that stacks without them do not carry it.
  [[gnu::cold, gnu::noinline]] void remember_extras(const entry& e) {
    if (e.ops->update_always != nullptr) {
      make_room(always_calls_);
      always_calls_.push_back({e.ops->update_always, e.object});
    }
    ++update_extras_;
  }
  // The committed top's always call, if any, is the last one.
  void forget_extras(const entry& e) noexcept {
    if (uses_extras(e)) {
      --update_extras_;
    }
    if (e.ops->update_always != nullptr) {
      always_calls_.pop_back();
    }
  }
  [[nodiscard]] static bool uses_extras(const entry& e) {
    return e.ops->update_always != nullptr || e.time_scale != 1.0F;
  }

  // Allocates first, so a failure leaves the lists as they were.
  void remember_committed_top(const entry& e) {
    make_room(layers_);
    if (e.ops->update_covered != nullptr) {
      make_room(covered_calls_);
    }
    if (e.ops->draw != nullptr) {
      make_room(draw_calls_);
    }
    if (e.ops->handle != nullptr) {
      make_room(handle_calls_);
    }
    if (uses_extras(e)) [[unlikely]] {
      remember_extras(e); // the last that may fail, and it changes nothing when it does
    }
    layer added{0,
                0,
                0,
                static_cast<std::uint32_t>(covered_calls_.size()),
                static_cast<std::uint32_t>(draw_calls_.size()),
                static_cast<std::uint32_t>(handle_calls_.size()),
                1.0F};
    set_floors(added, e, layers_.size());
    layers_.push_back(added);
    update_plain_ = update_extras_ == 0;
    if (e.ops->update_covered != nullptr) {
      covered_calls_.push_back({e.ops->update_covered, e.object});
    }
    if (e.ops->draw != nullptr) {
      draw_calls_.push_back({e.ops->draw, e.object});
    }
    if (e.ops->handle != nullptr) {
      handle_calls_.push_back({e.ops->handle, e.object});
    }
  }

  // R16: how far down each pass reaches while `depth` is the top, from the layer below it. R32: a
  // time scale of 0 lets no update through.
  void set_floors(layer& at, const entry& e, std::size_t depth) const {
    const strata::modality& mode = e.mode;
    const auto here = static_cast<std::uint32_t>(depth);
    const auto floor = [&](bool lets_through, std::uint32_t layer::*below_floor) {
      return lets_through && depth > 0 ? layers_[depth - 1].*below_floor : here;
    };
    at.update_floor = floor(mode.update_below && e.time_scale != 0.0F, &layer::update_floor);
    at.draw_floor = floor(mode.draw_below, &layer::draw_floor);
    at.input_floor = floor(mode.input_below, &layer::input_floor);
  }

  template <class Vector>
  [[gnu::always_inline]] static void make_room(Vector& v) {
    if (v.size() == v.capacity()) {
      v.reserve(v.empty() ? 8 : 2 * v.capacity());
    }
  }

  void forget_committed_top() noexcept {
    const layer& top = layers_.back();
    if (update_extras_ != 0) [[unlikely]] {
      forget_extras(committed_top());
    }
    // Each depth added at most one call to each list.
    if (covered_calls_.size() > top.covered_below) {
      covered_calls_.pop_back();
    }
    if (draw_calls_.size() > top.draws_below) {
      draw_calls_.pop_back();
    }
    if (handle_calls_.size() > top.handlers_below) {
      handle_calls_.pop_back();
    }
    layers_.pop_back();
    update_plain_ = update_extras_ == 0 && !layers_.empty();
  }

  // ---- misuse ----

  bool may_start(const char* what) {
    STRATA_IF_CHECKED(checks_.check_thread(what);)
    if (activity_ == activity::idle && !observing() && request_code_running_ == nullptr)
        [[likely]] {
      return true;
    }
    reentrant_call(what);
    return false;
  }
  [[gnu::cold, gnu::noinline]] void reentrant_call(const char* what) {
    if (request_code_running_ != nullptr) {
      called_from_inside_a_request(what);
      return;
    }
    fail(errc::reentrant_call,
         detail::join({"strata: ", what, " called ", where(),
                       "; requests made there take effect at the ",
                       activity_ == activity::committing ? "running" : "next", " commit"}));
  }

  [[nodiscard]] std::string where() const {
    if (in_error_handler_) {
      return "from inside the error handler";
    }
    if (request_code_running_ != nullptr) {
      return detail::join({"during ", request_code_running_});
    }
    if (observing() && hook_running_ == nullptr) {
      return "from inside the observer";
    }
    switch (activity_) {
    case activity::committing:
      if (hook_running_ != nullptr) {
        return detail::join({"from inside '", hook_owner().name(), "'.", hook_running_, "()"});
      }
      return "during commit()";
    case activity::updating: return "during update()";
    case activity::drawing: return "during draw()";
    case activity::handling: return "during handle()";
    case activity::destroying: return "while the stack is being destroyed";
    case activity::idle: break;
    }
    return "outside any hook";
  }

  void fail(errc code, const std::string& message) {
#ifndef STRATA_NO_EXCEPTIONS
    throw error(code, message);
#else
    const error problem(code, message);
    if (options_.on_error) {
      // Every error is found before the failing call changes anything, so the handler may make
      // requests and commits as if the call had not started (unless the call itself came from
      // code a request runs); only destroying the stack must wait until the call has returned.
      const bool outer_handler = std::exchange(in_error_handler_, true);
      detail::at_scope_exit restore{[&] {
        in_error_handler_ = outer_handler;
        if (!outer_handler && next_handler_) {
          options_.on_error = *std::move(next_handler_); // see set_error_handler
          next_handler_.reset();
        }
      }};
      options_.on_error(problem);
      return;
    }
    std::fprintf(stderr, "%s\n", problem.what());
    std::abort();
#endif
  }

  void notify(step what, const entry& e, std::size_t depth) {
    if (observer_) {
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
    if (e.name_override != nullptr || e.ops->name_of != nullptr) {
      if (name.size() < small.size()) {
        std::memcpy(small.data(), name.data(), name.size());
        small[name.size()] = '\0';
        kept = std::string_view{small.data(), name.size()};
      } else {
        large.assign(name);
        kept = large;
      }
    }
    // An observer may make requests, but not run hooks in the middle of the request or commit
    // step that it is being told about.
    const bool outermost = !observing();
    const char* const request = current_request_; // an observer's request replaces it
    ++observer_nesting_;
    detail::at_scope_exit restore{[&] {
      current_request_ = request;
      --observer_nesting_;
      if (outermost && next_observer_) {
        observer_ = *std::move(next_observer_); // see set_observer
        next_observer_.reset();
      }
    }};
    observer_(step_info{what, kept, depth, e.id});
  }

  Context* context_;
  strata::options options_;
  strata::observer observer_;
  detail::block_pool pool_;
  std::pmr::vector<entry> staged_;
  std::size_t committed_prefix_ = 0;
  std::pmr::vector<entry> retiring_;
  std::size_t retiring_head_ = 0;
  std::pmr::vector<layer> layers_; // one per committed depth
  std::pmr::vector<update_call> covered_calls_;
  std::pmr::vector<draw_call> draw_calls_;
  std::pmr::vector<handle_call> handle_calls_;
  std::pmr::vector<update_call> always_calls_; // R30
  // R30, R32: committed states with update_always or a time scale other than 1.
  std::size_t update_extras_ = 0;
  bool update_plain_ = false;         // committed states, none of them with R30/R32's extras
  entry_id focused_ = entry_id::none; // R29: got focus and not yet unfocus
  const ops* focused_type_ = nullptr; // its type, to skip finding it when it has no unfocus
  // R29: the committed top is paused or not focused, so a commit has work; kept for pending().
  bool top_unsettled_ = false;
  activity activity_ = activity::idle;
  bool just_paused_ = false;      // the top was paused by the advance under way, for the next enter
  bool in_error_handler_ = false; // options::on_error is running (no exceptions)
  const char* hook_running_ = nullptr;
  // R29: the committed depth of a state whose unfocus runs; every other hook runs on the top.
  std::size_t unfocusing_ = no_depth;
  const char* current_request_ = "";           // the last request admitted, e.g. "pop()"
  const char* request_code_running_ = nullptr; // set while game code runs for that request
  // Observer calls under way, one inside another's request (see admit()); 0: none runs.
  std::size_t observer_nesting_ = 0;
  std::size_t transitions_ = 0;
  std::uint64_t stagings_ = 0; // entries staged so far: the last id given (R31)
  std::size_t recent_push_count_ = 0;
  std::array<push_record, 8> recent_pushes_{};
  // Cold members last, so that the ones every frame and request touch share fewer cache lines
  // (bench S5 steps 100,000 stacks).
  std::pmr::vector<entry> dropping_; // never-entered states a pop_down_to() is telling of
  // Set from inside themselves: installed when their call is over (R22, R27).
  std::optional<strata::observer> next_observer_;
  std::optional<error_handler> next_handler_;
  // The checked configuration's record: the owning thread, and the generation views compare.
  STRATA_IF_CHECKED(detail::stack_checks checks_;)
  static inline no_context unused_context_{};
};

} // namespace strata
