// demo/game/states/battle_saved.cpp: what the battle and the states of an action save. The
// battle saves each unit's hit points under the unit's name (the roster itself is fixed); an
// action's states name their units, and find them in the battle below when they enter.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "../saved_fields.hpp"
#include "battle.hpp"
#include "battle_actions.hpp"

namespace demo {
namespace {

constexpr std::array<std::string_view, 4> steps{"unit", "action", "target", "over"};

void set_unit(strata::record& out, std::string_view name, unit_id id) {
  out.set(name, name_of(id));
}

bool fallen(const std::array<unit, 3>& side) {
  return std::none_of(side.begin(), side.end(), [](const unit& u) { return u.alive(); });
}

unit_id get_unit(strata::record& saved, std::string_view field) {
  const std::string name = saved.get<std::string>(field);
  const auto id = unit_named(name);
  if (!id) {
    saved.fail("field '" + std::string(field) + "': no unit is named '" + name + "'");
    return {};
  }
  return *id;
}

} // namespace

battle::battle(strata::record& saved)
    : battle() {
  for (auto* side : {&party_, &foes_}) {
    for (unit& u : *side) {
      u.hp = get_int(saved, u.name, 0, u.max_hp);
    }
  }
  step_ = static_cast<step>(get_word(saved, "step", steps));
  unit_ = get_int(saved, "unit", 0, 2);
  action_ = get_int(saved, "action", 0, 1);
  target_ = get_int(saved, "target", 0, 2);
  turn_ = get_int(saved, "turn", 0, 9999);
  foes_next_ = saved.get<bool>("foes_next");
  turn_pending_ = saved.get<bool>("turn_pending");
  won_ = saved.get<bool>("won");
  // Choosing needs someone on each side; without an action under way (whose end the next focus
  // judges), a side all fallen would already have ended the battle.
  if (!turn_pending_ && step_ != step::over && (fallen(party_) || fallen(foes_))) {
    saved.fail("a side has fallen, and the battle has not ended");
  }
}

void battle::save(strata::record& out) const {
  for (const auto* side : {&party_, &foes_}) {
    for (const unit& u : *side) {
      out.set(u.name, u.hp);
    }
  }
  out.set("step", steps[static_cast<std::size_t>(step_)]);
  out.set("unit", unit_);
  out.set("action", action_);
  out.set("target", target_);
  out.set("turn", turn_);
  out.set("foes_next", foes_next_);
  out.set("turn_pending", turn_pending_);
  out.set("won", won_);
}

hit::hit(strata::record& saved)
    : attacker_id_(get_unit(saved, "attacker"))
    , defender_id_(get_unit(saved, "defender"))
    , percent_(get_int(saved, "percent", 0, 100))
    , damage_(get_int(saved, "damage", 0, 999))
    , left_(get_seconds(saved, "left"))
    , struck_(saved.get<bool>("struck")) {}

void hit::save(strata::record& out) const {
  set_unit(out, "attacker", attacker_id_);
  set_unit(out, "defender", defender_id_);
  out.set("percent", percent_);
  out.set("damage", damage_);
  out.set("left", left_);
  out.set("struck", struck_);
}

destruction_check::destruction_check(strata::record& saved)
    : defender_id_(get_unit(saved, "defender"))
    , left_(get_seconds(saved, "left"))
    , checked_(saved.get<bool>("checked")) {}

void destruction_check::save(strata::record& out) const {
  set_unit(out, "defender", defender_id_);
  out.set("left", left_);
  out.set("checked", checked_);
}

counterattack::counterattack(strata::record& saved)
    : striker_id_(get_unit(saved, "striker"))
    , target_id_(get_unit(saved, "target")) {}

void counterattack::save(strata::record& out) const {
  set_unit(out, "striker", striker_id_);
  set_unit(out, "target", target_id_);
}

} // namespace demo
