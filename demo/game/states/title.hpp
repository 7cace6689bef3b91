// demo/game/states/title.hpp: the title screen. Enter opens the world map; Q or Esc asks
// before quitting (quit_confirm), which clears the whole stack: every state exits down to the
// system.
#pragma once

#include <string>
#include <utility>

#include "../game.hpp"

namespace demo {

class title {
public:
  // R33: the title fades in over the boot logo (the world map fades in over it in turn).
  static constexpr strata::transition transition = strata::transition::fade(0.3F);

  // `notice`: a line shown until the player starts (why a saved game could not be continued).
  explicit title(std::string notice = {})
      : notice_(std::move(notice)) {}

  void update(double dt) { blink_ += dt; }
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

private:
  double blink_ = 0;
  std::string notice_;
};

} // namespace demo
