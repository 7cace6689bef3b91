// strata/detail/stack_motion.hpp: what transitions (R33) add to the passes: the update pass moves
// every presence on and destroys the entries done leaving, and the draw and handle passes walk
// the drawing order while anything arrives or leaves. The commit's side (an entry starts to
// arrive after its enter, to leave after its exit) is in stack_commit.hpp.
#pragma once

#include <cstddef>
#include <optional>

#include "motion_passes.hpp"
#include "stack_commit.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_motion : protected stack_commit<Context, Event> {
  using commit = stack_commit<Context, Event>;
  using passes = motion_passes<Context, Event>;

protected:
  using commit::commit;
  using commit::entries_;
  using commit::motions_;
  using commit::passes_;
  using typename commit::entry;

  // After the update calls: each presence moves on by its share of `dt` (R32: times the time
  // scales of the committed entries above it), arrivals that are over end, and the entries done
  // leaving are destroyed, top first.
  void advance_motions(double dt) {
    if (motions_.empty()) {
      return;
    }
    motions_.advance(dt, [this](std::size_t from) {
      float product = 1.0F;
      for (std::size_t depth = entries_.committed_size(); depth-- > from;) {
        const float scale = entries_.committed_at(depth).time_scale();
        if (scale == 0.0F) {
          // R32: a scale of 0 stops time below it whatever the scales above it, whose product
          // may have overflowed to infinity: 0 x inf is not a number, which ended transitions.
          return 0.0F;
        }
        product *= scale;
      }
      return product;
    });
    this->release_finished();
    passes_.set_in_motion(!motions_.empty());
  }

  // Every arrival over and every leaving entry destroyed, top first.
  void finish_motions() {
    motions_.finish_all();
    this->release_finished();
    passes_.set_in_motion(!motions_.empty());
  }

  void draw_in_motion() { passes::draw(*this->context_, entries_, motions_); }
  bool handle_in_motion(const Event& event) {
    return passes::handle(*this->context_, event, entries_, motions_);
  }
  [[nodiscard]] std::optional<strata::presence> find_presence(entry_id id) const {
    return passes::find(id, entries_, motions_);
  }
};

} // namespace strata::detail
