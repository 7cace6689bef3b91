// demo/game/states/level.cpp: the arcade level's rules and drawing.
#include "level.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

#include "../fade.hpp"
#include "dialog.hpp"
#include "game_over.hpp"
#include "hud.hpp"
#include "inventory.hpp"
#include "legend.hpp"
#include "level_clear.hpp"
#include "pause.hpp"

namespace demo {
namespace {

constexpr double hurt_grace_seconds = 1.5;
constexpr double message_seconds = 2.5;

double step_seconds(char kind) {
  switch (kind) {
  case 'c': return 0.45;
  case 'B': return 0.3;
  default: return 0.3;
  }
}

int sign(int v) {
  return (v > 0) - (v < 0);
}

// Joining the boss costs half the gems (rounded in his favour): said before the answer, taken
// after it.
int gems_kept_joining_the_boss(int gems) {
  return gems / 2;
}

} // namespace

level::level(const level_map& map, level_layout layout)
    : map_(&map)
    , tiles_(std::move(layout.tiles))
    , enemies_(std::move(layout.enemies))
    , player_(layout.start) {
  bag_.gems_total = layout.gems;
}

void level::enter(game& g) {
  g.report(std::string(title()) + ": collect " + std::to_string(bag_.gems_total) +
           " gems, reach the door");
}

void level::pause(game& g) {
  g.report("level covered; enemies at " + enemy_positions());
}

void level::resume(game& g) {
  g.report("level on top again; enemies at " + enemy_positions());
}

void level::update(game& g, double dt) {
  seconds_ += dt;
  invulnerable_ = std::max(0.0, invulnerable_ - dt);
  message_left_ = std::max(0.0, message_left_ - dt);
  live(g, dt);
}

// Covered by a live overlay (the inventory): the world goes on, at the pace the overlay's time
// scale gives it; the player's clock does not.
void level::update_covered(game& g, double dt) {
  live(g, dt);
}

void level::live(game& g, double dt) {
  if (outcome_ != outcome::playing) {
    return;
  }
  for (enemy& e : enemies_) {
    if (e.kind == 'B' && boss_ != boss_mood::hostile) {
      continue;
    }
    e.wait += dt;
    if (e.wait >= step_seconds(e.kind)) {
      e.wait = 0;
      move_enemy(g, e);
    }
  }
  check_contact(g);
}

void level::move_enemy(game& g, enemy& e) {
  if (e.kind == 'h' || e.kind == 'v') {
    if (blocks(e.at + e.heading)) {
      e.heading = {-e.heading.x, -e.heading.y};
    }
    if (!blocks(e.at + e.heading)) {
      e.at = e.at + e.heading;
    }
    return;
  }
  // Chasers close in on the player most of the time and wander otherwise.
  constexpr std::array<point, 4> directions{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
  const int dx = player_.x - e.at.x;
  const int dy = player_.y - e.at.y;
  const point across{sign(dx), 0};
  const point down{0, sign(dy)};
  std::array<point, 2> tries{std::abs(dx) >= std::abs(dy) ? across : down,
                             std::abs(dx) >= std::abs(dy) ? down : across};
  if (!g.chance.chance(70)) {
    tries = {directions[static_cast<std::size_t>(g.chance.below(4))], point{}};
  }
  for (point step : tries) {
    if (step != point{} && !blocks(e.at + step)) {
      e.at = e.at + step;
      return;
    }
  }
}

bool level::handle(game& g, const input_event& e) {
  if (outcome_ != outcome::playing) {
    return false;
  }
  switch (e.pressed) {
  case key::up: walk(g, {0, -1}); return true;
  case key::down: walk(g, {0, 1}); return true;
  case key::left: walk(g, {-1, 0}); return true;
  case key::right: walk(g, {1, 0}); return true;
  case key::pause:
  case key::back:
  case key::unfocus: g.states.push<pause_menu>(); return true;
  case key::inventory: g.states.push<inventory>(); return true;
  default: return false;
  }
}

void level::walk(game& g, point step) {
  const point target = player_ + step;
  for (const enemy& e : enemies_) {
    if (e.kind == 'B' && e.at == target && boss_ == boss_mood::waiting) {
      ask_boss(g);
      return;
    }
  }
  if (blocks(target)) {
    if (tile(target) == '>') {
      say(g, "the door is locked: " + std::to_string(bag_.gems_total - bag_.gems) + " gems left");
    }
    return;
  }
  player_ = target;
  if (tile(target) == '>') {
    win(g);
    return;
  }
  take(g, tile(target));
  check_contact(g);
}

void level::take(game& g, char& t) {
  if (t == '*') {
    t = '.';
    ++bag_.gems;
    g.play(effect::gem);
    say(g, "gem " + std::to_string(bag_.gems) + "/" + std::to_string(bag_.gems_total) +
               (door_open() ? ": the door opens" : ""));
  } else if (t == '+') {
    t = '.';
    ++bag_.potions;
    g.play(effect::gem);
    say(g, "potion found");
  }
}

void level::check_contact(game& g) {
  if (outcome_ != outcome::playing || invulnerable_ > 0) {
    return;
  }
  for (const enemy& e : enemies_) {
    const bool dangerous = e.kind != 'B' || boss_ == boss_mood::hostile;
    if (dangerous && e.at == player_) {
      --bag_.hearts;
      invulnerable_ = hurt_grace_seconds;
      g.play(effect::hit);
      say(g, "hit at " + to_string(player_) + ": hearts " + std::to_string(bag_.hearts));
      if (bag_.hearts == 0) {
        lose(g);
      }
      return;
    }
  }
}

void level::lose(game& g) {
  outcome_ = outcome::lost;
  g.play(effect::lose);
  g.report("game over in " + std::string(title()));
  // Whatever overlay is open goes too (a hit can come under the live inventory), then the
  // game over screen takes the level's place.
  g.states.pop_until("level");
  g.states.replace<game_over>(std::string(title()), score());
}

void level::win(game& g) {
  outcome_ = outcome::cleared;
  g.play(effect::win);
  g.report(std::string(title()) + " cleared: score " + std::to_string(score()));
  g.states.push<level_clear>(std::string(title()), score());
}

void level::ask_boss(game& g) {
  // The price of "yes" is said before the answer.
  const int kept = gems_kept_joining_the_boss(bag_.gems);
  const std::string if_yes = "I open the door; you give me " + std::to_string(bag_.gems - kept) +
                             " of your " + std::to_string(bag_.gems) + " gems";
  g.states.push<dialog>("boss", "join me?", if_yes, "I attack you")
      .on_exit(strata::to_below<&level::boss_answered>);
}

void level::boss_answered(game& g, dialog& asked) {
  if (!asked.answer().has_value()) {
    return; // the game was quit under the question
  }
  if (*asked.answer()) {
    boss_ = boss_mood::joined;
    std::erase_if(enemies_, [](const enemy& e) { return e.kind == 'B'; });
    bag_.gems = gems_kept_joining_the_boss(bag_.gems);
    say(g, "the boss joins you: the door opens, for half your gems");
  } else {
    boss_ = boss_mood::hostile;
    say(g, "the boss attacks!");
  }
}

void level::say(game& g, std::string message) {
  g.report(message);
  message_ = std::move(message);
  message_left_ = message_seconds;
}

int level::score() const {
  const int time_bonus =
      outcome_ == outcome::cleared ? std::max(0, 90 - static_cast<int>(seconds_)) * 5 : 0;
  return bag_.gems * 100 + bag_.hearts * 50 + time_bonus;
}

bool level::blocks(point p) const {
  const char t = tile(p);
  return t == '#' || (t == '>' && !door_open());
}

bool level::door_open() const {
  return bag_.gems == bag_.gems_total || boss_ == boss_mood::joined;
}

char& level::tile(point p) {
  return tiles_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)];
}

