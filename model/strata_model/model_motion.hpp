// model/strata_model/model_motion.hpp: transitions (R33) in the reference model, stated from the
// text of docs/semantics.md: the drawing order (the committed states with the ones that exited and
// are not destroyed yet, each at the place it left), each entry's presence and how update() moves
// it, what a draw hook that reads its presence receives, and when a state that exited is
// destroyed. The commit (model_commit.hpp) starts arrivals and departures here; the passes
// (model_passes.hpp) walk what this shows.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <strata/modality.hpp>
#include <strata/transition.hpp>

#include "model_staging.hpp"
#include "model_types.hpp"

namespace strata_model {

class model_motion : public model_staging {
public:
  // R33: whether a state arrives or leaves.
  [[nodiscard]] bool in_transition() const {
    return std::any_of(drawn_.begin(), drawn_.end(), [&](int id) { return moves(entry(id)); });
  }

  // One entry of the drawing order that the passes see, and what its draw reads.
  struct shown_entry {
    int id;
    strata::presence read;
  };

  // R33: what the draw hook of the entry `eid` reads, for a committed entry or one that is still
  // drawn while it leaves; nothing for any other.
  [[nodiscard]] std::optional<strata::presence> presence_of(std::uint64_t eid) const {
    for (std::size_t at = drawn_.size(); at-- > 0;) {
      if (entry(drawn_[at]).eid == eid && entry(drawn_[at]).moving != motion::left) {
        return shown_from(at).front().read;
      }
    }
    return std::nullopt;
  }

  // R33: the entries of the drawing order from drawn_[from] up that the passes see (not the ones
  // that have left, which are neither drawn nor in the way of events), bottom to top, with what
  // the draw of each reads. Its cover is the nearest state drawn above it that is not transparent
  // (one that lets every pass through covers nothing); its phase and cause are its own while it
  // moves, else its cover's.
  [[nodiscard]] std::vector<shown_entry> shown_from(std::size_t from) const {
    std::vector<shown_entry> made;
    const model_entry* cover = nullptr;
    for (std::size_t at = drawn_.size(); at-- > from;) {
      const model_entry& shown = entry(drawn_[at]);
      if (shown.moving == motion::left) {
        continue;
      }
      strata::presence read;
      read.value = shown.presence;
      read.cover = cover != nullptr ? cover->presence : 0.0F;
      if (moves(shown)) {
        read.phase =
            shown.moving == motion::arriving ? strata::phase::arriving : strata::phase::leaving;
        read.cause = shown.started_by;
      } else if (cover != nullptr) {
        read.phase = cover->moving == motion::arriving  ? strata::phase::being_covered
                     : cover->moving == motion::leaving ? strata::phase::being_revealed
                                                        : strata::phase::covered;
        read.cause = moves(*cover) ? cover->started_by : strata::cause::none;
      }
      made.push_back({drawn_[at], read});
      if (!(shown.mode == strata::modality::transparent)) {
        cover = &shown;
      }
    }
    std::reverse(made.begin(), made.end());
    return made;
  }

  // Where, in the drawing order, the `count` highest entries that the passes see start (0 if
  // there are fewer).
  [[nodiscard]] std::size_t top_shown(std::size_t count) const {
    std::size_t at = drawn_.size();
    for (std::size_t found = 0; at > 0 && found < count;) {
      found += entry(drawn_[--at]).moving != motion::left ? 1 : 0;
    }
    return at;
  }

protected:
  explicit model_motion(model_events& events)
      : model_staging(events) {}

  // Arriving or leaving: below 1 on its way in, or on its way out.
  static bool moves(const model_entry& e) {
    return e.moving == motion::arriving || e.moving == motion::leaving;
  }
  static bool exited(const model_entry& e) {
    return e.moving == motion::leaving || e.moving == motion::left;
  }

  // ---- at the commit ----

  // R33: an entered state goes on top of the drawing order; if its transition arrives, it arrives
  // from 0, already during its own enter.
  void arrive(int id) {
    drawn_.push_back(id);
    model_entry& e = entry(id);
    const bool over_time = e.transition.arrive > 0.0F;
    e.moving = over_time ? motion::arriving : motion::still;
    e.presence = over_time ? 0.0F : 1.0F;
    start(e, e.transition.arrive, e.staged_by);
  }

  // R25, R33: a state whose enter threw never arrives; it is destroyed at once.
  void never_arrived() { drawn_.pop_back(); }

