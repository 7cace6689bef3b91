// demo/game/script.hpp: scripted input, for tests, the tour and screenshots. A script is a list
// of tokens separated by blanks; '#' starts a comment that runs to the end of the line.
//   enter        press a key (names: see input.hpp) during one frame
//   right*4      press it during 4 frames in a row
//   wait 30      press nothing for 30 frames (one second)
//   ( enter wait 9 )*5   play what is between the brackets 5 times (blanks around brackets)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input.hpp"

namespace demo {

struct script {
  std::vector<std::optional<key>> frames; // what is pressed in each frame, if anything
};

// Empty with `error` set when a token is not understood.
[[nodiscard]] std::optional<script> parse_script(std::string_view text, std::string& error);

} // namespace demo
