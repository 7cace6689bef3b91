// demo/game/states/pause.cpp: the pause menu.
#include "pause.hpp"

#include <string>

#include "hud.hpp"

namespace demo {

// The beat count shows what the freeze does not stop: system's update_always, the music.
void pause_menu::enter(game& g) {
  g.report("paused at beat " + std::to_string(g.music.beats()));
}

void pause_menu::exit(game& g) {
  g.report("unpaused at beat " + std::to_string(g.music.beats()));
}

void pause_menu::draw(game& g) const {
  canvas& on = *g.screen;
  on.dim();
  const int w = 40;
  const int x = (on.width() - w) / 2;
  const int y = on.height() / 2 - 4;
  const style look{color::white, color::blue};
  panel(on, x, y, w, 7, "", look);
  centered(on, y + 2, "P A U S E D", style{color::yellow, color::blue, true});
  centered(on, y + 4, "P/Esc: resume   Q: back to the map", look);
  draw_help(g, "freeze: drawn below, frozen; only the music plays on");
}

bool pause_menu::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::pause:
  case key::back:
  case key::confirm: g.states.pop(); return true;
  case key::quit:
    g.report("back to the map from the pause menu");
    g.states.pop_until("world");
    return true;
  default: return true; // a menu swallows everything else
  }
}

} // namespace demo
