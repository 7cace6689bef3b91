// demo/game/states/bag.hpp: what the player carries through a level; the level owns it and
// lends it to the inventory screen.
#pragma once

namespace demo {

struct bag {
  static constexpr int max_hearts = 3;

  int hearts = max_hearts;
  int gems = 0;
  int gems_total = 0;
  int potions = 0;
};

} // namespace demo
