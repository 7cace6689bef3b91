// demo/game/states/game_over.cpp: the game over screen.
#include "game_over.hpp"

#include <utility>

#include "../fade.hpp"
#include "hud.hpp"

namespace demo {

game_over::game_over(std::string what, int score)
    : what_(std::move(what))
    , score_(score) {}

game_over::game_over(strata::record& saved)
    : what_(saved.get<std::string>("what"))
    , score_(saved.get<int>("score")) {}

void game_over::save(strata::record& out) const {
  out.set("what", what_);
  out.set("score", score_);
}

void game_over::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::fades);
  canvas& on = *g.screen;
  const int y = on.height() / 2 - 3;
  centered(on, y, "G A M E   O V E R", style{color::red, color::black, true});
  centered(on, y + 2, "lost in " + what_ + "   score " + std::to_string(score_),
           style{color::white});
  centered(on, y + 4, "Enter/Esc: back to the map", style{color::white});
  draw_help(g, "this screen replaced the mode it ended");
}

bool game_over::handle(game& g, const input_event& e) {
  if (e.pressed == key::confirm || e.pressed == key::back) {
    g.states.pop();
  }
  return true;
}

} // namespace demo
