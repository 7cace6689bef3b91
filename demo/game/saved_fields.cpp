// demo/game/saved_fields.cpp: writing and checking the fields the states save as text.
#include "saved_fields.hpp"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace demo {
namespace {

std::optional<int> whole(std::string_view digits) {
  int value = 0;
  const char* end = digits.data() + digits.size();
  const auto [stop, problem] = std::from_chars(digits.data(), end, value);
  if (digits.empty() || problem != std::errc{} || stop != end) {
    return std::nullopt;
  }
  return value;
}

// "x,y", nothing else.
std::optional<point> parse_point(std::string_view text) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) {
    return std::nullopt;
  }
  const auto x = whole(text.substr(0, comma));
  const auto y = whole(text.substr(comma + 1));
  if (!x || !y) {
    return std::nullopt;
  }
  return point{*x, *y};
}

std::string point_text(point p) {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

bool on(grid_size grid, point p) {
  return p.x >= 0 && p.y >= 0 && p.x < grid.width && p.y < grid.height;
}

// Reads one cell of field `name` (`text` is that cell), failing the record if it is not one.
point checked_cell(strata::record& saved, std::string_view name, std::string_view text,
                   grid_size grid) {
  const auto p = parse_point(text);
  if (!p || !on(grid, *p)) {
    saved.fail("field '" + std::string(name) + "': '" + std::string(text) +
               "' is not a cell of the " + std::to_string(grid.width) + "x" +
               std::to_string(grid.height) + " grid");
    return {};
  }
  return *p;
}

} // namespace

void set_cell(strata::record& out, std::string_view name, point at) {
  out.set(name, point_text(at));
}

point get_cell(strata::record& saved, std::string_view name, grid_size grid) {
  return checked_cell(saved, name, saved.get<std::string>(name), grid);
}

void set_cells(strata::record& out, std::string_view name, std::span<const point> cells) {
  std::string text;
  for (const point p : cells) {
    text += (text.empty() ? "" : " ") + point_text(p);
  }
  out.set(name, text);
}

std::vector<point> get_cells(strata::record& saved, std::string_view name, grid_size grid) {
  const std::string text = saved.get<std::string>(name);
  std::vector<point> out;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    out.push_back(checked_cell(saved, name, rest.substr(0, space), grid));
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  }
  return out;
}

point get_step(strata::record& saved, std::string_view name) {
  const std::string text = saved.get<std::string>(name);
  const auto p = parse_point(text);
  if (!p || std::abs(p->x) + std::abs(p->y) > 1) {
    saved.fail("field '" + std::string(name) + "': '" + text + "' is not a step of one cell");
    return {};
  }
  return *p;
}

int get_word(strata::record& saved, std::string_view name,
             std::span<const std::string_view> words) {
  const std::string word = saved.get<std::string>(name);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == word) {
      return static_cast<int>(i);
    }
  }
  saved.fail("field '" + std::string(name) + "': '" + word + "' is not one of its words");
  return 0;
}

double get_seconds(strata::record& saved, std::string_view name) {
  const double seconds = saved.get<double>(name);
  if (!std::isfinite(seconds) || seconds < 0 || seconds > max_saved_seconds) {
    saved.fail("field '" + std::string(name) + "' is not a time in seconds");
    return 0;
  }
  return seconds;
}

int get_int(strata::record& saved, std::string_view name, int low, int high) {
  const int value = saved.get<int>(name);
  if (value < low || value > high) {
    saved.fail("field '" + std::string(name) + "' = " + std::to_string(value) + " is not in [" +
               std::to_string(low) + ", " + std::to_string(high) + "]");
    return low;
  }
  return value;
}

} // namespace demo
