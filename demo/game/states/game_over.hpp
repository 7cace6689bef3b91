// demo/game/states/game_over.hpp: the end of a lost run. It replaces the mode that was lost (the
// level, the siege, the battle), so leaving it returns straight to the world map.
#pragma once

#include <string>

#include <strata/record.hpp>

#include "../game.hpp"

namespace demo {

class game_over {
public:
  // R33: fades in over the lost level or battle as that fades out (over the map for a siege,
  // whose round draws nothing of its own), and out over the map.
  static constexpr strata::transition transition{.arrive = 0.3F, .leave = 0.2F};
  game_over(std::string what, int score);
  // Saved: the place lost and the score.
  explicit game_over(strata::record& saved);
  void save(strata::record& out) const;

  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

private:
  std::string what_;
  int score_;
};

} // namespace demo
