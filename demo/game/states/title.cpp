// demo/game/states/title.cpp: the title screen.
#include "title.hpp"

#include "../fade.hpp"
#include "hud.hpp"
#include "logo.hpp"
#include "quit_confirm.hpp"
#include "world.hpp"

namespace demo {

void title::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::fades);
  canvas& on = *g.screen;
  const int top = on.height() / 2 - 7;
  draw_logo(on, top, style{color::yellow, color::black, true});
  centered(on, top + 6, "S T R A T A   Q U E S T", style{color::white, color::black, true});
  centered(on, top + 8, "every mode of this game is a state on one stack", style{color::cyan});
  if (static_cast<int>(blink_ * 2) % 2 == 0) {
    centered(on, top + 11, "press Enter to start", style{color::green, color::black, true});
  }
  draw_help(g, "Enter: start   Tab: stack overlay   Q/Esc: quit");
}

bool title::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::confirm: g.states.push<world>(); return true;
  case key::quit:
  case key::back: g.states.push<quit_confirm>(); return true;
  default: return false;
  }
}

} // namespace demo
