// tests/trace_recorder_test.cpp: the trace recorder (R36): the events it keeps, and "the stack as
// it was at frame N", both views, rebuilt from them, also after the ring dropped old events.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <strata/trace_recorder.hpp>
#include <strata/trace_timeline.hpp>

#include "support/counting_new.hpp"
#include "support/expect_error.hpp"
#include "support/trace.hpp"

namespace strata_test {
namespace {

using strata::trace_event;

std::string staged_line(const test_stack& s) {
  std::vector<std::string_view> names;
  for (const auto entry : s.staged()) {
    names.push_back(entry.name());
  }
  if (names.empty()) {
    return "(empty)";
  }
  std::string line;
  for (std::size_t i = 0; i < names.size(); ++i) {
    line.append(i == 0 ? "" : " | ").append(names[i]);
  }
  return line + "*";
}

// "1 4 | 1 4 6": the ids of the committed view, then of the staged one.
std::string ids(const test_stack& s) {
  std::string line;
  for (const auto entry : s.committed()) {
    line += std::to_string(static_cast<std::uint64_t>(entry.id())) + " ";
  }
  line += "|";
  for (const auto entry : s.staged()) {
    line += " " + std::to_string(static_cast<std::uint64_t>(entry.id()));
  }
  return line;
}
std::string ids(const strata::recorded_stack& at) {
  std::string line;
  for (const strata::recorded_entry& e : at.committed) {
    line += std::to_string(static_cast<std::uint64_t>(e.id)) + " ";
  }
  line += "|";
  for (const strata::recorded_entry& e : at.staged) {
    line += " " + std::to_string(static_cast<std::uint64_t>(e.id));
  }
  return line;
}

TEST(trace_recorder, r36_records_hook_calls_requests_steps_and_frames) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"title">>(actions{.enter = [&] { s.push<logged<"menu">>(); }});
  s.frame(0.1);
  std::string kinds;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const trace_event& e = trace[i];
    switch (e.what) {
    case trace_event::kind::frame_begin: kinds += "F "; break;
    case trace_event::kind::frame_end: kinds += "/F "; break;
    case trace_event::kind::hook_begin:
      kinds += "<" + std::string(trace.name(e.name)) + "." + std::string(to_string(e.hook)) + " ";
      break;
    case trace_event::kind::hook_end: kinds += "> "; break;
    case trace_event::kind::request:
      kinds +=
          std::string(e.request) + (e.from_hook ? "@" + std::string(trace.name(e.name)) : "") + " ";
      break;
    case trace_event::kind::step:
      kinds += std::string(to_string(e.step)) + ":" + std::string(trace.name(e.name)) + " ";
      break;
    case trace_event::kind::change:
      kinds += "change:" + std::string(trace.name(e.name)) + " ";
      break;
    }
    EXPECT_GE(e.time_ns, i == 0 ? 0 : trace[i - 1].time_ns);
  }
  EXPECT_EQ(kinds, "push() push:title F <title.enter push()@title push:menu > enter:title "
                   "<title.pause > pause:title <menu.enter > enter:menu focus:menu "
                   "<title.update_covered > "
                   "<menu.update > <menu.draw > /F ");
  const auto at = trace.stack_at(1);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->describe(), "title | menu*");
  EXPECT_EQ(at->focused, s.committed()[1].id());
  EXPECT_FALSE(trace.stack_at(2).has_value());
  s.set_probe(nullptr);
}

// A state whose hooks make requests drawn from a seeded generator.
struct random_flow {
  test_stack* s;
  std::mt19937* rng;
};

template <fixed_name Name>
struct actor {
  static constexpr std::string_view name = Name.view();
  random_flow flow;
  void enter() { act(); }
  void pause() { act(); }
  void resume() { act(); }
  void update(double /*dt*/) { act(); }
  void act() const;
};

