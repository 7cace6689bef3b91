// demo/frontends/terminal/terminal_frontend.hpp: the default front end: full screen in the
// terminal with ncurses, in colour, following resizes, and restoring the terminal on exit and
// on Ctrl-C. Whatever way the player quits (from the title, Ctrl-C, the terminal closed), the
// game is saved for --continue, or its saved game removed if nothing is left to continue.
#pragma once

#include <cstdint>
#include <string>

#include "../../game/continue_file.hpp"
#include "../../game/kept_scores.hpp"

namespace demo {

// `trace`: where the run's Chrome trace goes (--trace), or empty.
int run_terminal(std::uint64_t seed, kept_scores scores, continue_files saves,
                 const std::string& trace);

} // namespace demo
