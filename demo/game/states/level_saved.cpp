// demo/game/states/level_saved.cpp: what a level saves, and the level rebuilt from it. The map
// itself is not saved, only its name: the level is built from the map again, then what changed is
// applied (the gems and potions taken, where the player and each enemy are, the boss gone if he
// joined). Each enemy is saved under its place in the map's list ("enemy1" is the first enemy
// the map draws, the boss left out once he has joined).
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "../saved_fields.hpp"
#include "level.hpp"

namespace demo {
namespace {

constexpr std::array<std::string_view, 3> moods{"waiting", "joined", "hostile"};
constexpr std::array<std::string_view, 3> outcomes{"playing", "cleared", "lost"};
constexpr grid_size level_grid{map_width, map_height};

// The game's map named by the record, or the first with the record failed. (A saved game is
// continued only once the boot state has read the maps.)
const level_map& saved_map(const game& g, strata::record& saved) {
  const std::string name = saved.get<std::string>("map");
  for (const level_map& map : g.maps) {
    if (map.name == name) {
      return map;
    }
  }
  saved.fail("no level map is named '" + name + "'");
  return g.maps.front();
}

std::string enemy_field(std::size_t index) {
  return "enemy" + std::to_string(index + 1);
}

} // namespace

level::level(const game& g, strata::record& saved)
    : level(saved_map(g, saved)) {
  restore(saved);
}

void level::restore(strata::record& saved) {
  // A cell where someone may stand: on the grid, and not in a wall.
  const auto floor = [&](std::string_view name) {
    const point at = get_cell(saved, name, level_grid);
    if (tile(at) == '#') {
      saved.fail("field '" + std::string(name) + "' is in a wall");
    }
    return at;
  };
  player_ = floor("player");
  bag_.hearts = get_int(saved, "hearts", 1, bag::max_hearts); // none left: the level is lost
  bag_.gems = get_int(saved, "gems", 0, bag_.gems_total);
  bag_.potions = get_int(saved, "potions", 0, 99);
  for (const point at : get_cells(saved, "taken", level_grid)) {
    char& t = tile(at);
    if (t != '*' && t != '+') {
      saved.fail("field 'taken': nothing to take at " + to_string(at));
    }
    t = '.';
  }
  boss_ = static_cast<boss_mood>(get_word(saved, "boss", moods));
  outcome_ = static_cast<outcome>(get_word(saved, "outcome", outcomes));
  seconds_ = get_seconds(saved, "seconds");
  invulnerable_ = get_seconds(saved, "invulnerable");
  message_ = saved.get<std::string>("message");
  message_left_ = get_seconds(saved, "message_left");
  if (boss_ == boss_mood::joined) {
    std::erase_if(enemies_, [](const enemy& e) { return e.kind == 'B'; });
  }
  for (std::size_t i = 0; i < enemies_.size(); ++i) {
    const std::string name = enemy_field(i);
    enemies_[i].at = floor(name);
    enemies_[i].heading = get_step(saved, name + ".heading");
    enemies_[i].wait = get_seconds(saved, name + ".wait");
  }
}

void level::save(strata::record& out) const {
  out.set("map", map_->name);
  set_cell(out, "player", player_);
  out.set("hearts", bag_.hearts);
  out.set("gems", bag_.gems);
  out.set("potions", bag_.potions);
  std::vector<point> taken;
  for (int y = 0; y < map_height; ++y) {
    for (int x = 0; x < map_width; ++x) {
      const char drawn = map_->rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      if ((drawn == '*' || drawn == '+') && tile({x, y}) == '.') {
        taken.push_back({x, y});
      }
    }
  }
  set_cells(out, "taken", taken);
  out.set("boss", moods[static_cast<std::size_t>(boss_)]);
  out.set("outcome", outcomes[static_cast<std::size_t>(outcome_)]);
  out.set("seconds", seconds_);
  out.set("invulnerable", invulnerable_);
  out.set("message", message_);
  out.set("message_left", message_left_);
  for (std::size_t i = 0; i < enemies_.size(); ++i) {
    const std::string name = enemy_field(i);
    set_cell(out, name, enemies_[i].at);
    set_cell(out, name + ".heading", enemies_[i].heading);
    out.set(name + ".wait", enemies_[i].wait);
  }
}

} // namespace demo
