// demo/game/states/legend.hpp: what the symbols of the world map and of the levels mean, drawn
// on their screens between the picture and the help line (the siege's rules are in siege_field).
#pragma once

#include "../canvas.hpp"

namespace demo {

// Two lines from row `y`, centred, within 80 columns.
void draw_level_legend(canvas& on, int y);
// One line at row `y`, centred, within 80 columns.
void draw_map_legend(canvas& on, int y);

} // namespace demo
