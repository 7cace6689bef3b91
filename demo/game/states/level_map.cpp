// demo/game/states/level_map.cpp: reading a map file. A map that passes here is one the level
// can play: every cell is a tile it knows, the walls around keep everyone on the grid, and there
// is exactly one place to start.
#include "level_map.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace demo {
namespace {

constexpr std::string_view map_tiles = "#.@*+>hvcB";
constexpr std::size_t longest_name = 20;

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    lines.push_back(line);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  return lines;
}

bool wall_around(std::string_view row, int y) {
  if (y == 0 || y == map_height - 1) {
    return row.find_first_not_of('#') == std::string_view::npos;
  }
  return row.front() == '#' && row.back() == '#';
}

} // namespace

std::optional<level_map> parse_level_map(std::string_view text, std::string& problem) {
  const std::vector<std::string_view> lines = lines_of(text);
  if (lines.size() != map_height + 1) {
    problem = "a map is its name and " + std::to_string(map_height) + " rows, not " +
              std::to_string(lines.size()) + " lines";
    return std::nullopt;
  }
  const std::string_view name = lines[0];
  if (name.empty() || name.size() > longest_name ||
      !std::all_of(name.begin(), name.end(), [](char c) { return c >= ' ' && c <= '~'; })) {
    problem =
        "line 1: the name must be 1 to " + std::to_string(longest_name) + " printable characters";
    return std::nullopt;
  }
  level_map map{std::string(name), {}};
  int starts = 0;
  for (int y = 0; y < map_height; ++y) {
    const std::string_view row = lines[static_cast<std::size_t>(y) + 1];
    const std::string where = "line " + std::to_string(y + 2) + ": ";
    if (row.size() != map_width) {
      problem = where + "a row is " + std::to_string(map_width) + " cells, not " +
                std::to_string(row.size());
      return std::nullopt;
    }
    if (const std::size_t bad = row.find_first_not_of(map_tiles); bad != std::string_view::npos) {
      problem = where + "'" + std::string(1, row[bad]) + "' is not a tile";
      return std::nullopt;
    }
    if (!wall_around(row, y)) {
      problem = where + "the map must be walled all around";
      return std::nullopt;
    }
    starts += static_cast<int>(std::count(row.begin(), row.end(), '@'));
    map.rows[static_cast<std::size_t>(y)] = std::string(row);
  }
  if (starts != 1) {
    problem = "a map has one start (@), not " + std::to_string(starts);
    return std::nullopt;
  }
  return map;
}

} // namespace demo
