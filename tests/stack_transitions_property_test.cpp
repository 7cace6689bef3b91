// tests/stack_transitions_property_test.cpp: random programs of requests, commits, updates,
// draws, events and finish_transitions() played on two stacks at once, one whose state types all
// have transitions (R33) and one with the same types without them. What must hold: the hooks
// (enter, exit, pause, resume, focus, unfocus, update, update_covered) run identically; every
// state is destroyed exactly once; no draw() draws nothing where the stack without transitions
// draws something; with nothing in transition, draw() and handle() do what the other stack does;
// every presence is a number in [0, 1]; finish_transitions() leaves nothing in transition and
// has destroyed what the other stack has. STRATA_TRANSITIONS_SEED and STRATA_TRANSITIONS_PROGRAMS
// change the run; a failure names the seed that plays its program again.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <strata/strata.hpp>

namespace strata_property {
namespace {

struct lane;
using prop_stack = strata::stack<lane, int>;

// What one stack's states did: the context of its stack.
struct lane {
  prop_stack* stack = nullptr;
  std::vector<std::string> hooks;        // lifecycle and update hooks, in order, and errors
  std::vector<std::string> drawn;        // the states drawn by the last draw()
  std::vector<std::string> handled;      // the states the last event reached
  std::vector<int>* destroyed = nullptr; // by serial: how many times each state was destroyed
  int next_serial = 0;
  bool bad_presence = false;
};

// What a state's hooks request, the same in both lanes; each acts once. With exceptions, an
// enter or an exit may also throw (R25).
enum class behaviour : std::uint8_t {
  none,
  enter_pushes,
  resume_closes,
  update_pushes,
  exit_pushes,
  enter_throws,
  exit_throws
};

struct hook_failed {};

struct kind_info {
  std::string_view name;
  strata::modality mode;
  strata::transition animated;
  bool reads_presence;
};

constexpr std::array<kind_info, 6> kinds{{
    {"base", strata::modality::screen, {0.0F, 0.3F}, true},
    {"menu", strata::modality::freeze, strata::transition::fade(0.25F), true},
    {"toast", strata::modality::transparent, {0.2F, 0.2F, true}, true},
    {"dialog", strata::modality::live, {0.5F, 0.0F}, false},
    {"overlay", strata::modality::opaque, {0.0F, 0.4F}, true},
    {"hud", strata::modality::screen, {}, true},
}};

template <int Kind, bool Animated>
class prop_state;

template <int Kind, bool Animated>
void push_kind(lane& l, behaviour b);

template <int Kind, bool Animated>
class prop_state {
public:
  static constexpr std::string_view name = kinds[Kind].name;
  static constexpr strata::modality modality = kinds[Kind].mode;
  static constexpr strata::transition transition =
      Animated ? kinds[Kind].animated : strata::transition{};

  prop_state(lane& l, behaviour b)
      : lane_(&l)
      , serial_(l.next_serial++)
      , behaviour_(b)
      , label_(std::string(name) + "#" + std::to_string(serial_)) {
    if (lane_->destroyed->size() <= static_cast<std::size_t>(serial_)) {
      lane_->destroyed->resize(static_cast<std::size_t>(serial_) + 1, 0);
    }
    ++live;
  }
  prop_state(const prop_state&) = delete;
  prop_state& operator=(const prop_state&) = delete;
  ~prop_state() {
    ++(*lane_->destroyed)[static_cast<std::size_t>(serial_)];
    --live;
  }

  void enter(lane& l) {
    log(l, "enter");
    if (act(behaviour::enter_pushes)) {
      push_kind<2, Animated>(l, behaviour::none);
    }
    if (act(behaviour::enter_throws)) {
      throw_once();
    }
  }
  void exit(lane& l) {
    log(l, "exit");
    if (act(behaviour::exit_pushes)) {
      push_kind<3, Animated>(l, behaviour::none);
    }
    if (act(behaviour::exit_throws)) {
      throw_once();
    }
  }
  void pause(lane& l) { log(l, "pause"); }
  void resume(lane& l) {
    log(l, "resume");
    if (act(behaviour::resume_closes)) {
      l.stack->close(l.stack->id_of(*this));
    }
  }
  void focus(lane& l) { log(l, "focus"); }
  void unfocus(lane& l) { log(l, "unfocus"); }
  void update(lane& l, double /*dt*/) {
    log(l, "update");
    if (act(behaviour::update_pushes)) {
      push_kind<1, Animated>(l, behaviour::none);
    }
  }
  void update_covered(lane& l, double /*dt*/) { log(l, "update_covered"); }
  void draw(lane& l, const strata::presence& p) requires(kinds[Kind].reads_presence) {
    if (!(p.value >= 0.0F && p.value <= 1.0F && p.cover >= 0.0F && p.cover <= 1.0F)) {
      l.bad_presence = true;
    }
    l.drawn.push_back(label_);
  }
  void draw(lane& l) requires(!kinds[Kind].reads_presence) { l.drawn.push_back(label_); }
  bool handle(lane& l, const int& e) {
    l.handled.push_back(label_);
    return (e + serial_) % 3 == 0;
  }

