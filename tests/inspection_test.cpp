// tests/inspection_test.cpp: strata::inspect() (R36), what an inspector shows: both views of a
// stack as it is now, and as a trace recorder rebuilt them for a past frame.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <strata/inspection.hpp>

namespace strata_test {
namespace {

using strata::entry_id;
using strata::modality;

struct title {};
struct menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  static constexpr strata::transition transition{.arrive = 0.5F};
};
struct hint {
  static constexpr strata::modality modality = strata::modality::transparent;
};

// "name#id mode [focus]" for each entry of a view, bottom first.
std::string rows(const std::vector<strata::inspected_entry>& view) {
  std::string out;
  for (const strata::inspected_entry& e : view) {
    out += (out.empty() ? "" : ", ") + e.name + "#" +
           std::to_string(static_cast<std::uint64_t>(e.id)) + " " + std::string(to_string(e.mode)) +
           (e.focused ? " focus" : "");
  }
  return out;
}

// Live: both views with their entries' identities, modalities, the focus, time scales and the
// presence of the committed ones; a push not yet committed is in the staged view only.
TEST(inspection, r36_the_stack_as_it_is_now) {
  strata::stack<> states;
  states.push<title>();
  states.push<menu>().time_scale(0.5F);
  states.commit();
  states.push<hint>();

  const strata::inspection now = strata::inspect(states);
  EXPECT_FALSE(now.frame);
  EXPECT_TRUE(now.pending);
  EXPECT_TRUE(now.in_transition);
  EXPECT_EQ(rows(now.committed), "title#1 screen, menu#2 freeze focus");
  EXPECT_EQ(rows(now.staged), "title#1 screen, menu#2 freeze focus, hint#3 transparent");
  ASSERT_EQ(now.committed.size(), 2U);
  EXPECT_EQ(now.committed[1].depth, 1U);
  EXPECT_EQ(now.committed[1].time_scale, 0.5F);
  ASSERT_TRUE(now.committed[1].presence);
  EXPECT_EQ(now.committed[1].presence->phase, strata::phase::arriving);
  EXPECT_EQ(now.committed[0].presence->phase, strata::phase::being_covered);
  EXPECT_FALSE(now.staged[2].presence); // not committed: nothing drawn yet

  states.commit();
  states.update(0.5);
  const strata::inspection later = strata::inspect(states);
  EXPECT_FALSE(later.pending);
  EXPECT_FALSE(later.in_transition);
  EXPECT_EQ(rows(later.committed), "title#1 screen, menu#2 freeze, hint#3 transparent focus");
}

// A past frame: as the recorder rebuilt it at the frame's end (the requests made before the next
// frame begins count in it), without the live-only fields.
TEST(inspection, r36_a_recorded_frame) {
  strata::trace_recorder recorder{256};
  strata::stack<> states;
  states.set_probe(&recorder);
  states.push<title>();
  states.frame(0.1); // frame 1
  states.push<menu>();
  states.frame(0.1); // frame 2
  states.pop();
  states.frame(0.1); // frame 3

  const strata::inspection first = strata::inspect(*recorder.stack_at(1));
  EXPECT_EQ(first.frame, 1U);
  EXPECT_EQ(rows(first.committed), "title#1 screen focus");
  const strata::inspection second = strata::inspect(*recorder.stack_at(2));
  EXPECT_EQ(rows(second.committed), "title#1 screen, menu#2 freeze focus");
  EXPECT_EQ(rows(second.staged), "title#1 screen"); // the pop made after it counts in it
  EXPECT_FALSE(second.committed[1].time_scale);
  EXPECT_FALSE(second.committed[1].presence);
  EXPECT_EQ(rows(strata::inspect(*recorder.stack_at(3)).committed), "title#1 screen focus");
  states.set_probe(nullptr);
}

// On random programs, each recorded frame inspects as the live stack did at the end of it
// (identities, names, modalities, focus), while the ring keeps dropping old events. A frame ends,
// for the recorder, when the next begins: the requests made between two frames count in the
// first, so the live stack is read after them.
TEST(inspection, r36_recorded_frames_inspect_as_the_live_stack_did) {
  strata::trace_recorder recorder{64};
  strata::stack<> states;
  states.set_probe(&recorder);
  std::mt19937 random(36);
  std::vector<std::string> live; // live[n - 1]: frame n's committed, then staged
  for (std::uint64_t frame = 1; frame <= 500; ++frame) {
    states.frame(0.25);
    switch (random() % 6) {
    case 0:
    case 1: states.push<title>(); break;
    case 2: states.push<menu>(); break;
    case 3: states.push<hint>(); break;
    case 4:
      if (!states.staged().empty()) {
        states.pop();
      }
      break;
    default: states.clear(); break;
    }
    const strata::inspection now = strata::inspect(states);
    live.push_back(rows(now.committed) + " / " + rows(now.staged));
    ASSERT_EQ(recorder.newest_frame(), frame);
    for (std::uint64_t past = std::max<std::uint64_t>(recorder.oldest_frame(), 1); past <= frame;
         ++past) {
      const strata::inspection then = strata::inspect(*recorder.stack_at(past));
      ASSERT_EQ(rows(then.committed) + " / " + rows(then.staged), live[past - 1])
          << "frame " << past << " seen at frame " << frame;
    }
  }
  EXPECT_GT(recorder.dropped(), 0U);
  states.set_probe(nullptr);
}

} // namespace
} // namespace strata_test
