// demo/frontends/terminal/terminfo.hpp: questions to the terminal's terminfo entry, asked
// before ncurses starts. Apart from the front end because <term.h> defines macros such as
// `lines` and `columns` that break ordinary C++ around them.
#pragma once

namespace demo {

// Whether the terminal can put a character anywhere on the screen. Without cursor addressing
// (TERM=dumb) ncurses starts, writes blank lines, draws nothing, and the game would run blind.
[[nodiscard]] bool terminal_can_address_cursor();

} // namespace demo
