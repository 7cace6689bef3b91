// demo/game/states/battle_actions.hpp: the states one attack is made of. An attack pushes, in
// one request, its hits, a destruction check and the defender's counterattack; each pops itself
// when done. A counterattack replaces itself with its own hits. An area attack pushes one such
// chain per defender. All are live overlays: the battlefield stays drawn beneath. Each does its
// work in focus, when it becomes the top, not in enter, which runs for the whole chain at the
// push (and finds the units in the battle below); nothing ever covers one of them, so each gets
// focus once (a restored one on top gets it again, and lets it pass).
#pragma once

#include <span>

#include <strata/record.hpp>

#include "../game.hpp"
#include "battle_units.hpp"

namespace demo {

class hit {
public:
  static constexpr strata::modality modality = strata::modality::live;

  // `percent` scales the attacker's power: area attacks and counterattacks hit softer.
  hit(unit_id attacker, unit_id defender, int percent)
      : attacker_id_(attacker)
      , defender_id_(defender)
      , percent_(percent) {}
  // Saved (battle_saved.cpp): the units by name, the strength, the damage dealt, the clock.
  explicit hit(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;

private:
  unit_id attacker_id_;
  unit_id defender_id_;
  unit* attacker_ = nullptr; // found in enter
  unit* defender_ = nullptr;
  int percent_;
  int damage_ = 0;
  double left_ = 0.5;
  bool struck_ = false; // focus came: a restored hit on top gets it again, and must not strike
};

class destruction_check {
public:
  static constexpr strata::modality modality = strata::modality::live;

  explicit destruction_check(unit_id defender)
      : defender_id_(defender) {}
  explicit destruction_check(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;

private:
  unit_id defender_id_;
  unit* defender_ = nullptr; // found in enter
  double left_ = 0.4;
  bool checked_ = false; // focus came (see hit::struck_)
};

class counterattack {
public:
  static constexpr strata::modality modality = strata::modality::live;

  counterattack(unit_id striker, unit_id target)
      : striker_id_(striker)
      , target_id_(target) {}
  explicit counterattack(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);

private:
  unit_id striker_id_;
  unit_id target_id_;
  unit* striker_ = nullptr; // found in enter
  unit* target_ = nullptr;
};

// One attacker against one defender: hits, destruction check, counterattack.
void push_attack(game& g, unit& attacker, unit& defender);
// One chain per living defender; the first defender's chain plays first.
void push_area_attack(game& g, unit& caster, std::span<unit> defenders);

} // namespace demo
