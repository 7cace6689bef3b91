// demo/game/states/battle_units.hpp: the fighters of the tactics battle. The battle owns them;
// the action states pushed during a turn point at them.
#pragma once

#include <string_view>

#include "../canvas.hpp"
#include "../point.hpp"

namespace demo {

struct unit {
  std::string_view name;
  int hp;
  int max_hp;
  int power; // damage of one full-strength hit, before a little luck
  int hits;  // hits per attack or counterattack
  bool caster = false;
  bool foe = false;
  int slot = 0; // row in its side's column

  [[nodiscard]] bool alive() const { return hp > 0; }
};

// Where a unit is drawn: the party on the left, the foes on the right.
inline point anchor(const canvas& on, const unit& u) {
  const int column = u.foe ? on.width() / 2 + 8 : on.width() / 2 - 30;
  return {column, 4 + u.slot * 4};
}

} // namespace demo
