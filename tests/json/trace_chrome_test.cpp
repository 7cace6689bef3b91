// tests/json/trace_chrome_test.cpp: the Chrome trace export of a recorded game flow (R36), parsed
// with nlohmann::json: valid JSON, named slices with a time and a duration that nest on each
// track, requests as instants, and a depth counter that matches the stack.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <strata/strata.hpp>
#include <strata/trace_chrome.hpp>

namespace {

using stack = strata::stack<>;

struct flow {
  stack* s;
  std::mt19937* rng;
};

void act(const flow& f, unsigned chance_in_100);

template <int N>
struct scene {
  static constexpr std::string_view name = N == 0 ? "title" : N == 1 ? "world" : "pause \"menu\"";
  flow f;
  void enter() { act(f, 20); }
  void resume() { act(f, 10); }
  void update(double /*dt*/) { act(f, 5); }
  void draw() {}
};

void act(const flow& f, unsigned chance_in_100) {
  if ((*f.rng)() % 100 >= chance_in_100) {
    return;
  }
  const std::size_t staged = f.s->staged().size();
  switch ((*f.rng)() % 4) {
  case 0:
    if (staged < 5) {
      (void)f.s->push<scene<1>>(f);
    }
    break;
  case 1:
    if (staged < 5) {
      (void)f.s->push<scene<2>>(f);
    }
    break;
  case 2:
    if (staged > 0) {
      f.s->pop();
    }
    break;
  default:
    if (staged > 0) {
      (void)f.s->replace<scene<0>>(f);
    }
  }
}

struct sizes {
  std::size_t committed;
  std::size_t staged;
};

class trace_chrome : public testing::Test {
protected:
  // Plays `frames` frames of a random flow into a ring of `capacity` events; returns the export.
  nlohmann::json play(unsigned seed, int frames, std::size_t capacity) {
    std::mt19937 rng{seed}; // before the stack: its destructor runs hooks that draw from it
    stack s;
    const flow f{&s, &rng};
    strata::trace_recorder trace{capacity};
    s.set_probe(&trace);
    s.push<scene<0>>(f);
    for (int n = 1; n <= frames; ++n) {
      s.frame(0.016);
      at_end[static_cast<std::uint64_t>(n)] = {s.size(), s.staged().size()};
      act(f, 30); // between frames
    }
    s.set_probe(nullptr);
    dropped = trace.dropped();
    return nlohmann::json::parse(strata::to_chrome_trace(trace)); // throws if it is not JSON
  }