  static inline int live = 0;

private:
  static void throw_once() {
#ifndef STRATA_NO_EXCEPTIONS
    throw hook_failed{};
#endif
  }
  void log(lane& l, std::string_view hook) {
    l.hooks.push_back(label_ + "." + std::string(hook));
  }
  bool act(behaviour b) {
    if (behaviour_ != b) {
      return false;
    }
    behaviour_ = behaviour::none;
    return true;
  }

  lane* lane_;
  int serial_;
  behaviour behaviour_;
  std::string label_;
};

template <int Kind, bool Animated>
void push_kind(lane& l, behaviour b) {
  l.stack->push<prop_state<Kind, Animated>>(l, b);
}

int live_states() {
  int total = 0;
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    ((total +=
      prop_state<static_cast<int>(K), true>::live + prop_state<static_cast<int>(K), false>::live),
     ...);
  }
  (std::make_index_sequence<kinds.size()>{});
  return total;
}

// Calls f.template operator()<Kind>() for a kind chosen at run time.
template <class F>
void with_kind(int kind, F&& f) {
  switch (kind) {
  case 0: f.template operator()<0>(); break;
  case 1: f.template operator()<1>(); break;
  case 2: f.template operator()<2>(); break;
  case 3: f.template operator()<3>(); break;
  case 4: f.template operator()<4>(); break;
  default: f.template operator()<5>(); break;
  }
}

std::uint64_t from_environment(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 0) : fallback;
}

// Runs `action` on a stack, writing the error it reports, if any, into the lane's hooks: both
// lanes must fail alike.
template <class Action>
void guarded(lane& l, Action&& action) {
#ifndef STRATA_NO_EXCEPTIONS
  try {
    action();
  } catch (const strata::error& e) {
    l.hooks.push_back("error " + std::string(e.what()));
  } catch (const hook_failed&) {
    l.hooks.push_back("a hook threw");
  }
#else
  l.stack->set_error_handler(
      [&l](const strata::error& e) { l.hooks.push_back("error " + std::string(e.what())); });
  action();
#endif
}

// How often the programs drew mid-transition and finished transitions under way: the run must
// have reached them for its checks to mean anything.
struct coverage {
  std::uint64_t draws_in_transition = 0;
  std::uint64_t finished_under_way = 0;
  std::uint64_t hook_throws = 0;
};

