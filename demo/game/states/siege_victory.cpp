// demo/game/states/siege_victory.cpp: the keep holds.
#include "siege_victory.hpp"

#include <optional>
#include <string>

#include "hud.hpp"
#include "siege_round.hpp"

namespace demo {

void siege_victory::enter(game& g) {
  field_ = &owner_below<siege_round>(g).field();
  g.report("victory screen: the keep holds");
}

void siege_victory::draw(game& g) const {
  draw_field(g, *field_, "won", 0, std::nullopt);
  g.screen->dim();
  draw_banner(*g.screen, "T H E   K E E P   H O L D S",
              std::to_string(siege_field::rounds) + " rounds won   score " +
                  std::to_string(field_->score),
              style{color::black, color::yellow}, style{color::red, color::yellow, true});
  draw_help(g, "Enter/Esc: back to the map");
}

bool siege_victory::handle(game& g, const input_event& e) {
  if (e.pressed == key::confirm || e.pressed == key::back) {
    g.states.pop_until("world");
  }
  return true;
}

} // namespace demo
