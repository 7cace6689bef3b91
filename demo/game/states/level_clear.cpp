// demo/game/states/level_clear.cpp: the level clear banner.
#include "level_clear.hpp"

#include <utility>

#include "hud.hpp"

namespace demo {

level_clear::level_clear(std::string what, int score)
    : what_(std::move(what))
    , score_(score) {}

void level_clear::draw(game& g) const {
  canvas& on = *g.screen;
  on.dim();
  const int w = 40;
  const int x = (on.width() - w) / 2;
  const int y = on.height() / 2 - 4;
  const style look{color::black, color::green};
  panel(on, x, y, w, 7, "", look);
  centered(on, y + 2, "L E V E L   C L E A R", style{color::white, color::green, true});
  centered(on, y + 4, what_ + "   score " + std::to_string(score_), look);
  draw_help(g, "Enter/Esc: back to the map");
}

bool level_clear::handle(game& g, const input_event& e) {
  if (e.pressed == key::confirm || e.pressed == key::back) {
    g.states.pop_until("world");
  }
  return true;
}

} // namespace demo
