// demo/game/states/battle_actions.cpp: hits, destruction checks and counterattacks.
#include "battle_actions.hpp"

#include <algorithm>
#include <string>

#include "battle.hpp"

namespace demo {
namespace {

constexpr int full_strength = 100;
constexpr int area_strength = 60;
constexpr int counter_strength = 50;

std::string health(const unit& u) {
  return std::string(u.name) + " " + std::to_string(u.hp) + "/" + std::to_string(u.max_hp);
}

// A foe's weakness doubles a hit, its toughness halves it (still at least 1).
int against(const unit& defender, strike weapon, int damage) {
  if (defender.weak == weapon) {
    return damage * 2;
  }
  if (defender.tough == weapon) {
    return std::max(1, damage / 2);
  }
  return damage;
}

// What the transcript adds to a hit that was doubled or halved.
std::string effect_note(const unit& defender, strike weapon) {
  if (defender.weak == weapon) {
    return ", weak to " + std::string(to_string(weapon));
  }
  if (defender.tough == weapon) {
    return ", tough against " + std::string(to_string(weapon));
  }
  return "";
}

// Items are moved into the stack, so one chain is built as temporaries in one call.
void push_chain(game& g, unit& attacker, unit& defender, int percent) {
  if (attacker.hits >= 2) {
    g.states.push_first_on_top(
        hit{attacker.id(), defender.id(), percent}, hit{attacker.id(), defender.id(), percent},
        destruction_check{defender.id()}, counterattack{defender.id(), attacker.id()});
  } else {
    g.states.push_first_on_top(hit{attacker.id(), defender.id(), percent},
                               destruction_check{defender.id()},
                               counterattack{defender.id(), attacker.id()});
  }
}

} // namespace

std::string_view to_string(strike s) {
  switch (s) {
  case strike::blade: return "blade";
  case strike::arrow: return "arrows";
  case strike::fire: return "fire";
  }
  return "?";
}

void hit::enter(game& g) {
  battle& fight = owner_below<battle>(g);
  attacker_ = &fight.fighter(attacker_id_);
  defender_ = &fight.fighter(defender_id_);
}

void hit::focus(game& g) {
  if (struck_) {
    return;
  }
  struck_ = true;
  if (!attacker_->alive() || !defender_->alive()) {
    left_ = 0; // someone fell before this hit came
    return;
  }
  damage_ = against(*defender_, attacker_->weapon,
                    std::max(1, attacker_->power * percent_ / full_strength + g.chance.below(3)));
  defender_->hp = std::max(0, defender_->hp - damage_);
  g.play(effect::hit);
  g.report(std::string(attacker_->name) + " hits " + std::string(defender_->name) + " for " +
           std::to_string(damage_) + effect_note(*defender_, attacker_->weapon) + " (" +
           health(*defender_) + ")");
}

void hit::update(game& g, double dt) {
  left_ -= dt;
  if (left_ <= 0) {
    g.states.pop();
  }
}

void hit::draw(game& g) const {
  if (!is_active(g, this) || damage_ <= 0) {
    return;
  }
  canvas& on = *g.screen;
  const point at = anchor(g, *defender_);
  text(on, at.x + 14, at.y, "-" + std::to_string(damage_), style{color::red, color::black, true});
  centered_in_field(g, on.height() - 4,
                    std::string(attacker_->name) + " strikes " + std::string(defender_->name),
                    style{color::yellow, color::black, true});
}

void destruction_check::enter(game& g) {
  defender_ = &owner_below<battle>(g).fighter(defender_id_);
}

void destruction_check::focus(game& g) {
  if (checked_) {
    return;
  }
  checked_ = true;
  if (!defender_->alive()) {
    g.play(effect::blast);
    g.report(std::string(defender_->name) + " is destroyed");
    left_ = 0.8;
  }
}

void destruction_check::update(game& g, double dt) {
  left_ -= dt;
  if (left_ <= 0) {
    g.states.pop();
  }
}

void destruction_check::draw(game& g) const {
  if (!is_active(g, this) || defender_->alive()) {
    return;
  }
  canvas& on = *g.screen;
  const point at = anchor(g, *defender_);
  // Beside the name (the row below is the HP bar), short of the stack overlay's edge when the
  // field is narrow.
  text(on, at.x + 8, at.y, "DESTROYED", style{color::white, color::red, true});
}

void counterattack::enter(game& g) {
  battle& fight = owner_below<battle>(g);
  striker_ = &fight.fighter(striker_id_);
  target_ = &fight.fighter(target_id_);
}

// Once the hits and the check above it are gone. It takes no frame of its own: the hit it
// replaces itself with gets the focus in the same commit.
void counterattack::focus(game& g) {
  if (!striker_->alive() || !target_->alive()) {
    g.report("no counterattack from " + std::string(striker_->name));
    g.states.pop();
    return;
  }
  // A foe struck with what it is tough against shrugs it off and strikes back at full strength.
  const bool unhurt = striker_->tough == target_->weapon;
  const int percent = unhurt ? full_strength : counter_strength;
  g.report(std::string(striker_->name) +
           (unhurt ? " shrugs it off and counterattacks " : " counterattacks ") +
           std::string(target_->name));
  g.states.replace<hit>(striker_id_, target_id_, percent);
  for (int extra = 1; extra < striker_->hits; ++extra) {
    g.states.push<hit>(striker_id_, target_id_, percent);
  }
}

void push_attack(game& g, unit& attacker, unit& defender) {
  push_chain(g, attacker, defender, full_strength);
}

void push_area_attack(game& g, unit& caster, std::span<unit> defenders) {
  // Pushed last to first, so that the first defender's chain ends on top and plays first.
  for (auto it = defenders.rbegin(); it != defenders.rend(); ++it) {
    if (it->alive()) {
      push_chain(g, caster, *it, area_strength);
    }
  }
}

} // namespace demo