char level::tile(point p) const {
  return tiles_[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)];
}

std::string level::enemy_positions() const {
  std::string out;
  for (const enemy& e : enemies_) {
    out += (out.empty() ? "" : " ") + std::string(1, e.kind) + to_string(e.at);
  }
  return out;
}

void level::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::fades);
  canvas& on = *g.screen;
  const int left = (on.width() - map_width) / 2;
  const int top = 2;
  const std::string status =
      std::string(title()) + "   hearts " +
      std::string(static_cast<std::size_t>(bag_.hearts), '@') +
      std::string(static_cast<std::size_t>(bag::max_hearts - bag_.hearts), '.') + "   gems " +
      std::to_string(bag_.gems) + "/" + std::to_string(bag_.gems_total) + "   potions " +
      std::to_string(bag_.potions) + "   " + std::to_string(static_cast<int>(seconds_)) + "s";
  text(on, left, 0, status, style{color::white, color::black, true});
  for (int y = 0; y < map_height; ++y) {
    for (int x = 0; x < map_width; ++x) {
      switch (tile({x, y})) {
      case '#': on.put_tile(left + x, top + y, demo::tile::wall); break;
      case '*': on.put_tile(left + x, top + y, demo::tile::gem); break;
      case '+': on.put_tile(left + x, top + y, demo::tile::potion); break;
      case '>':
        on.put_tile(left + x, top + y,
                    door_open() ? demo::tile::door_open : demo::tile::door_locked);
        break;
      default: on.put(left + x, top + y, '.', style{color::blue}); break;
      }
    }
  }
  for (const enemy& e : enemies_) {
    on.put_tile(left + e.at.x, top + e.at.y,
                e.kind == 'B' ? demo::tile::boss
                              : (e.kind == 'c' ? demo::tile::chaser : demo::tile::goblin));
  }
  // Blinks while the player cannot be hurt again; steady under an overlay, which may have
  // stopped the blink's clock in its "off" phase.
  if (!is_active(g, this) || invulnerable_ <= 0 || static_cast<int>(invulnerable_ * 10) % 2 == 0) {
    on.put_tile(left + player_.x, top + player_.y, demo::tile::player);
  }
  if (message_left_ > 0) {
    text(on, left, top + map_height + 1, message_, style{color::yellow});
  }
  draw_level_legend(on, top + map_height + 3);
  draw_help(g, "arrows: move  P: pause  I: inventory  Tab: stack");
}

} // namespace demo
