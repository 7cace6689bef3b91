// demo/game/states/quit_confirm.hpp: "quit the game?", pushed over the title by Esc or Q, so
// that Esc can mean "back" everywhere without a few Esc too many ending the program. A freeze
// overlay: the title stays drawn (dimmed) below it.
#pragma once

#include "../game.hpp"

namespace demo {

class quit_confirm {
public:
  static constexpr strata::modality modality = strata::modality::freeze;

  void draw(game& g) const;
  bool handle(game& g, const input_event& e);
};

} // namespace demo
