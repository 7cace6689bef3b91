// tactics_attack: a turn-based attack resolved as a pile of short-lived states, ported line for
// line from the seed's Terra Arcana (the D StateStack, whose enter runs lazily, when a state
// becomes the running top).
//
// perform_action pops itself and pushes, in one go, a counterattack per defender, then per
// defender a destruction check and one effect per hit. The last pushed plays first: each
// defender's hits and check (the last listed first), then the counterattacks. A counterattack
// replaces itself with its own check and hits, and pushes no counterattack of its own.
//
// Every state works in focus, where the seed's enter ran: focus comes when a state becomes the
// committed top, not when it is pushed (enter runs for the whole pile in one commit). As in the
// seed, an effect or a check is the top for one update and the action and the counterattacks
// for none, so the seed's scenario (two hits, the defender stands and counters with three) plays
// in the seed's 7 frames; doing the work in the first update instead, as strata needed before
// focus hooks, took 9. frame() commits after its update pass too, so the state a pop reveals
// gets its focus in that frame and its first update in the next: frame 1 shows both hits. Each
// frame prints the stack it ended with, then what happened.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/strata.hpp>

namespace {

struct weapon {
  std::string_view name;
  int power; // damage per hit
  int hits;
};

struct unit {
  std::string_view name;
  int hp;
  int ap; // a counterattack costs one
  weapon arms;
};

// The context: the stack, the units, and the frame's transcript.
struct skirmish {
  std::array<unit, 5> units{{
      {"knight", 12, 1, {"sword", 3, 2}},
      {"orc", 10, 1, {"axe", 2, 3}},
      {"mage", 5, 1, {"fireball", 4, 1}},
      {"goblin", 3, 1, {"dagger", 1, 1}},
      {"troll", 11, 1, {"club", 5, 1}},
  }};
  std::vector<std::string> news;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<skirmish> states{*this};

  std::string name_of(int u) const { return std::string(units[u].name); }
  bool destroyed(int u) const { return units[u].hp <= 0; }
};

// One hit: applied when it becomes the top, shown for one frame.
struct apply_effect {
  static constexpr std::string_view name = "effect";
  int by;
  int target;

  void focus(skirmish& s) {
    unit& hit = s.units[target];
    const weapon& arms = s.units[by].arms;
    const int dealt = std::min(hit.hp, arms.power);
    hit.hp -= dealt;
    s.news.push_back(std::string(arms.name) + " hits " + s.name_of(target) + ": -" +
                     std::to_string(dealt) + " hp, " + std::to_string(hit.hp) + " left");
  }
  void update(skirmish& s, double) { s.states.pop(); }
};

struct check_destruction {
  static constexpr std::string_view name = "check";
  int target;

  void focus(skirmish& s) {
    s.news.push_back(s.name_of(target) + (s.destroyed(target) ? " is destroyed" : " stands"));
  }
  void update(skirmish& s, double) { s.states.pop(); }
};

struct perform_counter {
  static constexpr std::string_view name = "counter";
  int actor;
  int target;

  void focus(skirmish& s) {
    s.states.pop();
    unit& striker = s.units[actor];
    if (s.destroyed(actor) || s.destroyed(target) || striker.ap == 0) {
      s.news.push_back(s.name_of(actor) + " cannot strike back");
      return;
    }
    --striker.ap;
    s.news.push_back(s.name_of(actor) + " strikes back at " + s.name_of(target) + " (" +
                     std::string(striker.arms.name) + ")");
    s.states.push<check_destruction>(target);
    for (int i = 0; i < striker.arms.hits; ++i) {
      s.states.push<apply_effect>(actor, target);
    }
  }
};

struct perform_action {
  static constexpr std::string_view name = "action";
  int actor;
  std::vector<int> affected;

  void focus(skirmish& s) {
    const weapon& arms = s.units[actor].arms;
    s.news.push_back(s.name_of(actor) + " attacks with " + std::string(arms.name) + " (" +
                     std::to_string(arms.hits) + (arms.hits == 1 ? " hit)" : " hits)"));
    s.states.pop();
    for (int u : affected) {
      s.states.push<perform_counter>(u, actor);
    }
    for (int u : affected) {
      s.states.push<check_destruction>(u);
      for (int i = 0; i < arms.hits; ++i) {
        s.states.push<apply_effect>(actor, u);
      }
    }
  }
};

// Plays one action out, a frame at a time, until the stack is empty again.
void play(skirmish& s, std::string_view title, int actor, std::vector<int> affected) {
  std::printf("%s\n", std::string(title).c_str());
  s.states.push<perform_action>(actor, std::move(affected));
  int frame = 0;
  do {
    ++frame;
    s.states.frame(0.1);
    std::printf("frame %d: %s\n", frame, s.states.describe().c_str());
    for (const std::string& line : s.news) {
      std::printf("    %s\n", line.c_str());
    }
    s.news.clear();
  } while (!s.states.empty());
  std::printf("played in %d frames\n\n", frame);
}

} // namespace

int main() {
  skirmish s;
  // The seed's scenario: two hits, the defender stands and counters with three.
  play(s, "knight attacks orc", 0, {1});
  // An area attack: one chain per defender; the destroyed cannot strike back.
  play(s, "mage casts a fireball on orc, goblin and troll", 2, {1, 3, 4});

  for (const unit& u : s.units) {
    const std::string state = u.hp > 0 ? "hp " + std::to_string(u.hp) : "destroyed";
    std::printf("%-7s %s\n", std::string(u.name).c_str(), state.c_str());
  }
  return 0;
}
