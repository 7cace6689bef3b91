// strata/detail/motion_passes.hpp: draw and handle while entries arrive or leave (R33), or while
// a committed state's draw reads its presence. They walk the drawing order, the committed stack
// merged with the leaving entries, instead of the call lists of pass_lists.hpp; the per-frame
// cost of that walk is paid only by stacks in that case.
#pragma once

#include <cstddef>
#include <optional>

#include "../probe.hpp"
#include "../transition.hpp"
#include "entry_stacks.hpp"
#include "motion_list.hpp"

namespace strata::detail {

// One drawn entry, committed (with its arrival, if it arrives) or leaving: what a pass reads of
// it, copied when it is found, since a hook's requests may move the committed entries' storage (a
// push grows the staged stack) before the pass is done with it. The records of moving entries
// stay where they are.
template <class Entry>
struct drawn {
  decltype(Entry::ops) ops;
  void* object;
  entry_id id;
  strata::modality mode;
  const motion<Entry>* moving; // null: committed and fully there
  std::size_t depth;           // committed, or the depth it left from (R36: for the probe)

  drawn(const Entry& shown, const motion<Entry>* motion_of, std::size_t at)
      : ops(shown.ops)
      , object(shown.object)
      , id(shown.id())
      , mode(shown.mode())
      , moving(motion_of)
      , depth(at) {}

  [[nodiscard]] float presence() const { return moving != nullptr ? moving->presence : 1.0F; }
  // Whether the states below count it as covering them: a state that lets every pass through
  // (a HUD, a toast) does not, so that a level dims under its pause menu whatever is between.
  [[nodiscard]] bool covers() const { return mode != strata::modality::transparent; }
};

// Walks the drawing order one way, skipping leaving entries already at presence 0 (they wait
// only to be destroyed in order, and are neither drawn nor in the way of events).
template <class Context, class Event, bool BottomUp>
class drawing_order {
  using entry = detail::entry<Context, Event>;
  using item = drawn<entry>;

public:
  drawing_order(const entry_stacks<Context, Event>& entries, const motion_list<entry>& motions)
      : entries_(&entries)
      , motions_(&motions)
      , committed_(BottomUp ? 0 : entries.committed_size())
      , moving_(BottomUp ? 0 : motions.size()) {}

  std::optional<item> next() {
    for (;;) {
      const std::optional<item> found = BottomUp ? step_up() : step_down();
      if (!found || found->moving == nullptr || !found->moving->leaving ||
          found->moving->presence > 0.0F) {
        return found;
      }
    }
  }

private:
  // A leaving record with depth d sits between committed entries d - 1 and d.
  std::optional<item> step_up() {
    const std::size_t size = entries_->committed_size();
    if (moving_ < motions_->size()) {
      const motion<entry>& m = (*motions_)[moving_];
      if (m.leaving && m.depth <= committed_) {
        ++moving_;
        return item{m.held, &m, m.depth};
      }
      if (!m.leaving && m.depth == committed_) {
        ++moving_;
        ++committed_;
        return item{entries_->committed_at(committed_ - 1), &m, committed_ - 1};
      }
    }
    if (committed_ < size) {
      ++committed_;
      return item{entries_->committed_at(committed_ - 1), nullptr, committed_ - 1};
    }
    return std::nullopt;
  }
  std::optional<item> step_down() {
    if (moving_ > 0) {
      const motion<entry>& m = (*motions_)[moving_ - 1];
      if (m.leaving && m.depth >= committed_) {
        --moving_;
        return item{m.held, &m, m.depth};
      }
      if (!m.leaving && m.depth + 1 == committed_) {
        --moving_;
        --committed_;
        return item{entries_->committed_at(committed_), &m, committed_};
      }
    }
    if (committed_ > 0) {
      --committed_;
      return item{entries_->committed_at(committed_), nullptr, committed_};
    }
    return std::nullopt;
  }

