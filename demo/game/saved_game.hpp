// demo/game/saved_game.hpp: the game saved when a player quits in the middle of it, and the run
// that continues from it (--continue). The text is strata's snapshot of the stack above the
// system (the boot state, which every run makes itself), with a first line of the demo's own
// for what the context holds that a continued game needs to play on as it would have: the
// game's clock (its frame count: a continued transcript goes on with the same frame numbers),
// its chance (the generator's state) and the music's clock.
//
//   strata snapshot 1
//   game v1 frame=1234 chance=-7046029254386353131 beats=27 into_beat=0.23333333333333334
//   title v1
//   world v1 selected=0 place1.done=false place1.best=0 ...
//   level v1 map="Meadow" player="5,3" ... [on_exit=world.level_done]
//   pause v1
//
// The "game" line is no state: no type is registered under that key, so a restore can never take
// it for one. What each state saves is its own business (its save() and its restoring
// constructor); savable_states.cpp lists them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "game.hpp"

namespace demo {

// What a run continues from: a saved game's text, or why there is none to read.
struct continuation {
  std::optional<std::string> text;
  std::string unreadable; // when there is no text: why ("no saved game in FILE")
};

// The text a quit saves, or empty when there is nothing to continue: no run beyond the title
// (the game still loading, on the title or its quit question, or quit from there).
[[nodiscard]] std::string save_game(const game& g);

// Continues `g`, whose stack holds only the system, from a saved game's text: the saved states
// are staged above the system in one request (strata::restore, all or nothing; the next commit
// runs their ordinary hooks) and the context takes the saved values. Returns why it cannot, and
// then nothing has changed; empty when it did.
[[nodiscard]] std::string continue_game(game& g, std::string_view text);

} // namespace demo