void random_request(const random_flow& flow, int chance_in_100) {
  test_stack& s = *flow.s;
  std::mt19937& rng = *flow.rng;
  if (static_cast<int>(rng() % 100) >= chance_in_100) {
    return;
  }
  const std::size_t staged = s.staged().size();
  switch (rng() % 6) {
  case 0:
  case 1:
    if (staged < 6) {
      (rng() % 2 == 0) ? (void)s.push<actor<"a">>(flow) : (void)s.push<actor<"b">>(flow);
    }
    break;
  case 2:
    if (staged > 0) {
      s.pop();
    }
    break;
  case 3:
    if (staged > 0) {
      (void)s.replace<actor<"c">>(flow);
    }
    break;
  case 4:
    if (rng() % 4 == 0) {
      s.clear();
    }
    break;
  default:
    if (staged > 1) {
      s.pop_to(1);
    }
    break;
  }
}

template <fixed_name Name>
void actor<Name>::act() const {
  random_request(flow, 15);
}

// "Stack at frame N" equals describe() and the staged view as they read at the end of frame N,
// for every frame the ring still holds, on random programs, with a ring small enough to wrap
// hundreds of times.
TEST(trace_recorder, r36_stack_at_frame_n_equals_the_stack_at_frame_n_on_random_programs) {
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    recorder ctx;
    std::mt19937 rng{seed}; // before the stack: its destructor runs hooks that draw from it
    test_stack s{ctx};
    const random_flow flow{&s, &rng};
    strata::trace_recorder trace{256 + 64 * seed};
    s.set_probe(&trace);
    std::vector<std::string> committed{"(empty)"}; // at the end of frame 0, 1, ...
    std::vector<std::string> staged{"(empty)"};
    std::vector<std::string> identities{"|"};
    for (int frame = 1; frame <= 3000; ++frame) {
      s.frame(0.016);
      random_request(flow, 50); // between frames: counts in the frame that ended
      committed.push_back(s.describe());
      staged.push_back(staged_line(s));
      identities.push_back(ids(s));
    }
    ASSERT_GT(trace.dropped(), 0U);
    ASSERT_EQ(trace.newest_frame(), 3000U);
    ASSERT_LT(trace.oldest_frame(), 3000U);
    for (std::uint64_t n = trace.oldest_frame(); n <= trace.newest_frame(); ++n) {
      const auto at = trace.stack_at(n);
      ASSERT_TRUE(at.has_value());
      ASSERT_EQ(at->describe(), committed[n]) << "seed " << seed << ", frame " << n;
      ASSERT_EQ(at->describe_staged(), staged[n]) << "seed " << seed << ", frame " << n;
      ASSERT_EQ(ids(*at), identities[n]) << "seed " << seed << ", frame " << n;
    }
    EXPECT_FALSE(trace.stack_at(trace.oldest_frame() - 1).has_value());
    s.set_probe(nullptr);
  }
}

// A recorder installed mid-game starts from the stack as it stands.
TEST(trace_recorder, r36_a_recorder_installed_later_starts_from_the_stack_as_it_stands) {
  recorder ctx;
  test_stack s{ctx};
  s.push<logged<"title">>();
  s.push<logged<"world">>();
  s.commit();
  s.pop();
  s.push<logged<"pause">>();
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  const auto at = trace.stack_at(0);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->describe(), "title | world*");
  EXPECT_EQ(at->describe_staged(), "title | pause*");
  EXPECT_EQ(ids(*at), ids(s));
  EXPECT_EQ(at->focused, s.committed()[1].id());
  s.set_probe(nullptr);
}

// R21: a recorded view describes itself as the stack did, names of any bytes escaped alike.
TEST(trace_recorder, r36_a_recorded_view_describes_odd_names_as_the_stack_does) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"a">>().name(std::string("two\nlines \"q\" \0", 15));
  s.push<logged<"b">>();
  s.frame(0.1);
  const auto at = trace.stack_at(1);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->describe(), "two\\nlines \\\"q\\\" \\x00 | b*");
  EXPECT_EQ(at->describe(), s.describe());
  s.pop();
  EXPECT_EQ(trace.stack_at(1)->describe_staged(), "two\\nlines \\\"q\\\" \\x00*");
  s.set_probe(nullptr);
}