  std::map<std::uint64_t, sizes> at_end;
  std::uint64_t dropped = 0;
};

TEST_F(trace_chrome, r36_the_export_is_a_valid_well_formed_chrome_trace) {
  for (const std::size_t capacity : {std::size_t{100000}, std::size_t{700}}) {
    const nlohmann::json trace = play(7, 400, capacity);
    EXPECT_EQ(dropped > 0, capacity == 700);
    ASSERT_TRUE(trace.contains("traceEvents"));
    const nlohmann::json& events = trace["traceEvents"];
    ASSERT_TRUE(events.is_array());
    std::map<int, std::vector<std::pair<double, double>>> slices; // per track: [ts, end)
    std::map<std::string, int> threads;
    std::size_t hook_calls = 0;
    std::size_t requests = 0;
    std::size_t frames_checked = 0;
    sizes counter{0, 0};
    for (const nlohmann::json& e : events) {
      ASSERT_TRUE(e["name"].is_string());
      ASSERT_TRUE(e["ph"].is_string());
      ASSERT_EQ(e["pid"], 1);
      const std::string ph = e["ph"];
      const std::string name = e["name"];
      if (ph == "M") {
        threads[e["args"]["name"]] = e["tid"];
        continue;
      }
      ASSERT_TRUE(e["ts"].is_number());
      ASSERT_GE(e["ts"].get<double>(), 0.0);
      if (ph == "X") {
        ASSERT_TRUE(e["dur"].is_number());
        ASSERT_GE(e["dur"].get<double>(), 0.0);
        slices[e["tid"]].emplace_back(e["ts"].get<double>(),
                                      e["ts"].get<double>() + e["dur"].get<double>());
        if (e["tid"] == 1) {
          ++hook_calls;
          EXPECT_TRUE(e["args"]["state"].is_string());
          EXPECT_GT(e["args"]["id"].get<int>(), 0);
          EXPECT_EQ(name, e["args"]["state"].get<std::string>() + "." +
                              e["args"]["hook"].get<std::string>());
        } else {
          // The counter as it stood when the frame ended matches the stack then.
          const auto frame = e["args"]["frame"].get<std::uint64_t>();
          ASSERT_EQ(name, "frame " + std::to_string(frame));
          ASSERT_EQ(counter.committed, at_end.at(frame).committed) << "frame " << frame;
          ASSERT_EQ(counter.staged, at_end.at(frame).staged) << "frame " << frame;
          ++frames_checked;
        }
      } else if (ph == "C") {
        EXPECT_EQ(name, "depth");
        counter = {e["args"]["committed"], e["args"]["staged"]};
      } else {
        ASSERT_EQ(ph, "i") << name;
        EXPECT_EQ(e["s"], "t");
        if (name.ends_with("()")) {
          ++requests;
          EXPECT_TRUE(e["args"]["from"].is_string());
        }
      }
    }
    EXPECT_EQ(threads.at("hooks"), 1);
    EXPECT_EQ(threads.at("frames"), 2);
    EXPECT_EQ(threads.at("steps"), 3);
    EXPECT_GT(hook_calls, capacity == 700 ? 50U : 400U);
    EXPECT_GT(requests, 10U);
    EXPECT_GT(frames_checked, capacity == 700 ? 10U : 399U);
    // On each track, a slice ends before the next begins or holds it whole.
    for (auto& [track, spans] : slices) {
      std::stable_sort(spans.begin(), spans.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      std::vector<double> open_ends;
      for (const auto& [begin, end] : spans) {
        while (!open_ends.empty() && open_ends.back() <= begin) {
          open_ends.pop_back();
        }
        if (!open_ends.empty()) {
          ASSERT_LE(end, open_ends.back()) << "track " << track << ": slices overlap";
        }
        open_ends.push_back(end);
      }
    }
  }
}

// A change through a kept handle is an instant on the steps' track, with the modality and the
// time scale the entry has after it.
TEST(trace_chrome_changes, r36_a_change_is_an_instant_with_modality_and_time_scale) {
  struct title {};
  stack s;
  strata::trace_recorder trace{64};
  s.set_probe(&trace);
  auto kept = s.push<title>();
  s.frame(0.016);
  std::move(kept).modality(strata::modality::freeze).time_scale(0.25F);
  s.set_probe(nullptr);
  const nlohmann::json events =
      nlohmann::json::parse(strata::to_chrome_trace(trace))["traceEvents"];
  std::vector<nlohmann::json> changes;
  std::copy_if(events.begin(), events.end(), std::back_inserter(changes),
               [](const nlohmann::json& e) { return e["name"] == "change title"; });
  ASSERT_EQ(changes.size(), 2U); // one per call
  const nlohmann::json& last = changes.back();
  EXPECT_EQ(last["ph"], "i");
  EXPECT_EQ(last["tid"], 3);
  EXPECT_EQ(last["args"]["id"], 1);
  EXPECT_EQ(last["args"]["depth"], 0);
  EXPECT_EQ(last["args"]["update_below"], false);
  EXPECT_EQ(last["args"]["draw_below"], true);
  EXPECT_EQ(last["args"]["input_below"], false);
  EXPECT_EQ(last["args"]["time_scale"], 0.25);
  EXPECT_EQ(changes.front()["args"]["time_scale"], 1.0);
}

// A name with quotes, control bytes and bytes that are not UTF-8 is still valid JSON.
TEST(trace_chrome_strings, r36_names_are_escaped) {
  std::string out;
  strata::detail::append_json_string(
      out, std::string_view{"a\"b\\c\n\x01\x7f\xff\xc3\xa9\xed\xa0\x80", 14});
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\u0001\\u007f\\ufffd\xc3\xa9\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(nlohmann::json::parse(out).get<std::string>(),
            "a\"b\\c\n\x01\x7f\xef\xbf\xbd\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
  out.clear();
  strata::detail::append_microseconds(out, 1234567);
  EXPECT_EQ(out, "1234.567");
}

} // namespace
