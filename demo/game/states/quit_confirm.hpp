// demo/game/states/quit_confirm.hpp: "quit the game?", pushed over the title by Esc or Q, so
// that Esc can mean "back" everywhere without a few Esc too many ending the program. A freeze
// overlay: the title stays drawn (dimmed) below it.
#pragma once

#include "../game.hpp"

namespace demo {

class quit_confirm {
public:
  static constexpr strata::modality modality = strata::modality::freeze;
  // R33: the question fades in over the title, which dims.
  static constexpr strata::transition transition = strata::transition::fade(0.15F);

  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);
};

} // namespace demo
