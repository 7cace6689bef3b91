// strata/detail/motion_list.hpp: the entries in transition (R33): committed entries still
// arriving, and entries that exited and are still leaving, drawn until their presence reaches 0.
// Kept in drawing order, bottom to top, so that the passes can merge them with the committed
// stack: a leaving entry sits where it left, above the committed entries that were below it then.
// Empty for a stack without transitions, which is all it then costs.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "../memory.hpp"
#include "../transition.hpp"
#include "flat_array.hpp"

namespace strata::detail {

template <class Entry>
struct motion {
  // Leaving: the exited entry, released when it is done. Arriving: the committed entry as it
  // entered, for its id and its state object.
  Entry held;
  float presence;
  float seconds; // the length of the way it is going, in seconds; 0: there at once
  // Arriving: its committed depth. Leaving: how many committed entries are below it.
  std::uint32_t depth;
  bool leaving;
  bool input_passes;
  strata::cause why;
  // R32: the factor on dt that moves it, as the update pass started (scratch of measure()).
  float factor;
};

template <class Entry>
class motion_list {
public:
  using record = motion<Entry>;

  // Like the arrays it is made of, it keeps no pointer to the memory it allocates from: the
  // stack hands it to the calls that allocate, and calls release() before it goes.
  motion_list() = default;
  motion_list(const motion_list&) = delete;
  motion_list& operator=(const motion_list&) = delete;
  ~motion_list() = default;
  void release(const memory& memory) noexcept { records_.release(memory); }

  [[nodiscard]] bool empty() const { return records_.empty(); }
  [[nodiscard]] std::size_t size() const { return records_.size(); }
  [[nodiscard]] const record& operator[](std::size_t i) const { return records_[i]; }

  // `e` entered at `depth`, the committed top, and arrives from presence 0. False, and nothing
  // changed, if memory ran out: it is then there at once.
  bool arrive(const memory& memory, const Entry& e, std::size_t depth,
              const strata::transition& t) noexcept {
    return records_.try_insert(memory, records_.size(),
                               {e, 0.0F, t.arrive, static_cast<std::uint32_t>(depth), false,
                                t.input_passes, e.arrival_cause(), 1.0F});
  }

  // `e`, the committed top at `depth`, exited: it leaves from where its arrival got to (fully
  // present if it was not arriving), below the entries already leaving above it. False, and
  // nothing changed, if memory ran out.
  bool leave(const memory& memory, const Entry& e, std::size_t depth,
             const strata::transition& t) noexcept {
    const auto at = static_cast<std::uint32_t>(depth);
    std::size_t place = records_.size(); // below the entries leaving above it
    while (place > 0 && records_[place - 1].leaving && records_[place - 1].depth == at + 1) {
      --place;
    }
    const float from = t.leave > 0.0F ? 1.0F : 0.0F;
    if (place > 0 && !records_[place - 1].leaving && records_[place - 1].depth == at) {
      record& turning = records_[--place]; // it was arriving: it turns back from there
      turning = {e,
                 t.leave > 0.0F ? turning.presence : 0.0F,
                 t.leave,
                 at,
                 true,
                 t.input_passes,
                 e.departure_cause(),
                 1.0F};
    } else if (!records_.try_insert(
                   memory, place,
                   {e, from, t.leave, at, true, t.input_passes, e.departure_cause(), 1.0F})) {
      return false;
    }
    for (std::size_t i = place + 1; i < records_.size(); ++i) {
      records_[i].depth = at; // the committed entry below them is gone
    }
    return true;
  }

  // The arrival of the committed entry at `depth`, which leaves at once, ends.
  void forget_arrival(std::size_t depth) noexcept {
    for (std::size_t i = records_.size(); i-- > 0;) {
      if (!records_[i].leaving && records_[i].depth == depth) {
        records_.erase(i);
        return;
      }
    }
  }

