// demo/game/states/siege_round.hpp: the siege, in the spirit of Rampart. It sits at the bottom
// of the siege and owns the board; each round it pushes every phase at once with
// push_first_on_top, and when the last phase pops itself it is resumed and starts the next.
#pragma once

#include "../game.hpp"
#include "siege_field.hpp"

namespace demo {

class siege_round {
public:
  void enter(game& g);
  void resume(game& g);

  [[nodiscard]] bool won() const { return won_; }
  [[nodiscard]] int score() const { return field_.score; }

private:
  void start_round(game& g);

  siege_field field_; // the phases point here: a pooled state never moves
  bool won_ = false;
};

} // namespace demo
