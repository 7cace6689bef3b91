// demo/game/continue_file.hpp: the files a saved game is kept in. A player's quit in the middle
// of a game saves it in $XDG_DATA_HOME/strata-demo/continue.txt (data_files.hpp), and --continue
// reads it back; a quit with nothing to continue (from the title) removes it. Scripts and the
// tour never touch it: --continue-from and --save-to name their files.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

#include "saved_game.hpp"

namespace demo {

// Where a player's saved game is kept; empty if neither XDG_DATA_HOME nor HOME says.
[[nodiscard]] std::optional<std::filesystem::path> continue_file();

// What a run reads and writes: the saved game it continues, if any, and the file its end (a
// script's end, a player's quit) saves to, if any.
struct continue_files {
  std::optional<continuation> continuing;
  std::optional<std::filesystem::path> save_to;
};

// The saved game in `file`, or why there is none (missing, unreadable, too big).
[[nodiscard]] continuation read_continuation(const std::filesystem::path& file);

// Keeps `saved` (save_game's text) in `file` when there is one: written whole, or the file
// removed (if it is a regular file) when `saved` is empty, as there is nothing to continue. A
// failure is said on stderr; the game is over anyway.
void keep_saved_game(const std::optional<std::filesystem::path>& file, std::string_view saved);

} // namespace demo