  // R33, R20, R25, R26: after its exit (which may have thrown) a state leaves from where it got
  // to, at the place it left, if its transition leaves over time and it has a presence to lose. A
  // borrowed one leaves at once: its owner may destroy it once the commit returns. One that
  // leaves at once waits, undrawn, for the states leaving above it. The destructor lets no time
  // pass: it destroys the states above, top first, then this one.
  void depart(int id) {
    model_entry& e = entry(id);
    if (destroying()) {
      while (drawn_.back() != id) {
        release_top();
      }
      release_top();
      return;
    }
    if (e.borrow_slot < 0 && e.transition.leave > 0.0F && e.presence > 0.0F) {
      e.moving = motion::leaving;
      start(e, e.transition.leave, e.unstaged_by);
    } else if (drawn_.back() != id) {
      e.moving = motion::left; // only states that exited lie above a committed top
      e.presence = 0.0F;
    } else {
      release_top();
    }
  }

  // R26: once every committed state has exited, the destructor destroys what is left, top first.
  void release_all() {
    while (!drawn_.empty()) {
      release_top();
    }
  }

  // ---- at the passes ----

  // R32, R33: the factor on the dt that moves each entry of the drawing order: the float product
  // of the time scales of the committed states above it, from the top down, and 0 if one of them
  // is 0 (whatever the others, even if their product overflows). Read as update() starts: a scale
  // changed by its hooks counts from the next pass.
  [[nodiscard]] std::vector<float> factors() const {
    std::vector<float> made(drawn_.size());
    float product = 1.0F;
    bool stopped = false;
    for (std::size_t at = drawn_.size(); at-- > 0;) {
      made[at] = stopped ? 0.0F : product;
      const model_entry& e = entry(drawn_[at]);
      if (!exited(e)) {
        stopped = stopped || e.scale == 0.0F;
        product *= e.scale;
      }
    }
    return made;
  }

  // R33, after the update hooks: each presence moves by its step, dt times its factor over its
  // duration, in double, rounded to float; a dt or a factor of 0 (even times an infinite one),
  // or a step of 0, moves nothing, not even to an end it is close to; a step that is not a number
  // (an infinite or NaN dt) ends the transition, and a presence moved to within 1e-5 of its end
  // is at the end. Then the states that have left are destroyed.
  void advance(double dt, const std::vector<float>& factor) {
    constexpr double end_tolerance = 1e-5;
    for (std::size_t at = 0; at < drawn_.size(); ++at) {
      model_entry& e = entry(drawn_[at]);
      if (!moves(e) || dt == 0.0 || factor[at] == 0.0F) {
        continue;
      }
      const double step = dt * static_cast<double>(factor[at]) / static_cast<double>(e.seconds);
      if (step == 0.0) {
        continue;
      }
      if (e.moving == motion::arriving) {
        const double to = std::isnan(step) ? 1.0 : static_cast<double>(e.presence) + step;
        e.presence = to >= 1.0 - end_tolerance ? 1.0F : static_cast<float>(to);
        e.moving = e.presence == 1.0F ? motion::still : motion::arriving;
      } else {
        const double to = std::isnan(step) ? 0.0 : static_cast<double>(e.presence) - step;
        e.presence = to <= end_tolerance ? 0.0F : static_cast<float>(to);
        e.moving = e.presence == 0.0F ? motion::left : motion::leaving;
      }
    }
    release_left();
  }

  // R33: finish_transitions(): every arrival complete, every leaving state left and destroyed.
  void finish_all() {
    for (const int id : drawn_) {
      model_entry& e = entry(id);
      if (moves(e)) {
        e.moving = e.moving == motion::arriving ? motion::still : motion::left;
        e.presence = e.moving == motion::still ? 1.0F : 0.0F;
      }
    }
    release_left();
  }

private:
  static void start(model_entry& e, float seconds, strata::cause by) {
    e.seconds = seconds;
    e.passes_input = e.transition.input_passes;
    e.started_by = by;
  }

  void release_top() {
    const int id = drawn_.back();
    drawn_.pop_back();
    release(id);
  }

  // R33: a state is destroyed only after every state leaving above it, so the ones that have
  // left go top first, down to the first that still leaves (committed states above do not count).
  void release_left() {
    for (;;) {
      std::size_t at = drawn_.size();
      while (at > 0 && !exited(entry(drawn_[at - 1]))) {
        --at;
      }
      if (at == 0 || entry(drawn_[at - 1]).moving != motion::left) {
        return;
      }
      const int id = drawn_[at - 1];
      drawn_.erase(drawn_.begin() + static_cast<std::ptrdiff_t>(at - 1));
      release(id);
    }
  }
};

} // namespace strata_model