// One program on the two stacks. Returns the first broken property, or an empty string.
std::string play(std::uint64_t seed, coverage& seen) {
  std::mt19937_64 random(seed);
  const auto below = [&](std::uint64_t n) { return static_cast<int>(random() % n); };
  std::vector<int> destroyed_a;
  std::vector<int> destroyed_p;
  const int live_before = live_states();
  std::string broken;
  const auto fail = [&](int step, const std::string& what) {
    if (broken.empty()) {
      broken = "step " + std::to_string(step) + ": " + what;
    }
  };
  {
    lane a;
    lane p;
    a.destroyed = &destroyed_a;
    p.destroyed = &destroyed_p;
    prop_stack animated{a};
    prop_stack plain{p};
    a.stack = &animated;
    p.stack = &plain;
    std::vector<strata::entry_id> ids;
    // Handles kept past their commit, retimed later on the animated stack only (R33).
    std::vector<std::function<void(const strata::transition&)>> kept;
    const int length = 20 + below(80);
    for (int step = 0; step < length && broken.empty(); ++step) {
      const int op = below(100);
      std::string drawn_plain;
      if (op < 24) { // push
        const int kind = below(static_cast<int>(kinds.size()));
        const auto b = static_cast<behaviour>(below(10) < 6 ? 0 : 1 + below(6));
        const bool scaled = below(8) == 0;
        static constexpr std::array<float, 4> scales{0.0F, 0.5F, 2.0F, 1e30F};
        const float scale = scales[static_cast<std::size_t>(below(scales.size()))];
        const bool keep = below(4) == 0;
        with_kind(kind, [&]<int K>() {
          auto pa = animated.push<prop_state<K, true>>(a, b);
          auto pp = plain.push<prop_state<K, false>>(p, b);
          ids.push_back(pa.id());
          if (pa.id() != pp.id()) {
            fail(step, "the two pushes got different ids");
          }
          if (scaled) {
            std::move(pa).time_scale(scale);
            std::move(pp).time_scale(scale);
          }
          if (keep) {
            kept.push_back([h = std::move(pa)](const strata::transition& t) mutable {
              std::move(h).transition(t);
            });
          }
        });
      } else if (op < 32) {
        guarded(a, [&] { animated.pop(); });
        guarded(p, [&] { plain.pop(); });
      } else if (op < 36) {
        const int kind = below(static_cast<int>(kinds.size()));
        with_kind(kind, [&]<int K>() {
          guarded(a, [&] { animated.replace<prop_state<K, true>>(a, behaviour::none); });
          guarded(p, [&] { plain.replace<prop_state<K, false>>(p, behaviour::none); });
        });
      } else if (op < 38) {
        animated.clear();
        plain.clear();
      } else if (op < 41) {
        const std::size_t depth = static_cast<std::size_t>(below(4));
        guarded(a, [&] { animated.pop_to(depth); });
        guarded(p, [&] { plain.pop_to(depth); });
      } else if (op < 44) {
        if (!ids.empty()) {
          const strata::entry_id id = ids[static_cast<std::size_t>(below(ids.size()))];
          if (animated.close(id) != plain.close(id)) {
            fail(step, "close() answered differently");
          }
        }
      } else if (op < 46) {
        const std::string_view name = kinds[static_cast<std::size_t>(below(kinds.size()))].name;
        guarded(a, [&] { animated.pop_until(name); });
        guarded(p, [&] { plain.pop_until(name); });
      } else if (op < 49) {
        animated.push_first_on_top(std::make_unique<prop_state<1, true>>(a, behaviour::none),
                                   std::make_unique<prop_state<4, true>>(a, behaviour::none),
                                   std::make_unique<prop_state<2, true>>(a, behaviour::none));
        plain.push_first_on_top(std::make_unique<prop_state<1, false>>(p, behaviour::none),
                                std::make_unique<prop_state<4, false>>(p, behaviour::none),
                                std::make_unique<prop_state<2, false>>(p, behaviour::none));
      } else if (op < 62) {
        guarded(a, [&] { animated.commit(); });
        guarded(p, [&] { plain.commit(); });
      } else if (op < 74) {
        static constexpr std::array<double, 8> steps{
            0.0, 0.05, 0.1, 0.125, 0.25, 1.0, 1e9, std::numeric_limits<double>::quiet_NaN()};
        const double dt = steps[static_cast<std::size_t>(below(below(20) == 0 ? 8 : 6))];
        guarded(a, [&] { animated.update(dt); });
        guarded(p, [&] { plain.update(dt); });
      } else if (op < 84) {
        a.drawn.clear();
        p.drawn.clear();
        seen.draws_in_transition += animated.in_transition() ? 1U : 0U;
        animated.draw();
        plain.draw();
        if (!p.drawn.empty() && a.drawn.empty()) {
          fail(step, "draw() drew nothing where the stack without transitions drew something");
        }
        if (!animated.in_transition() && a.drawn != p.drawn) {
          fail(step, "with nothing in transition, draw() drew other states");
        }
        if (a.bad_presence) {
          fail(step, "a draw hook read a presence outside [0, 1]");
        }
      } else if (op < 91) {
        const int e = below(3);
        a.handled.clear();
        p.handled.clear();
        const bool used_a = animated.handle(e);
        const bool used_p = plain.handle(e);
        if (!animated.in_transition() && (used_a != used_p || a.handled != p.handled)) {
          fail(step, "with nothing in transition, handle() went elsewhere");
        }
      } else if (op < 95) {
        seen.finished_under_way += animated.in_transition() ? 1U : 0U;
        animated.finish_transitions();
        plain.finish_transitions();
        if (animated.in_transition()) {
          fail(step, "in transition after finish_transitions()");
        }
        // The stack without transitions has destroyed what it exited: so has this one now.
        if (destroyed_a != destroyed_p) {
          fail(step, "finish_transitions() has not destroyed what the other stack has");
        }
      } else if (op < 97) {
        if (!kept.empty()) {
          static constexpr std::array<strata::transition, 4> retimes{
              {{}, strata::transition::fade(0.2F), {0.0F, 0.5F}, {1e-30F, 0.0F}}};
          kept[static_cast<std::size_t>(below(kept.size()))](
              retimes[static_cast<std::size_t>(below(retimes.size()))]);
        }
      } else {
        guarded(a, [&] { animated.frame(0.1); });
        guarded(p, [&] { plain.frame(0.1); });
      }
      if (a.hooks != p.hooks) {
        std::size_t i = 0;
        while (i < a.hooks.size() && i < p.hooks.size() && a.hooks[i] == p.hooks[i]) {
          ++i;
        }
        fail(step, "the hooks differ from hook " + std::to_string(i) + ": with transitions '" +
                       (i < a.hooks.size() ? a.hooks[i] : "(end)") + "', without '" +
                       (i < p.hooks.size() ? p.hooks[i] : "(end)") + "'");
      }
      if (plain.in_transition()) {
        fail(step, "the stack without transitions is in transition");
      }
      if (animated.committed().size() != plain.committed().size()) {
        fail(step, "the committed stacks differ");
      }
      // Every entry ever pushed: one not committed is leaving, or has no presence.
      for (const strata::entry_id id : ids) {
        bool committed = false;
        for (std::size_t depth = 0; depth < plain.committed().size(); ++depth) {
          committed = committed || plain.committed()[depth].id() == id;
        }
        const std::optional<strata::presence> seen = animated.presence_of(id);
        if (!committed && seen &&
            (seen->phase != strata::phase::leaving ||
             !(seen->value > 0.0F && seen->value <= 1.0F))) {
          fail(step, "an entry that is not committed has a presence other than leaving");
        }
        if (!committed && plain.presence_of(id)) {
          fail(step, "the stack without transitions has a presence for an entry it has not");
        }
      }
      for (std::size_t depth = 0; depth < animated.committed().size(); ++depth) {
        const strata::entry_id id = animated.committed()[depth].id();
        const std::optional<strata::presence> seen = animated.presence_of(id);
        const std::optional<strata::presence> seen_plain = plain.presence_of(id);
        if (!seen || !seen_plain) {
          fail(step, "a committed entry has no presence");
        } else if (!(seen->value >= 0.0F && seen->value <= 1.0F) || seen_plain->value != 1.0F) {
          fail(step, "a committed entry's presence is off");
        }
      }
    }
    // An exit that throws in ~stack would end the program (R26): empty both stacks first, each
    // exit throwing at most once.
    for (int round = 0; round < 1000 && (!animated.empty() || animated.pending()); ++round) {
      animated.clear();
      guarded(a, [&] { animated.commit(); });
    }
    for (int round = 0; round < 1000 && (!plain.empty() || plain.pending()); ++round) {
      plain.clear();
      guarded(p, [&] { plain.commit(); });
    }
    for (const std::string& line : a.hooks) {
      seen.hook_throws += line == "a hook threw" ? 1U : 0U;
    }
    if (broken.empty() && a.hooks != p.hooks) {
      fail(length, "the hooks differ while the stacks empty");
    }
    if (broken.empty()) {
      animated.finish_transitions();
      if (animated.in_transition()) {
        fail(length, "in transition after the final finish_transitions()");
      }
      if (destroyed_a != destroyed_p) {
        fail(length, "the emptied stacks have not destroyed the same states");
      }
    }
  }
  for (const std::vector<int>* destroyed : {&destroyed_a, &destroyed_p}) {
    for (std::size_t serial = 0; serial < destroyed->size(); ++serial) {
      if ((*destroyed)[serial] != 1) {
        fail(-1, std::string(destroyed == &destroyed_a ? "with" : "without") +
                     " transitions, state #" + std::to_string(serial) + " destroyed " +
                     std::to_string((*destroyed)[serial]) + " times");
      }
    }
  }
  if (live_states() != live_before) {
    fail(-1, "states leaked");
  }
  return broken;
}

