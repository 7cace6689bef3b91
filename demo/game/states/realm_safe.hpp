// demo/game/states/realm_safe.hpp: the ending, pushed by the world map once every place on it
// is done: the scores of the run, then back to the title (the map below goes with it).
#pragma once

#include <string>
#include <vector>

#include <strata/record.hpp>

#include "../game.hpp"

namespace demo {

class realm_safe {
public:
  struct result {
    std::string place;
    int score = 0;
  };

  explicit realm_safe(std::vector<result> results);
  // Saved: the places and their scores, in the order shown.
  explicit realm_safe(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  [[nodiscard]] int total() const;

  std::vector<result> results_;
};

} // namespace demo
