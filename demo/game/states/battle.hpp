// demo/game/states/battle.hpp: the tactics battle. It owns the fighters and the turn order; a
// chosen action pushes the states it is made of, and when they have all popped themselves the
// battle becomes the top again: its focus moves on to the next turn.
#pragma once

#include <array>

#include <strata/record.hpp>

#include "../game.hpp"
#include "battle_units.hpp"

namespace demo {

class battle {
public:
  // R33: the map cross-fades into the battle; game over fades in over it as it fades out.
  static constexpr strata::transition transition{.arrive = 0.25F, .leave = 0.2F};

  battle();
  // Saved (battle_saved.cpp): each unit's hit points, the menus' choices, the turn.
  explicit battle(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

  [[nodiscard]] bool won() const { return won_; }
  [[nodiscard]] int score() const;
  // The unit the states of an action above work on.
  [[nodiscard]] unit& fighter(unit_id id) {
    return (id.foe ? foes_ : party_)[static_cast<std::size_t>(id.slot)];
  }

private:
  enum class step { unit, action, target, over };

  void act(game& g);
  void foes_turn(game& g);
  // The array index of the `index`-th living unit of a side, wrapping around.
  [[nodiscard]] static std::size_t chosen(const std::array<unit, 3>& side, int index);
  void draw_side(game& g, const std::array<unit, 3>& side, int highlighted) const;
  void draw_menu(game& g) const;

  std::array<unit, 3> party_;
  std::array<unit, 3> foes_;
  step step_ = step::unit;
  int unit_ = 0;
  int action_ = 0; // 0 attack, 1 fireball (casters only)
  int target_ = 0;
  int turn_ = 0; // the first focus starts turn 1
  bool foes_next_ = false;
  bool turn_pending_ = true; // an action's states are on their way: the next focus moves on
  bool won_ = false;
};

} // namespace demo
