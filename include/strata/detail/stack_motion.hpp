// strata/detail/stack_motion.hpp: everything transitions (R33) add to a stack, in one layer under
// the commit: an entry starts to arrive as it enters and, when it exits, is destroyed at once or
// kept to leave (dispose()); the update pass moves every presence on and destroys the entries done
// leaving; the draw and handle passes walk the drawing order while anything arrives or leaves.
// The commit (stack_commit.hpp) calls start_arriving(), end_arrival_of_top() and dispose().
#pragma once

#include <cstddef>
#include <optional>

#include "motion_passes.hpp"
#include "stack_handles.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_motion : protected stack_handles<Context, Event> {
  using handles = stack_handles<Context, Event>;
  using passes = motion_passes<Context, Event>;

protected:
  using handles::entries_;
  using handles::guard_;
  using handles::handles;
  using handles::passes_;
  using handles::rare_;
  using handles::release;
  using handles::settings_;
  using typename handles::entry;

  // ---- at the commit ----

  // `next`, about to enter at the committed top, arrives over time; out of memory for its
  // record, it is there at once.
  [[gnu::cold, gnu::noinline]] void start_arriving(const entry& next) noexcept {
    rare_lists<entry>* const rare = rare_.try_get(settings_.memory);
    if (rare != nullptr && rare->motions.arrive(settings_.memory, next, entries_.committed_size(),
                                                next.transition())) {
      passes_.set_in_motion(true);
    }
  }

  // R25: the committed top's enter threw: it never entered, so it does not arrive either.
  void end_arrival_of_top() noexcept {
    rare_lists<entry>* const rare = rare_.find();
    if (entries_.committed_top().arrives() && rare != nullptr) {
      rare->motions.forget_arrival(entries_.committed_size() - 1);
      passes_.set_in_motion(!rare->motions.empty());
    }
  }

  // `left` exited from the committed top, which it no longer is: it is destroyed now, unless it
  // leaves over time or entries are leaving above it, which go first.
  void dispose(const entry& left) noexcept {
    if (!left.may_linger()) [[likely]] {
      release(left);
      return;
    }
    dispose_in_motion(left);
  }

  // ---- at the passes ----

  // Before the update calls: what each moving entry's share of `dt` will be (R32: times the
  // time scales of the committed entries above it, as the pass starts).
  void measure_motions() {
    rare_lists<entry>* const rare = rare_.find();
    if (rare == nullptr) {
      return;
    }
    // measure() asks for the scales above depths from the top down: one product, extended down.
    std::size_t reached = entries_.committed_size();
    float product = 1.0F;
    rare->motions.measure([&](std::size_t from) {
      for (; reached > from; --reached) {
        const float scale = entries_.committed_at(reached - 1).time_scale();
        // R32: a scale of 0 stops time below it whatever the scales above it, whose product may
        // have overflowed to infinity: 0 x inf is not a number, which ended transitions.
        product = scale == 0.0F ? 0.0F : product * scale;
      }
      return product;
    });
  }

  // After the update calls: each presence moves on by its share of `dt`, arrivals that are over
  // end, and the entries done leaving are destroyed, top first.
  void advance_motions(double dt) {
    rare_lists<entry>* const rare = rare_.find();
    if (rare == nullptr || rare->motions.empty()) {
      return;
    }
    rare->motions.advance(dt);
    release_finished();
    passes_.set_in_motion(!rare->motions.empty());
  }

  // Every arrival over and every leaving entry destroyed, top first.
  void finish_motions() {
    rare_lists<entry>* const rare = rare_.find();
    if (rare == nullptr) {
      return;
    }
    rare->motions.finish_all();
    release_finished();
    passes_.set_in_motion(!rare->motions.empty());
  }

  // R26: ~stack, once every committed state has exited, destroys what still leaves below them.
  void release_all_leaving() noexcept { release_leaving_from(0); }

  // Also the passes of a stack with a probe (R36), whose calls they tell it.
  void draw_in_motion() {
    this->with_probe_if_any(
        [&](auto around) { passes::draw(*this->context_, entries_, rare_.motions(), around); });
  }
  bool handle_in_motion(const Event& event) {
    return this->with_probe_if_any([&](auto around) {
      return passes::handle(*this->context_, event, entries_, rare_.motions(), around);
    });
  }
  [[nodiscard]] std::optional<strata::presence> find_presence(entry_id id) const {
    return passes::find(id, entries_, rare_.motions());
  }

private:
  [[gnu::cold, gnu::noinline]] void dispose_in_motion(const entry& left) noexcept {
    const std::size_t depth = entries_.committed_size(); // where it was
    // R26: during destruction no time passes any more. Out of memory for its record (or for the
    // lists), it cannot wait either: its transition and those of the states leaving above it
    // are cut short.
    rare_lists<entry>* const rare =
        guard_.now == activity::destroying ? rare_.find() : rare_.try_get(settings_.memory);
    if (guard_.now == activity::destroying || rare == nullptr ||
        !rare->motions.leave(settings_.memory, left, depth, departure_of(left))) {
      release_leaving_from(depth + 1);
      if (rare != nullptr) {
        rare->motions.forget_arrival(depth);
      }
      release(left);
    }
    // What is done leaving goes, top first: `left` if it left at once with nothing above it, or
    // the states parked below the ones just cut short, which waited only for those. Not during
    // destruction (R26): a state done leaving below committed ones goes after them, in order.
    if (guard_.now != activity::destroying) {
      release_finished();
    }
    if (depth > 0 && rare_.motions().leaving_at(depth)) {
      entries_.committed_at(depth - 1).set_below_leaving();
    }
    passes_.set_in_motion(!rare_.motions().empty());
  }

  // How `left` leaves. R20: a borrowed state's owner may destroy it once the commit that exits it
  // returns, so the stack keeps none to draw past that commit: it leaves at once (it may still
  // wait, undrawn, for states leaving above it, which never touches it).
  [[nodiscard]] static strata::transition departure_of(const entry& left) {
    strata::transition t = left.transition();
    if (left.owned() == ownership::borrowed) {
      t.leave = 0.0F;
    }
    return t;
  }

  // Destroys the leaving entries whose presence reached 0, top first; one still leaving keeps
  // those below it.
  void release_finished() noexcept {
    rare_lists<entry>* const rare = rare_.find();
    entry gone{};
    while (rare != nullptr && rare->motions.take_finished(gone)) {
      release(gone);
    }
  }

  // Destroys, top first, every leaving entry with at least `depth` committed entries below it,
  // whatever its presence.
  void release_leaving_from(std::size_t depth) noexcept {
    rare_lists<entry>* const rare = rare_.find();
    entry gone{};
    while (rare != nullptr && rare->motions.take_top_leaving(gone, depth)) {
      release(gone);
    }
  }
};

} // namespace strata::detail
