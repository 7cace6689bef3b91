// demo/frontends/terminal/terminal_frontend.hpp: the default front end: full screen in the
// terminal with ncurses, in colour, following resizes, and restoring the terminal on exit and
// on Ctrl-C.
#pragma once

#include <cstdint>

#include "../../game/kept_scores.hpp"

namespace demo {

int run_terminal(std::uint64_t seed, kept_scores scores);

} // namespace demo
