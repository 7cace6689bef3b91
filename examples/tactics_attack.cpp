// tactics_attack: resolving turn-based attacks as a chain of short-lived states.
//
// An attack pushes, for each defender, a chain of three states in one push_first_on_top call:
// the hit effect, a destruction check, and the defender's counterattack. The check replaces itself
// with an explosion effect when the defender is destroyed; the counterattack replaces itself
// (replace) with its own effects: its hit, and a check on the attacker. An area attack pushes one
// chain per defender, so its chains play one after the other, first defender first. The attack
// state resolves once it is back on top, with every chain above it played out.
//
// Effects and checks work on their first update, when they are on top, not in enter: a chain is
// entered in one commit, long before most of its states play. The transcript prints each frame:
// the stack it ended with, then what happened.
#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/strata.hpp>

namespace {

struct unit {
  std::string_view name;
  int hp;
  int strength;
};

struct order {
  int attacker;
  std::vector<int> defenders;
  std::string_view move; // an attack with several defenders hits them all
};

// The context: the stack, the units, the player's orders and the frame's transcript.
struct skirmish {
  std::array<unit, 5> units{{
      {"knight", 10, 4},
      {"mage", 6, 3},
      {"orc", 6, 3},
      {"goblin", 3, 2},
      {"troll", 11, 5},
  }};
  std::vector<order> orders{
      {0, {2}, "sword"},
      {1, {2, 3, 4}, "fireball"},
      {1, {4}, "spark"},
  };
  std::vector<std::string> news;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<skirmish> states{*this};

  std::string name_of(int u) const { return std::string(units[u].name); }
  bool destroyed(int u) const { return units[u].hp <= 0; }
};

// One visible beat: a line of text, then the damage it stands for (if any).
struct effect {
  static constexpr std::string_view name = "effect";
  std::string text;
  int target;
  int damage;

  effect(std::string shown, int hit, int amount)
      : text(std::move(shown))
      , target(hit)
      , damage(amount) {}
  void update(skirmish& s, double) {
    unit& hit = s.units[target];
    hit.hp = std::max(0, hit.hp - damage);
    s.news.push_back(damage > 0 ? text + ": " + s.name_of(target) + " -" + std::to_string(damage) +
                                      " hp, " + std::to_string(hit.hp) + " left"
                                : text);
    s.states.pop();
  }
};

// Turns into an explosion if the unit did not survive what came before it.
struct destruction_check {
  static constexpr std::string_view name = "check";
  int target;

  explicit destruction_check(int u)
      : target(u) {}
  void update(skirmish& s, double) {
    if (s.destroyed(target)) {
      s.news.push_back("check: " + s.name_of(target) + " is destroyed");
      s.states.replace<effect>(s.name_of(target) + " explodes", target, 0);
    } else {
      s.news.push_back("check: " + s.name_of(target) + " stands");
      s.states.pop();
    }
  }
};

struct counterattack {
  static constexpr std::string_view name = "counter";
  int by;
  int target;

  counterattack(int attacker, int attacked)
      : by(attacker)
      , target(attacked) {}
  void update(skirmish& s, double) {
    if (s.destroyed(by)) {
      s.news.push_back("counter: " + s.name_of(by) + " cannot strike back");
      s.states.pop();
      return;
    }
    s.news.push_back("counter: " + s.name_of(by) + " strikes back at " + s.name_of(target));
    // This state gives its place to its own effects: the check below, the hit on top of it.
    s.states.replace<destruction_check>(target);
    s.states.push<effect>(s.name_of(by) + " hits", target, s.units[by].strength);
  }
};

struct attack {
  order what;

  explicit attack(order given)
      : what(std::move(given)) {}
  void enter(skirmish& s) {
    s.news.push_back("attack: " + s.name_of(what.attacker) + " uses " + std::string(what.move));
    // The last chain pushed plays first, so the defenders are pushed last to first.
    for (auto defender = what.defenders.rbegin(); defender != what.defenders.rend(); ++defender) {
      s.states.push_first_on_top(
          effect{std::string(what.move) + " hits", *defender, s.units[what.attacker].strength},
          destruction_check{*defender}, counterattack{*defender, what.attacker});
    }
  }
  // Updated only when on top, so only once every chain above has played out. (resume would be
  // too early: a commit that swaps the state above, as counterattack's replace does, reveals the
  // attack for a moment and resumes it, then pauses it again.)
  void update(skirmish& s, double) {
    s.news.push_back("attack: " + std::string(what.move) + " resolved");
    s.states.pop();
  }
};

// The bottom state: gives the next order whenever it is on top, and ends when none is left.
struct turn {
  std::size_t next = 0;

  void update(skirmish& s, double) {
    if (next == s.orders.size()) {
      s.news.push_back("turn: no orders left");
      s.states.pop();
      return;
    }
    const order& given = s.orders[next++];
    const bool area = given.defenders.size() > 1;
    // An area attack shows under its move's name (".name" copies the text).
    s.states.push<attack>(given).name(area ? given.move : "attack");
  }
};

} // namespace

int main() {
  skirmish s;
  s.states.push<turn>();
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

  for (const unit& u : s.units) {
    const std::string state = u.hp > 0 ? "hp " + std::to_string(u.hp) : "destroyed";
    std::printf("%-7s %s\n", std::string(u.name).c_str(), state.c_str());
  }
  return 0;
}