// Where the stack unstages or stages entries with no request, the recorder's views follow: the
// pending requests a transition limit drops (R23), the requests kept from a hook that threw.
TEST(trace_recorder, r36_the_views_follow_a_transition_limit) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{256};
  s.set_probe(&trace);
  s.push<logged<"base">>();
  s.commit();
  s.set_max_transitions(4);
  std::function<void()> again;
  again = [&] { s.replace<logged<"cycler">>(actions{.enter = again}); };
  s.push<logged<"top">>();
  s.push<logged<"cycler">>(actions{.enter = again});
  expect_error(s, strata::errc::transition_limit,
               "strata: commit exceeded 4 transitions: 'cycler' keeps pushing 'cycler'; the "
               "requests still pending were dropped",
               [&] { s.commit(); });
  const auto at = trace.stack_at(0);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->describe(), s.describe());
  // The cycler staged again is the one that entered, not the one dropped (same name).
  ASSERT_EQ(at->staged.size(), s.staged().size());
  for (std::size_t i = 0; i < at->staged.size(); ++i) {
    EXPECT_EQ(at->staged[i].id, s.staged()[i].id()) << "depth " << i;
  }
  s.set_probe(nullptr);
}

// A push's .modality() and .name() come after the probe heard of the push: the changes it is told
// of give both views the modality and the name the entry entered with (the staged view used to
// keep the push step's name).
TEST(trace_recorder, r36_a_modality_and_name_given_after_the_push_show_in_both_views) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"world">>().modality(strata::modality::opaque).name("world 1-2");
  s.commit();
  const auto at = trace.stack_at(0);
  ASSERT_TRUE(at.has_value());
  ASSERT_EQ(at->committed.size(), 1U);
  ASSERT_EQ(at->staged.size(), 1U);
  EXPECT_EQ(at->committed[0].mode, strata::modality::opaque);
  EXPECT_EQ(at->staged[0].mode, strata::modality::opaque);
  EXPECT_EQ(trace.name(at->committed[0].name), "world 1-2");
  EXPECT_EQ(trace.name(at->staged[0].name), "world 1-2");
  s.set_probe(nullptr);
}

// A handle kept past the enter changes the entry from the frame the change came in: a recorded
// view, the timeline and a recorder's inspection show the modality and name it has since (R16).
TEST(trace_recorder, r36_a_change_through_a_kept_handle_shows_from_its_frame) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"title">>();
  auto world = s.push<logged<"world">>();
  s.frame(0.1); // frame 1
  s.frame(0.1); // frame 2
  std::move(world).modality(strata::modality::freeze).time_scale(0.5F).name("world 2");
  s.push<logged<"pause">>(); // staged above it: the change keeps to its depth
  const auto before = trace.stack_at(1);
  const auto after = trace.stack_at(2);
  ASSERT_TRUE(before.has_value());
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(before->describe(), "title | world*");
  EXPECT_EQ(before->committed[1].mode, strata::modality::screen);
  EXPECT_EQ(after->describe(), "title | world 2*");
  EXPECT_EQ(after->describe_staged(), "title | world 2 | pause*");
  EXPECT_EQ(after->committed[1].mode, strata::modality::freeze);
  EXPECT_EQ(after->staged[1].mode, strata::modality::freeze);
  EXPECT_EQ(after->committed[0].mode, strata::modality::screen);
  const std::string timeline = strata::to_timeline(trace, {.durations = false});
  EXPECT_NE(timeline.find("end of frame 2: title | world*  (staged: title | world*)\n"
                          "change world#2@1 to freeze, time scale 1\n"
                          "change world#2@1 to freeze, time scale 0.5\n"
                          "change world 2#2@1 to freeze, time scale 0.5\n"
                          "request push() outside any hook\n"),
            std::string::npos)
      << timeline;
  s.set_probe(nullptr);
}

