// demo/game/states/legend.cpp: the legends, in the colours the symbols are drawn in.
#include "legend.hpp"

#include <array>
#include <span>
#include <string_view>

namespace demo {
namespace {

struct entry {
  std::string_view symbol;
  style look;
  std::string_view meaning;
};

// The entries side by side, centred on row `y`: each symbol in its own colours, then its meaning.
void draw_entries(canvas& on, int y, std::span<const entry> entries) {
  constexpr int gap = 3;
  int width = -gap;
  for (const entry& e : entries) {
    width += static_cast<int>(e.symbol.size() + 1 + e.meaning.size()) + gap;
  }
  int x = (on.width() - width) / 2;
  for (const entry& e : entries) {
    text(on, x, y, e.symbol, e.look);
    x += static_cast<int>(e.symbol.size()) + 1;
    text(on, x, y, e.meaning, style{color::white});
    x += static_cast<int>(e.meaning.size()) + gap;
  }
}

} // namespace

// The looks repeat level::draw's, so that the legend shows each symbol as the map does.
void draw_level_legend(canvas& on, int y) {
  const std::array<entry, 5> things{{
      {"@", style{color::yellow, color::black, true}, "you"},
      {"*", style{color::cyan, color::black, true}, "gem"},
      {"+", style{color::red, color::black, true}, "potion (I)"},
      {"#", style{color::cyan, color::blue}, "wall"},
      {">", style{color::red, color::black, true}, "door: opens when every gem is taken"},
  }};
  const std::array<entry, 3> foes{{
      {"g", style{color::red, color::black, true}, "goblin: patrols"},
      {"C", style{color::red, color::black, true}, "chaser: follows you"},
      {"B", style{color::yellow, color::red, true}, "boss: guards the door, talks first"},
  }};
  draw_entries(on, y, things);
  draw_entries(on, y + 1, foes);
}

void draw_map_legend(canvas& on, int y) {
  const std::array<entry, 4> marks{{
      {"[1]", style{color::white, color::red, true}, "a place"},
      {">1<", style{color::black, color::yellow, true}, "the one picked"},
      {"=", style{color::yellow}, "the road"},
      {"(done)", style{color::white, color::green}, "won at least once"},
  }};
  draw_entries(on, y, marks);
}

} // namespace demo
