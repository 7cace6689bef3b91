// demo/game/states/inventory.hpp: the inventory, a live overlay: the level stays drawn and keeps
// running underneath (its update_covered moves the enemies), so browsing it is risky.
#pragma once

#include "../game.hpp"
#include "bag.hpp"

namespace demo {

class inventory {
public:
  static constexpr strata::modality modality = strata::modality::live;

  explicit inventory(bag& carried)
      : bag_(&carried) {}

  void enter(game& g);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  bag* bag_; // the level's, which lives below this overlay for as long as it is open
  int selected_ = 0;
};

} // namespace demo
