// demo/game/states/title.hpp: the title screen. Enter opens the world map; Q quits by clearing
// the whole stack, which exits every state down to the system.
#pragma once

#include "../game.hpp"

namespace demo {

class title {
public:
  void update(double dt) { blink_ += dt; }
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  double blink_ = 0;
};

} // namespace demo
