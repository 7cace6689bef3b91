// demo/game/states/level_loading.hpp: entering a level from the world map. The level is laid
// out from its map on the game's load executor (level_layout.hpp) while this screen shows the
// progress in a panel over the world map (a freeze: the map stays drawn, still), for half a
// second at least so that it never flickers; then strata replaces the
// loading state with the level (strata::loading, R37). Esc or Q here cancels: the loading state
// is popped, the work told to stop, and the world map is back.
#pragma once

#include <string>

#include <strata/loading.hpp>

#include "../game.hpp"
#include "level.hpp"

namespace demo {

class level_loading {
public:
  static constexpr double min_seconds = 0.5;

  explicit level_loading(std::string level_name)
      : name_(std::move(level_name)) {}

  void enter(game& g);
  void update(game& g, double dt, strata::load_status& load);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  std::string name_;
  double progress_ = 0;
  bool updated_ = false;
};

using level_load_plan = strata::load_plan<level, game, input_event>;
using loaded_level = strata::pushed<strata::stack<game, input_event>, level>;

// The plan that lays `map` (one of the game's maps) out on g.loads; the caller sets its
// on_switch, to finish the level's push.
[[nodiscard]] level_load_plan level_load(game& g, const level_map& map);

} // namespace demo