  const entry_stacks<Context, Event>* entries_;
  const motion_list<entry>* motions_;
  std::size_t committed_; // the next committed depth up, or one past the next one down
  std::size_t moving_;    // likewise in the motion list
};

// What `shown`'s draw hook reads, given the nearest covering entry drawn above it (if any).
template <class Entry>
strata::presence seen_presence(const drawn<Entry>& shown, const drawn<Entry>* cover) {
  strata::presence seen{};
  seen.value = shown.presence();
  seen.cover = cover != nullptr ? cover->presence() : 0.0F;
  if (shown.moving != nullptr) {
    seen.phase = shown.moving->leaving ? phase::leaving : phase::arriving;
    seen.cause = shown.moving->why;
  } else if (cover != nullptr) {
    seen.phase = cover->moving == nullptr ? phase::covered
                 : cover->moving->leaving ? phase::being_revealed
                                          : phase::being_covered;
    seen.cause = cover->moving != nullptr ? cover->moving->why : cause::none;
  }
  return seen;
}

template <class Context, class Event>
class motion_passes {
  using entry = detail::entry<Context, Event>;
  using item = drawn<entry>;
  using up = drawing_order<Context, Event, true>;
  using down = drawing_order<Context, Event, false>;

public:
  // R13, R33: bottom to top from the lowest entry visible through the ones above; an entry that
  // arrives or leaves lets the entries below show whatever its modality says, so that nothing
  // vanishes before what covers it is fully there. Each call goes through `around(hook, entry,
  // depth, call)` (R36: the probe's, if one is installed).
  template <class Around>
  static void draw(Context& context, const entry_stacks<Context, Event>& entries,
                   const motion_list<entry>& motions, Around around) {
    std::size_t shown = 0;
    std::size_t visible = 0;
    down from_top{entries, motions};
    for (std::optional<item> at = from_top.next(); at; at = from_top.next()) {
      ++visible;
      if (shown == 0 && at->moving == nullptr && !at->mode.draw_below) {
        shown = visible;
      }
    }
    if (shown == 0) {
      shown = visible;
    }
    up order{entries, motions};
    for (std::size_t skipped = visible - shown; skipped > 0; --skipped) {
      order.next();
    }
    // `ahead` runs in front of `order` to the nearest covering entry above the one drawn.
    up ahead = order;
    std::optional<item> cover = ahead.next();
    for (std::optional<item> at = order.next(); at; at = order.next()) {
      if (cover && cover->id == at->id) {
        cover = ahead.next();
      }
      while (cover && !cover->covers()) {
        cover = ahead.next();
      }
      const item drawn_now = *at;
      if (drawn_now.ops->seen_draw != nullptr) {
        const strata::presence seen = seen_presence(drawn_now, cover ? &*cover : nullptr);
        around(hook::draw, source(drawn_now, entries), drawn_now.depth,
               [&] { drawn_now.ops->seen_draw(drawn_now.object, context, seen); });
      } else if (drawn_now.ops->draw != nullptr) {
        around(hook::draw, source(drawn_now, entries), drawn_now.depth,
               [&] { drawn_now.ops->draw(drawn_now.object, context); });
      }
    }
  }

  // R14, R33: top to bottom until an entry consumes the event; one that arrives or leaves stops
  // it and counts as consuming it, unless its transition lets input pass. Calls as draw()'s do.
  template <class Around>
  static bool handle(Context& context, const Event& event,
                     const entry_stacks<Context, Event>& entries, const motion_list<entry>& motions,
                     Around around) {
    down order{entries, motions};
    for (std::optional<item> at = order.next(); at; at = order.next()) {
      if (at->moving != nullptr) {
        if (!at->moving->input_passes) {
          return true;
        }
        continue;
      }
      if (at->ops->handle != nullptr) {
        bool consumed = false;
        const item shown = *at;
        around(hook::handle, source(shown, entries), shown.depth,
               [&] { consumed = shown.ops->handle(shown.object, context, event); });
        if (consumed) {
          return true;
        }
      }
      if (!at->mode.input_below) {
        return false;
      }
    }
    return false;
  }

  // The entry an item was read from, read again (a hook's requests may move committed entries).
  static const entry& source(const item& at, const entry_stacks<Context, Event>& entries) {
    return at.moving != nullptr && at.moving->leaving ? at.moving->held
                                                      : entries.committed_at(at.depth);
  }

  // The presence of the entry `id`, committed or leaving; nullopt if it is neither (or is a
  // leaving entry at presence 0, waiting only to be destroyed).
  static std::optional<strata::presence> find(entry_id id,
                                              const entry_stacks<Context, Event>& entries,
                                              const motion_list<entry>& motions) {
    down order{entries, motions};
    std::optional<item> cover;
    for (std::optional<item> at = order.next(); at; at = order.next()) {
      if (at->id == id) {
        return seen_presence(*at, cover ? &*cover : nullptr);
      }
      if (at->covers()) {
        cover = at;
      }
    }
    return std::nullopt;
  }
};

} // namespace strata::detail
