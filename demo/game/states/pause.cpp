// demo/game/states/pause.cpp: the pause menu.
#include "pause.hpp"

#include <string>

#include "../fade.hpp"
#include "hud.hpp"

namespace demo {

// The beat count shows what the freeze does not stop: system's update_always, the music.
void pause_menu::enter(game& g) {
  g.report("paused at beat " + std::to_string(g.music.beats()));
}

void pause_menu::exit(game& g) {
  g.report("unpaused at beat " + std::to_string(g.music.beats()));
}

void pause_menu::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::dims);
  draw_banner(*g.screen, "P A U S E D", "P/Esc: resume   Q: back to the map",
              style{color::white, color::blue}, style{color::yellow, color::blue, true});
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
