// demo/game/tiles.cpp: each tile's name and the letter it shows as text.
#include "tiles.hpp"

#include <array>

#include "canvas.hpp"

namespace demo {
namespace {

struct tile_description {
  std::string_view name;
  cell letter;
};

// In the order of the enum. The letters and colours are the ones these things had as text.
constexpr std::array<tile_description, tile_kinds> descriptions{{
    {"none", cell{}},
    {"wall", cell{'#', {color::cyan, color::blue}}},
    {"gem", cell{'*', {color::cyan, color::black, true}}},
    {"potion", cell{'+', {color::red, color::black, true}}},
    {"door_locked", cell{'>', {color::red, color::black, true}}},
    {"door_open", cell{'>', {color::green, color::black, true}}},
    {"player", cell{'@', {color::yellow, color::black, true}}},
    {"goblin", cell{'g', {color::red, color::black, true}}},
    {"chaser", cell{'C', {color::red, color::black, true}}},
    {"boss", cell{'B', {color::yellow, color::red, true}}},
    {"rampart", cell{'#', {color::white, color::black, true}}},
    {"rubble", cell{'x', {color::red}}},
    {"turret_slot", cell{'_', {color::yellow}}},
    {"turret", cell{'T', {color::yellow, color::black, true}}},
    {"ship", cell{'S', {color::white, color::blue, true}}},
}};

const tile_description& description(tile kind) {
  return descriptions[static_cast<std::size_t>(kind)];
}

} // namespace

std::string_view tile_name(tile kind) {
  return description(kind).name;
}

cell tile_cell(tile kind) {
  cell shown = description(kind).letter;
  shown.picture = kind;
  return shown;
}

} // namespace demo
