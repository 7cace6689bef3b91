// demo/game/states/siege_saved.cpp: what the siege saves. The round saves the board it owns (the
// keep's walls are fixed, so only the gaps are saved; the slots too, so only the turrets); each
// phase saves its own clock and choices.
#include <algorithm>
#include <string>
#include <vector>

#include "../best_scores.hpp"
#include "../saved_fields.hpp"
#include "siege_phases.hpp"
#include "siege_round.hpp"

namespace demo {
namespace {

constexpr grid_size board{siege_field::width, siege_field::height};
constexpr int most_ships = 2 + siege_field::rounds;

std::string ship_field(std::size_t index) {
  return "ship" + std::to_string(index + 1);
}

} // namespace

siege_field::siege_field(strata::record& saved)
    : siege_field() {
  round = get_int(saved, "round", 0, rounds);
  score = get_int(saved, "score", 0, best_scores::max_score);
  for (const point at : get_cells(saved, "gaps", board)) {
    auto found =
        std::find_if(walls.begin(), walls.end(), [&](const wall& w) { return w.at == at; });
    if (found == walls.end()) {
      saved.fail("field 'gaps': no wall at " + to_string(at));
    } else {
      found->intact = false;
    }
  }
  for (const point at : get_cells(saved, "turrets", board)) {
    const auto free = free_slots();
    if (std::find(free.begin(), free.end(), at) == free.end()) {
      saved.fail("field 'turrets': no free slot at " + to_string(at));
    }
    turrets.push_back(at);
  }
  const int count = get_int(saved, "ships", 0, most_ships);
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
    const std::string name = ship_field(i);
    ship s;
    s.at = get_cell(saved, name, board);
    if (s.at.x < shore) {
      saved.fail("field '" + name + "' is not at sea");
    }
    s.afloat = saved.get<bool>(name + ".afloat");
    s.reload = get_seconds(saved, name + ".reload");
    s.sail = get_seconds(saved, name + ".sail");
    ships.push_back(s);
  }
  sunk = get_int(saved, "sunk", 0, most_ships);
  walls_lost = get_int(saved, "walls_lost", 0, static_cast<int>(walls.size()));
  rebuilt = get_int(saved, "rebuilt", 0, static_cast<int>(walls.size()));
}

void siege_field::save(strata::record& out) const {
  out.set("round", round);
  out.set("score", score);
  std::vector<point> gaps;
  for (const wall* w : broken_walls()) {
    gaps.push_back(w->at);
  }
  set_cells(out, "gaps", gaps);
  set_cells(out, "turrets", turrets);
  out.set("ships", ships.size());
  for (std::size_t i = 0; i < ships.size(); ++i) {
    const std::string name = ship_field(i);
    set_cell(out, name, ships[i].at);
    out.set(name + ".afloat", ships[i].afloat);
    out.set(name + ".reload", ships[i].reload);
    out.set(name + ".sail", ships[i].sail);
  }
  out.set("sunk", sunk);
  out.set("walls_lost", walls_lost);
  out.set("rebuilt", rebuilt);
}

siege_round::siege_round(strata::record& saved)
    : field_(saved)
    , won_(saved.get<bool>("won")) {}

void siege_round::save(strata::record& out) const {
  field_.save(out);
  out.set("won", won_);
}

banner::banner(strata::record& saved)
    : headline_(saved.get<std::string>("headline"))
    , left_(get_seconds(saved, "left")) {}

void banner::save(strata::record& out) const {
  out.set("headline", headline_);
  out.set("left", left_);
}

place_turrets::place_turrets(strata::record& saved)
    : left_(get_seconds(saved, "left"))
    , slot_(get_int(saved, "slot", 0, 99))
    , placed_(get_int(saved, "placed", 0, 2)) {}

void place_turrets::save(strata::record& out) const {
  out.set("left", left_);
  out.set("slot", slot_);
  out.set("placed", placed_);
}

fire::fire(strata::record& saved)
    : left_(get_seconds(saved, "left"))
    , cooldown_(get_seconds(saved, "cooldown"))
    , target_(get_int(saved, "target", 0, 99)) {}

void fire::save(strata::record& out) const {
  out.set("left", left_);
  out.set("cooldown", cooldown_);
  out.set("target", target_);
}

// The time is set when the phase first plays: a rebuild saved before then has none.
rebuild::rebuild(strata::record& saved)
    : pick_(get_int(saved, "pick", 0, 99)) {
  if (saved.has("left")) {
    left_ = get_seconds(saved, "left");
  }
}

void rebuild::save(strata::record& out) const {
  if (left_.has_value()) {
    out.set("left", *left_);
  }
  out.set("pick", pick_);
}

round_summary::round_summary(strata::record& saved)
    : left_(get_seconds(saved, "left"))
    , tallied_(saved.get<bool>("tallied")) {}

void round_summary::save(strata::record& out) const {
  out.set("left", left_);
  out.set("tallied", tallied_);
}

} // namespace demo
