// demo/game/states/quit_confirm.cpp: the question before quitting.
#include "quit_confirm.hpp"

#include "hud.hpp"

namespace demo {

void quit_confirm::draw(game& g) const {
  canvas& on = *g.screen;
  on.dim();
  const int w = 40;
  const int x = (on.width() - w) / 2;
  const int y = on.height() / 2 - 4;
  const style look{color::white, color::blue};
  panel(on, x, y, w, 7, "", look);
  centered(on, y + 2, "Q U I T   T H E   G A M E ?", style{color::yellow, color::blue, true});
  centered(on, y + 4, "Y/Enter: quit   N/Esc: stay", look);
  draw_help(g, "Y/Enter: quit   N/Esc: back to the title");
}

bool quit_confirm::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::yes:
  case key::confirm:
  case key::quit:
    g.report("quit from the title");
    g.states.clear();
    return true;
  case key::no:
  case key::back: g.states.pop(); return true;
  default: return true; // a question swallows everything else
  }
}

} // namespace demo
