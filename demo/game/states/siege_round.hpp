// demo/game/states/siege_round.hpp: the siege, in the spirit of Rampart. It sits at the bottom
// of the siege and owns the board; whenever it becomes the top (first, then when the last phase
// of a round pops itself) its focus pushes every phase of the next round at once with
// push_first_on_top; after the last round, the victory screen (or, the keep breached, it is
// replaced by the game over screen).
#pragma once

#include <strata/record.hpp>

#include "../game.hpp"
#include "siege_field.hpp"

namespace demo {

class siege_round {
public:
  siege_round() = default;
  // Saved (siege_saved.cpp): the board, and whether the siege is won.
  explicit siege_round(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);

  [[nodiscard]] bool won() const { return won_; }
  [[nodiscard]] int score() const { return field_.score; }
  // The board, which the phases and the victory screen above work on.
  [[nodiscard]] siege_field& field() { return field_; }

private:
  void start_round(game& g);

  siege_field field_; // the phases point here: a pooled state never moves
  bool won_ = false;
};

} // namespace demo
