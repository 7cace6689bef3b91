// demo/game/saved_fields.hpp: what the states save that a strata::record has no kind of field
// for, written as text that reads in a snapshot: a cell ("12,2"), a list of cells ("3,3 19,1"),
// one of a few words (an enum saved by name: "waiting"); and times (numbers of seconds). Each
// reader fails the record, and so refuses the restore, on anything a state could not use: a
// cell off its grid, a word not in the list, a time that is negative, not finite or absurdly long.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include <strata/record.hpp>

#include "point.hpp"

namespace demo {

// The cells a saved position must lie in: x in [0, width), y in [0, height).
struct grid_size {
  int width;
  int height;
};

void set_cell(strata::record& out, std::string_view name, point at);
[[nodiscard]] point get_cell(strata::record& saved, std::string_view name, grid_size grid);

void set_cells(strata::record& out, std::string_view name, std::span<const point> cells);
[[nodiscard]] std::vector<point> get_cells(strata::record& saved, std::string_view name,
                                           grid_size grid);

// A step of at most one cell ("1,0", "0,-1", "0,0"), as a heading.
[[nodiscard]] point get_step(strata::record& saved, std::string_view name);

// The index of the saved word in `words`.
[[nodiscard]] int get_word(strata::record& saved, std::string_view name,
                           std::span<const std::string_view> words);

// Seconds: not negative, and at most max_saved_seconds (a time drawn or counted as an int).
inline constexpr double max_saved_seconds = 1e6;
[[nodiscard]] double get_seconds(strata::record& saved, std::string_view name);

// An integer in [low, high].
[[nodiscard]] int get_int(strata::record& saved, std::string_view name, int low, int high);

} // namespace demo
