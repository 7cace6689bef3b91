// demo/game/states/siege_field.hpp: the siege's board: a keep on the shore, its walls and
// turrets, and the fleet at sea. The siege round owns it; each phase borrows it.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <strata/record.hpp>

#include "../game.hpp"
#include "../point.hpp"

namespace demo {

struct siege_field {
  static constexpr int width = 40;
  static constexpr int height = 13;
  static constexpr int shore = 20; // first column of sea
  static constexpr int rounds = 3;

  struct wall {
    point at;
    bool intact = true;
  };
  struct ship {
    point at;
    bool afloat = true;
    double reload = 0;
    double sail = 0;
  };

  siege_field();
  // Saved (siege_saved.cpp): the round and score, the gaps, the turrets, the fleet and the
  // round's tally.
  explicit siege_field(strata::record& saved);
  void save(strata::record& out) const;

  void begin_round(game& g);
  [[nodiscard]] std::vector<point> free_slots() const;
  [[nodiscard]] std::vector<wall*> broken_walls();
  [[nodiscard]] std::vector<const wall*> broken_walls() const;
  [[nodiscard]] std::vector<ship*> fleet();
  [[nodiscard]] std::vector<const ship*> fleet() const;
  [[nodiscard]] bool breached() const;

  int round = 0;
  int score = 0;
  std::vector<wall> walls;
  std::vector<point> slots; // where turrets may stand
  std::vector<point> turrets;
  std::vector<ship> ships;
  // This round's tally, for the summary.
  int sunk = 0;
  int walls_lost = 0;
  int rebuilt = 0;
};

// The board with a header line; `cursor` marks the cell a phase is pointing at.
void draw_field(game& g, const siege_field& field, std::string_view phase, double seconds_left,
                std::optional<point> cursor);

// Cycles an index through `count` choices with left/right (or up/down); returns whether `k`
// was one of those keys.
bool cycle(key k, int& index, int count);

// P or Esc (or the player lost: key::unfocus) opens the pause menu over any phase; returns
// whether it did.
bool pause_key(game& g, key k);

} // namespace demo
