// demo/game/states/siege_round.cpp: rounds of the siege.
#include "siege_round.hpp"

#include <string>

#include "game_over.hpp"
#include "siege_phases.hpp"
#include "siege_victory.hpp"

namespace demo {

void siege_round::enter(game& g) {
  g.report("the siege of Rampart Keep begins");
}

// The round is the top only between rounds: its phases cover it from the commit that pushed
// them until the last one pops itself. (A commit that reveals it on the way back to the map, Q
// from a pause menu, gives it no focus: the focus goes to the map.)
void siege_round::focus(game& g) {
  if (field_.breached()) {
    g.play(effect::lose);
    g.report("the keep falls in round " + std::to_string(field_.round));
    g.states.replace<game_over>("Rampart Keep", field_.score);
  } else if (field_.round == siege_field::rounds) {
    won_ = true;
    field_.score += 500;
    g.play(effect::win);
    g.report("the keep holds for " + std::to_string(siege_field::rounds) +
             " rounds: siege won, score " + std::to_string(field_.score));
    g.states.push<siege_victory>();
  } else {
    start_round(g);
  }
}

void siege_round::start_round(game& g) {
  field_.begin_round(g);
  const std::string round = "ROUND " + std::to_string(field_.round);
  // The first listed ends on top and plays first, so the round reads in the order it plays.
  g.states.push_first_on_top(banner{round + ": PLACE TURRETS"}, place_turrets{}, banner{"FIRE!"},
                             fire{}, banner{"REBUILD"}, rebuild{}, round_summary{});
}

} // namespace demo