  // Whether an entry is leaving with `depth` committed entries below it: above the committed
  // entry at depth - 1.
  [[nodiscard]] bool leaving_at(std::size_t depth) const {
    return !records_.empty() && records_.back().leaving && records_.back().depth == depth;
  }

  // Before the update calls, so that a time scale they change counts from the next pass (R32):
  // takes each record's factor, `scale_above(d)`, the product of the time scales of the committed
  // entries from depth d up, asked top down (d never grows from one call to the next).
  template <class ScaleAbove>
  void measure(ScaleAbove scale_above) {
    for (std::size_t i = records_.size(); i-- > 0;) {
      records_[i].factor =
          scale_above(records_[i].leaving ? records_[i].depth : records_[i].depth + 1);
    }
  }

  // Moves every presence on by `dt` times the factor measure() took; an arrival that is over
  // leaves the list.
  void advance(double dt) {
    for (std::size_t i = records_.size(); i-- > 0;) {
      record& r = records_[i];
      const auto scale = static_cast<double>(r.factor);
      // No time is no step, even under scales whose product is infinite (0 x inf is not a
      // number, which ended the transition).
      const double step = r.seconds <= 0.0F           ? 1.0
                          : dt == 0.0 || scale == 0.0 ? 0.0
                                                      : dt * scale / static_cast<double>(r.seconds);
      if (step == 0.0) {
        continue; // no time passed for it: it does not move, not even to an end it is close to
      }
      // A step that is not a number (a NaN dt) ends the transition, as an infinite one does.
      const double moved = std::isnan(step) ? (r.leaving ? 0.0 : 1.0)
                           : r.leaving      ? static_cast<double>(r.presence) - step
                                            : static_cast<double>(r.presence) + step;
      // Within a rounding error of the end is the end: three steps of 0.1 s over 0.3 s add up
      // to a hair under 1, which would keep a state arriving for one more frame. Near its start
      // a transition has moved all the same: steps below the tolerance add up.
      if (r.leaving) {
        r.presence = moved <= end_tolerance ? 0.0F : static_cast<float>(std::min(moved, 1.0));
      } else {
        r.presence = moved >= 1.0 - end_tolerance ? 1.0F : static_cast<float>(std::max(moved, 0.0));
      }
    }
    keep_only([](const record& r) { return r.leaving || r.presence < 1.0F; });
  }

  // Every arrival over, every leaving entry at presence 0.
  void finish_all() {
    keep_only([](const record& r) { return r.leaving; });
    for (record& r : records_) {
      r.presence = 0.0F;
    }
  }

  // The next leaving entry to destroy, top first: one whose presence reached 0 with no entry
  // still leaving above it (a committed entry above does not use one that left before it came).
  // Takes it out of the list into `out`; false if there is none.
  bool take_finished(Entry& out) {
    return take_top_leaving_if(out, [](const record& r) { return r.presence <= 0.0F; });
  }

  // R26: the highest leaving entry, whatever its presence, if it has at least `depth` committed
  // entries below it: ~stack destroys them in order as no time passes any more.
  bool take_top_leaving(Entry& out, std::size_t depth) {
    return take_top_leaving_if(out, [depth](const record& r) { return r.depth >= depth; });
  }

private:
  static constexpr double end_tolerance = 1e-5;

  template <class Keep>
  void keep_only(Keep keep) {
    std::size_t kept = 0;
    for (const record& r : records_) {
      if (keep(r)) {
        records_[kept++] = r;
      }
    }
    records_.truncate(kept);
  }

  // Takes the highest leaving entry out into `out` if `ready(its record)`.
  template <class Ready>
  bool take_top_leaving_if(Entry& out, Ready ready) {
    for (std::size_t i = records_.size(); i-- > 0;) {
      if (records_[i].leaving) {
        if (!ready(records_[i])) {
          return false;
        }
        out = records_[i].held;
        records_.erase(i);
        return true;
      }
    }
    return false;
  }

  flat_array<record> records_;
};

} // namespace strata::detail
