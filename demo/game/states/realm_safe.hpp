// demo/game/states/realm_safe.hpp: the ending, pushed by the world map once every place on it
// is done: the scores of the run, then back to the title (the map below goes with it).
#pragma once

#include <string>
#include <vector>

#include "../game.hpp"

namespace demo {

class realm_safe {
public:
  struct result {
    std::string place;
    int score = 0;
  };

  explicit realm_safe(std::vector<result> results);

  void enter(game& g);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  [[nodiscard]] int total() const;

  std::vector<result> results_;
};

} // namespace demo
