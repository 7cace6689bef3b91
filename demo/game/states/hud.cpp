// demo/game/states/hud.cpp: the shared bottom line.
#include "hud.hpp"

#include <string>

namespace demo {

void draw_help(game& g, std::string_view keys) {
  canvas& on = *g.screen;
  const int y = on.height() - 1;
  // Cleared first: an overlay's line is often shorter than that of the screen below it, which
  // would otherwise show through at its end.
  fill(on, 0, y, on.width(), 1, ' ', style{});
  const std::string beat =
      std::string(1, g.music.note()) + " beat " + std::to_string(g.music.beats());
  text(on, 1, y, beat, style{color::magenta});
  text(on, 16, y, keys, style{color::white});
}

void draw_banner(canvas& on, std::string_view title, std::string_view line, style look,
                 style title_look) {
  const int w = 40;
  const int x = (on.width() - w) / 2;
  const int y = on.height() / 2 - 4;
  panel(on, x, y, w, 7, "", look);
  centered(on, y + 2, title, title_look);
  centered(on, y + 4, line, look);
}

} // namespace demo
