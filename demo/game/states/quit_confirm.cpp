// demo/game/states/quit_confirm.cpp: the question before quitting.
#include "quit_confirm.hpp"

#include "../fade.hpp"
#include "hud.hpp"

namespace demo {

void quit_confirm::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::dims);
  draw_banner(*g.screen, "Q U I T   T H E   G A M E ?", "Y/Enter: quit   N/Esc: stay",
              style{color::white, color::blue}, style{color::yellow, color::blue, true});
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
