// demo/game/states/world.hpp: the world map. It pushes the mode the player picks and learns
// how it went through each push's on_exit, whatever way the mode left the stack.
#pragma once

#include <array>
#include <cstddef>

#include <strata/record.hpp>

#include "../game.hpp"

namespace demo {

class battle;
class level;
class siege_round;

class world {
public:
  // R33: the map fades in over the title, and out when the ending takes the run back there.
  static constexpr strata::transition transition = strata::transition::fade(0.3F);

  world() = default;
  // Saved: the place picked, and each place's result of the run.
  explicit world(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void resume(game& g);
  void focus(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

  // How a mode went, handed back by its push's on_exit(strata::to_below<...>) right after its
  // exit, whatever way it left (cleared, lost, abandoned). A member call rather than a closure:
  // a saved game keeps it, and a restored mode hands its result back all the same.
  void level_done(game& g, level& finished);
  void siege_done(game& g, siege_round& finished);
  void battle_done(game& g, battle& finished);

private:
  // What each place on the map remembers: its best result so far.
  struct progress {
    bool done = false;
    int best = 0;
  };

  void open(game& g, int place);
  void remember(game& g, std::size_t place, bool done, int score);
  [[nodiscard]] int places_done() const;

  int selected_ = 0;
  std::array<progress, 4> records_{};
};

} // namespace demo
