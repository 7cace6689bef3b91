// demo/game/data_files.hpp: the small files the interactive game keeps between runs (the best
// scores, the game saved on quit) in $XDG_DATA_HOME/strata-demo/, or ~/.local/share/strata-demo/
// when XDG_DATA_HOME is unset or not an absolute path. Reading never fails the game: a file that
// is missing, not a regular file, too big or unreadable is no file. Writing goes through a
// temporary file renamed over the old one, so that a crash leaves the old file or the new, never
// half of one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace demo {

// Ours are a few lines; anything much bigger is not our file, and is not read into memory.
inline constexpr std::uintmax_t max_data_file_bytes = 64 * 1024;

// $XDG_DATA_HOME/strata-demo/<name> (or under HOME); empty if neither is an absolute path.
[[nodiscard]] std::optional<std::filesystem::path> data_file(std::string_view name);

// The file's text, or empty (see above).
[[nodiscard]] std::optional<std::string> read_small_file(const std::filesystem::path& file);

// Writes `text` to `file` whole or not at all, making its directory; false if it could not.
bool write_atomically(const std::filesystem::path& file, std::string_view text);

} // namespace demo
