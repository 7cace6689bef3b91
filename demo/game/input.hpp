// demo/game/input.hpp: the game's input events. Front ends translate their own keys into these,
// and scripts name them, so every front end drives the same game.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace demo {

enum class key : std::uint8_t {
  up,
  down,
  left,
  right,
  confirm,   // Enter or Space
  back,      // Esc
  pause,     // P
  inventory, // I
  overlay,   // Tab: the stack overlay
  yes,       // Y
  no,        // N
  quit,      // Q
  // Not a key: the front end lost the player (the terminal became too small to draw the game,
  // the window lost the focus). What runs on its own time pauses.
  unfocus,
};

struct input_event {
  key pressed;
};

// The names scripts use: "up", "enter", "esc", "p", "i", "tab", "y", "n", "q", "unfocus", ...
[[nodiscard]] std::optional<key> key_named(std::string_view name);
[[nodiscard]] std::string_view name_of(key k);

} // namespace demo
