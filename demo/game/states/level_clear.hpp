// demo/game/states/level_clear.hpp: the banner over a cleared level (frozen and dimmed below);
// leaving it pops everything down to the world map.
#pragma once

#include <string>

#include <strata/record.hpp>

#include "../game.hpp"

namespace demo {

class level_clear {
public:
  static constexpr strata::modality modality = strata::modality::freeze;
  // R33: the banner fades in over the level, which dims.
  static constexpr strata::transition transition{.arrive = 0.3F, .leave = 0.2F};

  level_clear(std::string what, int score);
  // Saved: the level cleared and the score.
  explicit level_clear(strata::record& saved);
  void save(strata::record& out) const;

  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

private:
  std::string what_;
  int score_;
};

} // namespace demo