// The enter's modality goes to the staged entry only if it is the one that entered: an enter that
// replaced its own state left another entry at that depth, which keeps its own.
TEST(recorded_views, an_enter_gives_its_modality_only_to_the_same_staged_entry) {
  const auto step_event = [](strata::step what, std::uint64_t id, strata::modality mode) {
    trace_event e{};
    e.what = trace_event::kind::step;
    e.step = what;
    e.id = strata::entry_id{id};
    e.mode = mode;
    return e;
  };
  strata::recorded_views entered;
  entered.apply(step_event(strata::step::push, 1, strata::modality::screen));
  entered.apply(step_event(strata::step::enter, 1, strata::modality::opaque));
  EXPECT_EQ(entered.staged.at(0).mode, strata::modality::opaque);
  // 1's enter replaced it with 2, whose push and pop were told during the hook, before the enter.
  strata::recorded_views replaced;
  replaced.apply(step_event(strata::step::push, 1, strata::modality::screen));
  replaced.apply(step_event(strata::step::pop, 1, strata::modality::screen));
  replaced.apply(step_event(strata::step::push, 2, strata::modality::freeze));
  replaced.apply(step_event(strata::step::enter, 1, strata::modality::opaque));
  EXPECT_EQ(replaced.staged.at(0).id, strata::entry_id{2});
  EXPECT_EQ(replaced.staged.at(0).mode, strata::modality::freeze);
}

#ifndef STRATA_NO_EXCEPTIONS
TEST(trace_recorder, r36_the_views_follow_an_enter_that_threw) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{256};
  s.set_probe(&trace);
  s.push<logged<"base">>();
  s.commit();
  // world throws from its enter with options staged above it (R25).
  s.push_first_on_top(logged<"options">{},
                      logged<"world">{actions{.enter = [] { throw std::runtime_error("x"); }}});
  EXPECT_THROW(s.commit(), std::runtime_error);
  auto at = trace.stack_at(0);
  ASSERT_TRUE(at.has_value());
  EXPECT_EQ(at->describe(), "base*");
  EXPECT_EQ(at->describe_staged(), "base | options*");
  EXPECT_EQ(staged_line(s), "base | options*");
  s.commit();
  at = trace.stack_at(0);
  EXPECT_EQ(at->describe(), "base | options*");
  EXPECT_EQ(at->describe_staged(), "base | options*");
  s.set_probe(nullptr);
}
#endif

struct quiet_title {
  void enter() {}
  void update(double /*dt*/) {}
  void draw() {}
};
struct quiet_menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  void enter() {}
  void exit() {}
  void draw() {}
};

// Once the ring is full and every name seen, recording allocates nothing: each frame here pushes
// a menu, commits, pops it, commits, with hook calls, requests and steps on every one.
TEST(trace_recorder, r36_a_warm_recorder_allocates_nothing) {
  strata::stack<> s;
  strata::trace_recorder trace{500};
  s.set_probe(&trace);
  s.push<quiet_title>();
  const auto round = [&] {
    s.push<quiet_menu>();
    s.frame(0.016);
    s.pop();
    s.frame(0.016);
  };
  for (int i = 0; i < 100; ++i) {
    round();
  }
  ASSERT_GT(trace.dropped(), 0U);
  const std::size_t before = global_allocations;
  for (int i = 0; i < 500; ++i) {
    round();
  }
  EXPECT_EQ(global_allocations - before, 0U);
  s.set_probe(nullptr);
}