TEST(transitions_property, r33_random_programs_run_the_same_hooks_with_transitions_or_without) {
  const std::uint64_t first_seed = from_environment("STRATA_TRANSITIONS_SEED", 20'261'124);
  const std::uint64_t programs = from_environment("STRATA_TRANSITIONS_PROGRAMS", 2000);
  coverage seen;
  for (std::uint64_t i = 0; i < programs; ++i) {
    const std::uint64_t seed = first_seed + i;
    const std::string broken = play(seed, seen);
    ASSERT_EQ(broken, "") << "STRATA_TRANSITIONS_SEED=" << seed
                          << " STRATA_TRANSITIONS_PROGRAMS=1 plays it again";
  }
  RecordProperty("draws_in_transition", std::to_string(seen.draws_in_transition));
  RecordProperty("finished_under_way", std::to_string(seen.finished_under_way));
  RecordProperty("hook_throws", std::to_string(seen.hook_throws));
  if (programs >= 1000) {
    EXPECT_GT(seen.draws_in_transition, programs);
    EXPECT_GT(seen.finished_under_way, programs / 10);
#ifndef STRATA_NO_EXCEPTIONS
    EXPECT_GT(seen.hook_throws, programs / 10);
#endif
  }
}

} // namespace
} // namespace strata_property
