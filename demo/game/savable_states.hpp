// demo/game/savable_states.hpp: every state a saved game can hold, under the key and version its
// records are saved with, and the results (on_exit members) it can keep. The boot state is not
// there: the game makes it on every run, and a saved game goes above it. Nor is quit_confirm: a
// question about quitting is not a place to come back to, and a save stops below it (the title
// alone is nothing to continue).
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include <strata/save_types.hpp>

#include "game.hpp"

namespace demo {

struct savable_states {
  strata::save_types<game, input_event> types;
  // (key, its owner's key) for each state that works on what a state below it owns (see
  // owner_below in game.hpp): a saved game that has one without its owner below is refused.
  std::vector<std::pair<std::string_view, std::string_view>> owners;
};

[[nodiscard]] const savable_states& savable();

} // namespace demo
