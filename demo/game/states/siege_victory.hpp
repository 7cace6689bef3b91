// demo/game/states/siege_victory.hpp: the screen of a siege won, pushed over the siege by its
// round when the last round ends with the keep whole; leaving it pops everything down to the
// world map, like the level clear banner.
#pragma once

#include "../game.hpp"
#include "siege_field.hpp"

namespace demo {

class siege_victory {
public:
  void enter(game& g);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  const siege_field* field_ = nullptr; // the round's below, found in enter; it outlives this
};

} // namespace demo
