// demo/game/states/level_clear.cpp: the level clear banner.
#include "level_clear.hpp"

#include <utility>

#include "../fade.hpp"
#include "hud.hpp"

namespace demo {

level_clear::level_clear(std::string what, int score)
    : what_(std::move(what))
    , score_(score) {}

level_clear::level_clear(strata::record& saved)
    : what_(saved.get<std::string>("what"))
    , score_(saved.get<int>("score")) {}

void level_clear::save(strata::record& out) const {
  out.set("what", what_);
  out.set("score", score_);
}

void level_clear::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::dims);
  draw_banner(*g.screen, "L E V E L   C L E A R", what_ + "   score " + std::to_string(score_),
              style{color::black, color::green}, style{color::white, color::green, true});
  draw_help(g, "Enter/Esc: back to the map");
}

bool level_clear::handle(game& g, const input_event& e) {
  if (e.pressed == key::confirm || e.pressed == key::back) {
    g.states.pop_until("world");
  }
  return true;
}

} // namespace demo
