// strata/detail/stack_passes.hpp: the per-frame passes over the committed stack (R11-R14, R30,
// R32; R33's walk of the drawing order while states move, finish_transitions() and presences)
// and the frame marks a game that runs its own frames gives the probe (R36). stack.hpp makes
// them public and builds frame() from them and its commit().
#pragma once

#include <optional>
#include <type_traits>

#include "../entry_id.hpp"
#include "../placeholders.hpp"
#include "../transition.hpp"
#include "running_guard.hpp"
#include "stack_commit.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_passes : protected stack_commit<Context, Event> {
  using base = stack_commit<Context, Event>;

protected:
  using base::base;
  using base::entries_;
  using base::guard_;
  using base::may_start;
  using base::passes_;
  using typename base::entry;

  // Bottom to top: `update` on the top state, `update_covered` on each state below it that the
  // states above let updates through to.
  void update(double dt) {
    if (!may_start("update()")) {
      return;
    }
    if (!passes_.plain_update()) [[unlikely]] {
      refresh_pass_starts();
      if (!passes_.plain_update()) {
        update_in_general(dt);
        return;
      }
    }
    const detail::activity_scope scope{guard_, detail::activity::updating};
    passes_.update(*this->context_, dt);
  }

  // Bottom to top over the states visible through the ones above.
  void draw() {
    if (!may_start("draw()")) {
      return;
    }
    const detail::activity_scope scope{guard_, detail::activity::drawing};
    if (!passes_.plain_draw()) [[unlikely]] {
      this->draw_in_motion(); // R33
      return;
    }
    refresh_pass_starts();
    passes_.draw(*this->context_);
  }

  // Top to bottom until a state consumes the event; returns whether one did.
  bool handle(const Event& event) requires(!std::is_same_v<Event, no_event>) {
    if (!may_start("handle()")) {
      return false;
    }
    const detail::activity_scope scope{guard_, detail::activity::handling};
    if (!passes_.plain_handle()) [[unlikely]] {
      return this->handle_in_motion(event); // R33
    }
    refresh_pass_starts();
    return passes_.handle(*this->context_, event);
  }

  // R33: completes every transition under way at once: arrivals end, and the states leaving are
  // destroyed, top first (a skip button, a test).
  void finish_transitions() {
    if (may_start("finish_transitions()")) {
      // The destructors of the leaving states run now: as in update(), a commit, a pass or
      // another finish_transitions() from one of them is refused (R24), instead of running in
      // the middle of the destruction loop and leaving transitions behind it.
      const detail::activity_scope scope{guard_, detail::activity::finishing};
      this->finish_motions();
    }
  }

  // R33: whether a state arrives or leaves.
  [[nodiscard]] bool in_transition() const {
    STRATA_IF_CHECKED(this->checks_.check_thread("in_transition()");)
    return !this->rare_.motions().empty();
  }

  // R33: what the draw hook of the entry `id` reads this frame, committed or leaving; nullopt if
  // it is neither.
  [[nodiscard]] std::optional<presence> presence_of(entry_id id) const {
    STRATA_IF_CHECKED(this->checks_.check_thread("presence_of()");)
    return this->find_presence(id);
  }

  // R36: a game that calls commit(), update() and draw() itself marks its frames for the probe
  // (frame() marks its own). A frame begun while one is open ends that one first; an end with no
  // frame open does nothing. Without a probe they do nothing; like commit(), not from a hook.
  void begin_frame() {
    if (may_start("begin_frame()")) {
      this->mark_frame(true);
    }
  }
  void end_frame() {
    if (may_start("end_frame()")) {
      this->mark_frame(false);
    }
  }

private:
  // The plain passes' starts follow the committed stack once more, after a commit changed it
  // (pass_lists::refresh_starts()).
  void refresh_pass_starts() {
    if (!passes_.starts_fresh()) [[unlikely]] {
      passes_.refresh_starts(entries_.committed_size() > 0 ? &entries_.committed_top() : nullptr);
    }
  }

  // R30, R32, R33, R36: the update pass off its plain path, and that of an empty stack (whose
  // states may still be leaving). Out of line, so that the plain pass stays small.
  [[gnu::noinline]] void update_in_general(double dt) {
    const detail::activity_scope scope{guard_, detail::activity::updating};
    this->measure_motions(); // R32, R33: a scale changed by the calls counts from the next pass
    if (!passes_.empty()) {
      this->with_probe_if_any([&](auto around) {
        passes_.update_with_extras(
            *this->context_, dt,
            [this](std::size_t depth) -> const entry& { return entries_.committed_at(depth); },
            around);
      });
    }
    this->advance_motions(dt); // R33
  }
};

} // namespace strata::detail
