// demo/game/states/world.hpp: the world map. It pushes the mode the player picks and learns
// how it went through each push's on_exit callback, whatever way the mode left the stack.
#pragma once

#include <array>

#include "../game.hpp"

namespace demo {

class world {
public:
  // R33: the map fades in over the title, and out when the ending takes the run back there.
  static constexpr strata::transition transition = strata::transition::fade(0.3F);
  void enter(game& g);
  void resume(game& g);
  void focus(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

private:
  // What each place on the map remembers: its best result so far.
  struct record {
    bool done = false;
    int best = 0;
  };

  void open(game& g, int place);
  [[nodiscard]] int places_done() const;

  int selected_ = 0;
  std::array<record, 4> records_{};
};

} // namespace demo
