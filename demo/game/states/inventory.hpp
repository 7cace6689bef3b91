// demo/game/states/inventory.hpp: the inventory, a live overlay: the level stays drawn and keeps
// running underneath (its update_covered moves the enemies), in slow motion: the time scale
// gives it a quarter of each frame's time, so browsing is risky, not hopeless.
#pragma once

#include <string>

#include <strata/record.hpp>

#include "../game.hpp"
#include "bag.hpp"

namespace demo {

class inventory {
public:
  static constexpr strata::modality modality = strata::modality::live;
  // R33: slides in from the right edge (fading in) over the level, which stays as it is.
  static constexpr strata::transition transition{.arrive = 0.2F, .leave = 0.15F};
  static constexpr float time_scale = 0.25F;

  inventory() = default;
  // Saved: the choice picked and what the last potion did (the bag is the level's).
  explicit inventory(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

private:
  void drink(game& g);

  bag* bag_ = nullptr; // the level's below, found in enter; it outlives this overlay
  int selected_ = 0;
  std::string outcome_; // what the last potion did, shown until the inventory closes
};

} // namespace demo
