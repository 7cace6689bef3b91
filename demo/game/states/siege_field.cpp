// demo/game/states/siege_field.cpp: building, querying and drawing the siege board.
#include "siege_field.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "hud.hpp"
#include "pause.hpp"

namespace demo {
namespace {
constexpr point keep_corner{3, 2};
constexpr int keep_w = 11;
constexpr int keep_h = 9;

// Pointers to the items that pass `keep`, const or not like the container.
template <class Items, class Keep>
auto pick(Items& items, Keep keep) {
  std::vector<decltype(&items.front())> out;
  for (auto& item : items) {
    if (keep(item)) {
      out.push_back(&item);
    }
  }
  return out;
}

// The board's tile a rule's symbol stands for.
tile board_tile(char symbol) {
  switch (symbol) {
  case '_': return tile::turret_slot;
  case 'T': return tile::turret;
  case 'S': return tile::ship;
  case 'x': return tile::rubble;
  default: return tile::rampart; // '#'
  }
}

// A rule, centred on row `y`. A '`' marks the symbol after it as the board's tile, drawn as the
// board draws it (a picture in the SDL2 window, the same letter in its colours in a terminal).
void rule(canvas& on, int y, std::string_view marked) {
  std::string shown;
  std::vector<std::pair<int, tile>> tiles;
  for (std::size_t i = 0; i < marked.size(); ++i) {
    if (marked[i] == '`' && i + 1 < marked.size()) {
      tiles.emplace_back(static_cast<int>(shown.size()), board_tile(marked[++i]));
    }
    shown += marked[i];
  }
  const int x = (on.width() - static_cast<int>(shown.size())) / 2;
  text(on, x, y, shown, style{color::white});
  for (const auto& [at, kind] : tiles) {
    on.put_tile(x + at, y, kind);
  }
}

// What each thing on the board does, under it in every phase: a player meets the siege with
// no other explanation.
void draw_rules(canvas& on, int y) {
  rule(on, y, "`_ slot: Enter places a turret `T there, two a round; turrets stay");
  rule(on, y + 1, "`S ship: sails in, shoots a gap `x in a wall `#. Enter: every turret fires");
  rule(on, y + 2, "at the ship marked >`S<, 70% to sink it (+100); more turrets reload faster");
  rule(on, y + 3, "rebuild: a brick for every gap; a gap still open when time runs out");
  rule(on, y + 4, "loses the keep. Hold three rounds to win (+10 a wall standing, +500)");
}

} // namespace

siege_field::siege_field() {
  for (int y = 0; y < keep_h; ++y) {
    for (int x = 0; x < keep_w; ++x) {
      if (y == 0 || y == keep_h - 1 || x == 0 || x == keep_w - 1) {
        walls.push_back({keep_corner + point{x, y}});
      }
    }
  }
  slots = {{6, 4}, {10, 4}, {8, 6}, {6, 8}, {10, 8}};
}

void siege_field::begin_round(game& g) {
  ++round;
  sunk = walls_lost = rebuilt = 0;
  ships.clear();
  for (int i = 0; i < 2 + round; ++i) {
    ship s;
    s.at = {g.chance.between(shore + 10, width - 2), g.chance.between(1, height - 2)};
    s.reload = 1.0 + 0.25 * g.chance.below(6);
    ships.push_back(s);
  }
}

std::vector<point> siege_field::free_slots() const {
  std::vector<point> out;
  for (point s : slots) {
    if (std::find(turrets.begin(), turrets.end(), s) == turrets.end()) {
      out.push_back(s);
    }
  }
  return out;
}

std::vector<siege_field::wall*> siege_field::broken_walls() {
  return pick(walls, [](const wall& w) { return !w.intact; });
}

std::vector<const siege_field::wall*> siege_field::broken_walls() const {
  return pick(walls, [](const wall& w) { return !w.intact; });
}

std::vector<siege_field::ship*> siege_field::fleet() {
  return pick(ships, [](const ship& s) { return s.afloat; });
}

std::vector<const siege_field::ship*> siege_field::fleet() const {
  return pick(ships, [](const ship& s) { return s.afloat; });
}

bool siege_field::breached() const {
  return std::any_of(walls.begin(), walls.end(), [](const wall& w) { return !w.intact; });
}

void draw_field(game& g, const siege_field& field, std::string_view phase, double seconds_left,
                std::optional<point> cursor) {
  canvas& on = *g.screen;
  const int left = (on.width() - siege_field::width) / 2;
  const int top = 2;
  const std::string header = "Rampart Keep   round " + std::to_string(field.round) + "/" +
                             std::to_string(siege_field::rounds) + "   score " +
                             std::to_string(field.score) + "   " + std::string(phase) + "  " +
                             std::to_string(static_cast<int>(seconds_left + 0.99)) + "s";
  text(on, left, 0, header, style{color::white, color::black, true});
  fill(on, left, top, siege_field::shore, siege_field::height, '"', style{color::green});
  fill(on, left + siege_field::shore, top, siege_field::width - siege_field::shore,
       siege_field::height, '~', style{color::blue});
  for (const siege_field::wall& w : field.walls) {
    on.put_tile(left + w.at.x, top + w.at.y, w.intact ? tile::rampart : tile::rubble);
  }
  for (point s : field.slots) {
    on.put_tile(left + s.x, top + s.y, tile::turret_slot);
  }
  for (point t : field.turrets) {
    on.put_tile(left + t.x, top + t.y, tile::turret);
  }
  for (const siege_field::ship& s : field.ships) {
    if (s.afloat) {
      on.put_tile(left + s.at.x, top + s.at.y, tile::ship);
    }
  }
  draw_rules(on, top + siege_field::height + 1);
  // Brackets around the cell keep what is pointed at visible.
  if (cursor.has_value()) {
    const style mark{color::black, color::yellow, true};
    on.put(left + cursor->x - 1, top + cursor->y, '>', mark);
    on.put(left + cursor->x + 1, top + cursor->y, '<', mark);
  }
}

bool cycle(key k, int& index, int count) {
  if (count <= 0) {
    return false;
  }
  if (k == key::right || k == key::down) {
    index = (index + 1) % count;
    return true;
  }
  if (k == key::left || k == key::up) {
    index = (index + count - 1) % count;
    return true;
  }
  return false;
}

bool pause_key(game& g, key k) {
  if (k != key::pause && k != key::back && k != key::unfocus) {
    return false;
  }
  g.states.push<pause_menu>();
  return true;
}

} // namespace demo
