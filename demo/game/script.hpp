// demo/game/script.hpp: scripted input, for tests, the tour and screenshots. A script is a list
// of tokens separated by blanks; '#' starts a comment that runs to the end of the line.
//   enter        press a key (names: see input.hpp) during one frame
//   right*4      press it during 4 frames in a row
//   wait 30      press nothing for 30 frames (one second)
//   ( enter wait 9 )*5   play what is between the brackets 5 times (blanks around brackets)
// A script plays at least one frame and at most max_script_frames, and nests at most
// max_script_depth groups: the total is counted before anything is expanded, so a huge count
// or a deep nest of repeats is refused with an error instead of exhausting memory or time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "input.hpp"

namespace demo {

inline constexpr std::uint64_t max_script_frames = 30 * 60 * 60; // one hour of play
inline constexpr int max_script_depth = 16;

struct script {
  std::vector<std::optional<key>> frames; // what is pressed in each frame, if anything
};

// Empty with `error` set when a token is not understood or a limit above is broken.
[[nodiscard]] std::optional<script> parse_script(std::string_view text, std::string& error);

// Shown by --help: the syntax above, for players.
extern const char* const script_syntax;

} // namespace demo
