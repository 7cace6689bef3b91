// demo/game/states/level.hpp: the real-time arcade level. The avatar moves one cell per key
// press; enemies move on their own clocks and hurt on contact; gems open the door. Overlays
// go on top of it: pause (freezes it), inventory (it keeps living underneath through
// update_covered, slowed down), the boss dialog (its answer comes back through on_exit), level
// clear; game over replaces it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <strata/record.hpp>

#include "../game.hpp"
#include "../point.hpp"
#include "bag.hpp"
#include "level_layout.hpp"
#include "level_map.hpp"

namespace demo {

class dialog;

class level {
public:
  // R33: the level fades in over the map; game over fades in over it as it fades out.
  static constexpr strata::transition transition{.arrive = 0.25F, .leave = 0.2F};
  enum class outcome { playing, cleared, lost };

  // `map`, which outlives the level (the game's maps), laid out (level_layout.hpp).
  level(const level_map& map, level_layout layout);
  // Saved (level_saved.cpp): the map's name, where everyone stands, what was taken, the bag, the
  // boss's mood, the clocks and the message shown.
  level(const game& g, strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void pause(game& g);
  void resume(game& g);
  void update(game& g, double dt);
  void update_covered(game& g, double dt);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

  [[nodiscard]] std::string_view title() const { return map_->name; }
  [[nodiscard]] outcome result() const { return outcome_; }
  [[nodiscard]] int score() const;
  // What the player carries, which the inventory above works on.
  [[nodiscard]] bag& carried() { return bag_; }
  // The boss's answer, handed back by the dialog's on_exit(strata::to_below<...>): a member
  // call, which a saved game keeps (a closure could not be saved).
  void boss_answered(game& g, dialog& asked);

private:
  using enemy = level_enemy;

  explicit level(const level_map& map)
      : level(map, lay_out(map)) {}
  enum class boss_mood { waiting, joined, hostile };

  void live(game& g, double dt);
  void move_enemy(game& g, enemy& e);
  void walk(game& g, point step);
  void take(game& g, char& tile);
  void check_contact(game& g);
  void lose(game& g);
  void win(game& g);
  void ask_boss(game& g);
  void say(game& g, std::string message);
  void restore(strata::record& saved);
  [[nodiscard]] bool blocks(point p) const;
  [[nodiscard]] bool door_open() const;
  [[nodiscard]] char& tile(point p);
  [[nodiscard]] char tile(point p) const;
  [[nodiscard]] std::string enemy_positions() const;

  const level_map* map_;
  std::vector<std::string> tiles_;
  std::vector<enemy> enemies_;
  point player_;
  bag bag_;
  boss_mood boss_ = boss_mood::waiting;
  outcome outcome_ = outcome::playing;
  double seconds_ = 0;
  double invulnerable_ = 0;
  std::string message_;
  double message_left_ = 0;
};

} // namespace demo
