// demo/game/states/hud.hpp: what screens share: the bottom line (the music clock and the keys),
// and the banner an overlay draws over the screen below it.
#pragma once

#include <string_view>

#include "../game.hpp"

namespace demo {

// The music note and beat on the left (it stops when updates stop reaching the system), and
// the keys that work on this screen.
void draw_help(game& g, std::string_view keys);

// A 40x7 panel in the middle of the screen: `title` on its third row in `title_look`, `line` on
// its fifth in `look` (the panel's colours). The screen under it is dimmed by the caller: by a
// `faded` scope while an overlay arrives (fade.hpp), or at once.
void draw_banner(canvas& on, std::string_view title, std::string_view line, style look,
                 style title_look);

} // namespace demo