// The text timeline: one line per event, frame by frame, hook calls indented by what they run,
// both views at the end of each frame; without durations, the same text on every run.
TEST(trace_timeline, r36_one_line_per_event_frame_by_frame) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"title">>(actions{.enter = [&] { s.push<logged<"menu">>(); }});
  s.frame(0.1);
  s.pop();
  s.set_probe(nullptr);
  EXPECT_EQ(strata::to_timeline(trace, {.durations = false}),
            "request push() outside any hook\n"
            "step push title#1@0\n"
            "frame 1\n"
            "  title#1@0.enter\n"
            "    request push() from title#1@0.enter\n"
            "    step push menu#2@1\n"
            "  done title.enter\n"
            "  step enter title#1@0\n"
            "  title#1@0.pause\n"
            "  done title.pause\n"
            "  step pause title#1@0\n"
            "  menu#2@1.enter\n"
            "  done menu.enter\n"
            "  step enter menu#2@1\n"
            "  step focus menu#2@1\n"
            "  title#1@0.update_covered\n"
            "  done title.update_covered\n"
            "  menu#2@1.update\n"
            "  done menu.update\n"
            "  menu#2@1.draw\n"
            "  done menu.draw\n"
            "end of frame 1: title | menu*  (staged: title | menu*)\n"
            "request pop() outside any hook\n"
            "step pop menu#2@1\n");
  // With durations, each end line says how long its call took, to the microsecond (how long is
  // not asserted: under valgrind title's enter, which pushes, takes more than a millisecond).
  const std::string timed = strata::to_timeline(trace);
  EXPECT_TRUE(
      std::regex_search(timed, std::regex{"\\n  done title\\.enter [0-9]+\\.[0-9]{3} ms\\n"}))
      << timed;
}

// A ring that dropped events says so, with the stack the dropped events left.
TEST(trace_timeline, r36_a_wrapped_ring_starts_from_its_baseline) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{3};
  s.set_probe(&trace);
  s.push<logged<"a">>();
  s.push<logged<"b">>();
  s.push<logged<"c">>();
  s.pop();
  s.set_probe(nullptr);
  EXPECT_EQ(strata::to_timeline(trace, {.durations = false}),
            "(6 older events dropped; the stack then: (empty)  (staged: a | b | c*))\n"
            "request pop() outside any hook\n"
            "step pop c#3@2\n"
            "step discard c#3@2\n");
}

// A trace of frames alone has seen no state's name: its events, which name none, read no name
// (the timeline read past the empty table; ASan, through C's strata_trace_timeline()).
TEST(trace_timeline, r36_a_trace_of_frames_alone_names_no_state) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{8};
  s.set_probe(&trace);
  s.frame(0.1);
  s.set_probe(nullptr);
  EXPECT_EQ(strata::to_timeline(trace, {.durations = false}),
            "frame 1\nend of frame 1: (empty)  (staged: (empty))\n");
  EXPECT_EQ(trace.name(0), "");
}

// R21: a name may hold any bytes. Its control bytes, backslashes and quotes are escaped, so that
// every event stays on its own line and the name reads back as given.
TEST(trace_timeline, r36_a_name_with_control_bytes_stays_on_its_line) {
  recorder ctx;
  test_stack s{ctx};
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  s.push<logged<"a">>().name("two\nlines \"q\" \\ \x1b[31m");
  s.frame(0.1);
  s.pop();
  s.set_probe(nullptr);
  const std::string name = "two\\nlines \\\"q\\\" \\\\ \\x1b[31m";
  EXPECT_EQ(strata::to_timeline(trace, {.durations = false}),
            "request push() outside any hook\n"
            "step push a#1@0\n" // the probe hears of the push, then of its .name()
            "change " +
                name +
                "#1@0 to screen, time scale 1\n"
                "frame 1\n"
                "  " +
                name +
                "#1@0.enter\n"
                "  done " +
                name +
                ".enter\n"
                "  step enter " +
                name +
                "#1@0\n"
                "  step focus " +
                name +
                "#1@0\n"
                "  " +
                name +
                "#1@0.update\n"
                "  done " +
                name +
                ".update\n"
                "  " +
                name +
                "#1@0.draw\n"
                "  done " +
                name +
                ".draw\n"
                "end of frame 1: " +
                name + "*  (staged: " + name +
                "*)\n"
                "request pop() outside any hook\n"
                "step pop " +
                name + "#1@0\n");
}

} // namespace
} // namespace strata_test
