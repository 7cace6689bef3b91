// demo/game/states/hud.hpp: the bottom line every screen shares: the music clock and the keys.
#pragma once

#include <string_view>

#include "../game.hpp"

namespace demo {

// The music note and beat on the left (it stops when updates stop reaching the system), and
// the keys that work on this screen.
void draw_help(game& g, std::string_view keys);

} // namespace demo
