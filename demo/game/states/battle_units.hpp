// demo/game/states/battle_units.hpp: the fighters of the tactics battle. The battle owns them;
// the action states pushed during a turn point at them.
#pragma once

#include <algorithm>
#include <optional>
#include <string_view>

#include "../canvas.hpp"
#include "../game.hpp"
#include "../point.hpp"

namespace demo {

// What a unit strikes with. Each foe takes double from one kind and half from another, so the
// battle is a matter of sending each fighter against the right foe.
enum class strike { blade, arrow, fire };

std::string_view to_string(strike s);

// Which unit: its side and its row there. The states of an action name their units so, and find
// them in the battle below once they enter.
struct unit_id {
  bool foe = false;
  int slot = 0;
};

// The unit of the battle's starting roster with that name, and a unit's name: how a saved game
// names the units.
[[nodiscard]] std::optional<unit_id> unit_named(std::string_view name);
[[nodiscard]] std::string_view name_of(unit_id id);

struct unit {
  std::string_view name;
  int hp;
  int max_hp;
  int power; // damage of one full-strength hit, before a little luck
  int hits;  // hits per attack or counterattack
  bool caster = false;
  bool foe = false;
  int slot = 0; // row in its side's column
  strike weapon = strike::blade;
  std::optional<strike> weak;  // takes double from it
  std::optional<strike> tough; // takes half from it

  [[nodiscard]] bool alive() const { return hp > 0; }
  [[nodiscard]] unit_id id() const { return {foe, slot}; }
};

// The columns the battle draws in: the stack overlay, when shown, covers the right of the screen,
// where the foes stand.
inline int field_width(const game& g) {
  return g.screen->width() - g.overlay_columns;
}

// Where a unit is drawn: the party on the left, the foes on the right; beside each other when
// the field is narrow.
inline point anchor(const game& g, const unit& u) {
  const int w = field_width(g);
  const int party = std::max(1, w / 2 - 30);
  const int foes = w >= 80 ? w / 2 + 8 : party + 20;
  return {u.foe ? foes : party, 4 + u.slot * 4};
}

// A line centred in the battle's field.
inline void centered_in_field(const game& g, int y, std::string_view line, style look) {
  text(*g.screen, (field_width(g) - static_cast<int>(line.size())) / 2, y, line, look);
}

} // namespace demo
