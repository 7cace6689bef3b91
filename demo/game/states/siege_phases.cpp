// demo/game/states/siege_phases.cpp: what each siege phase does while it is on top.
#include "siege_phases.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hud.hpp"
#include "siege_round.hpp"

namespace demo {

// ---- banner ----

void banner::update(game& g, double dt) {
  left_ -= dt;
  if (left_ <= 0) {
    g.states.pop();
  }
}

void banner::draw(game& g) const {
  canvas& on = *g.screen;
  const int w = static_cast<int>(headline_.size()) + 8;
  const int x = (on.width() - w) / 2;
  const int y = on.height() / 2 - 2;
  panel(on, x, y, w, 3, "", style{color::black, color::yellow, true});
  centered(on, y + 1, headline_, style{color::black, color::yellow, true});
}

// Banners and the summary take their time whatever is pressed, so a player (or a script)
// hammering Enter through the round cannot skip a phase by accident.
bool banner::handle(game& g, const input_event& e) {
  return pause_key(g, e.pressed);
}

// ---- place_turrets ----

void place_turrets::enter(game& g) {
  field_ = &owner_below<siege_round>(g).field();
}

void place_turrets::update(game& g, double dt) {
  left_ -= dt;
  if (left_ <= 0 || placed_ == 2 || field_->free_slots().empty()) {
    g.report("turrets placed: " + std::to_string(field_->turrets.size()));
    g.states.pop();
  }
}

void place_turrets::draw(game& g) const {
  const auto free = field_->free_slots();
  std::optional<point> cursor;
  if (!free.empty()) {
    cursor = free[static_cast<std::size_t>(slot_) % free.size()];
  }
  draw_field(g, *field_, "place turrets", left_, cursor);
  draw_help(g, "arrows: pick a slot  Enter: place (2 per round)  P: pause");
}

bool place_turrets::handle(game& g, const input_event& e) {
  const auto free = field_->free_slots();
  if (cycle(e.pressed, slot_, static_cast<int>(free.size()))) {
    return true;
  }
  if (e.pressed == key::confirm && !free.empty() && placed_ < 2) {
    const point at = free[static_cast<std::size_t>(slot_) % free.size()];
    field_->turrets.push_back(at);
    ++placed_;
    slot_ = 0;
    g.report("turret at " + to_string(at));
    return true;
  }
  return pause_key(g, e.pressed);
}

// ---- fire ----

void fire::enter(game& g) {
  field_ = &owner_below<siege_round>(g).field();
  g.report("round " + std::to_string(field_->round) + ": " + std::to_string(field_->ships.size()) +
           " ships on the horizon");
}

void fire::update(game& g, double dt) {
  left_ -= dt;
  cooldown_ = std::max(0.0, cooldown_ - dt);
  for (siege_field::ship* s : field_->fleet()) {
    s->sail += dt;
    if (s->sail >= 1.0 && s->at.x > siege_field::shore + 1) {
      s->sail = 0;
      --s->at.x;
    }
    s->reload -= dt;
    if (s->reload <= 0) {
      s->reload = 1.5 + 0.25 * g.chance.below(6);
      std::vector<siege_field::wall*> standing;
      for (siege_field::wall& w : field_->walls) {
        if (w.intact) {
          standing.push_back(&w);
        }
      }
      if (!standing.empty()) {
        siege_field::wall* hit =
            standing[static_cast<std::size_t>(g.chance.below(static_cast<int>(standing.size())))];
        hit->intact = false;
        ++field_->walls_lost;
        g.play(effect::hit);
        g.report("wall hit at " + to_string(hit->at));
      }
    }
  }
  if (left_ <= 0 || field_->fleet().empty()) {
    g.report("cease fire: " + std::to_string(field_->sunk) + " sunk");
    g.states.pop();
  }
}

void fire::draw(game& g) const {
  const auto ships = std::as_const(*field_).fleet();
  std::optional<point> cursor;
  if (!ships.empty()) {
    cursor = ships[static_cast<std::size_t>(target_) % ships.size()]->at;
  }
  if (field_->turrets.empty()) {
    draw_field(g, *field_, "fire (no turrets)", left_, cursor);
    draw_help(g, "no turret placed: nothing fires this round  P: pause");
    return;
  }
  draw_field(g, *field_, cooldown_ > 0 ? "fire (reloading)" : "fire", left_, cursor);
  draw_help(g, "arrows: pick a ship  Enter: fire  P: pause");
}

bool fire::handle(game& g, const input_event& e) {
  if (cycle(e.pressed, target_, static_cast<int>(field_->fleet().size()))) {
    return true;
  }
  if (e.pressed == key::confirm) {
    shoot(g);
    return true;
  }
  return pause_key(g, e.pressed);
}

// Every turret fires once per volley; more turrets reload faster.
void fire::shoot(game& g) {
  const auto ships = field_->fleet();
  if (field_->turrets.empty()) {
    g.report("no turret to fire from"); // the screen says so too, for as long as it lasts
    return;
  }
  if (ships.empty() || cooldown_ > 0) {
    return;
  }
  cooldown_ = 2.0 / static_cast<double>(field_->turrets.size());
  siege_field::ship* target = ships[static_cast<std::size_t>(target_) % ships.size()];
  g.play(effect::shot);
  if (g.chance.chance(70)) {
    target->afloat = false;
    g.play(effect::blast);
    ++field_->sunk;
    field_->score += 100;
    target_ = 0;
    g.report("ship sunk at " + to_string(target->at));
  } else {
    g.report("miss at " + to_string(target->at));
  }
}

// ---- rebuild ----

namespace {

// The fleet may open any number of gaps (a ship fires every 1.5 to 2.75 s through the 10 s of
// fire, about five gaps from each ship left afloat), and a single gap left open loses the keep.
// With a fixed stock of bricks the last round was lost by chance to one wall more than the stock,
// every ship sunk or not; so every gap gets its brick, and what the player must do is lay them
// in time: 2 s to start plus half a second a brick is a steady press every half second, slow
// enough for anyone who tries and still a real loss for a player who stops.
double rebuild_seconds(std::size_t gaps) {
  return 2.0 + 0.5 * static_cast<double>(gaps);
}

} // namespace

void rebuild::enter(game& g) {
  field_ = &owner_below<siege_round>(g).field();
}

// Focus comes again after a pause menu pops; the time is set once, when the phase first plays.
void rebuild::focus(game& g) {
  if (!left_.has_value()) {
    const std::size_t gaps = field_->broken_walls().size();
    left_ = rebuild_seconds(gaps);
    g.report("rebuild: one brick for each of " + std::to_string(gaps) + " gaps");
  }
}

void rebuild::update(game& g, double dt) {
  *left_ -= dt;
  if (*left_ <= 0 || field_->broken_walls().empty()) {
    g.report("rebuilding done: " + std::to_string(field_->broken_walls().size()) + " gaps left");
    g.states.pop();
  }
}

void rebuild::draw(game& g) const {
  const auto broken = std::as_const(*field_).broken_walls();
  std::optional<point> cursor;
  if (!broken.empty()) {
    cursor = broken[static_cast<std::size_t>(pick_) % broken.size()]->at;
  }
  draw_field(g, *field_, "rebuild (" + std::to_string(broken.size()) + " bricks)",
             left_.value_or(rebuild_seconds(broken.size())), cursor);
  draw_help(g, "arrows: pick a gap  Enter: rebuild  P: pause");
}

bool rebuild::handle(game& g, const input_event& e) {
  const auto broken = field_->broken_walls();
  if (cycle(e.pressed, pick_, static_cast<int>(broken.size()))) {
    return true;
  }
  if (e.pressed == key::confirm && !broken.empty()) {
    siege_field::wall* gap = broken[static_cast<std::size_t>(pick_) % broken.size()];
    gap->intact = true;
    ++field_->rebuilt;
    pick_ = 0;
    g.report("wall rebuilt at " + to_string(gap->at));
    return true;
  }
  return pause_key(g, e.pressed);
}

// ---- round_summary ----

void round_summary::enter(game& g) {
  field_ = &owner_below<siege_round>(g).field();
}

void round_summary::update(game& g, double dt) {
  if (!tallied_) {
    tallied_ = true;
    const int standing =
        static_cast<int>(std::count_if(field_->walls.begin(), field_->walls.end(),
                                       [](const siege_field::wall& w) { return w.intact; }));
    field_->score += standing * 10;
    g.report("round " + std::to_string(field_->round) + ": " + std::to_string(field_->sunk) +
             " sunk, " + std::to_string(field_->walls_lost) + " walls lost, " +
             std::to_string(field_->rebuilt) + " rebuilt" +
             (field_->breached() ? ", the keep is breached" : ", the keep holds"));
  }
  left_ -= dt;
  if (left_ <= 0) {
    g.states.pop();
  }
}

void round_summary::draw(game& g) const {
  draw_field(g, *field_, "summary", left_, std::nullopt);
  canvas& on = *g.screen;
  const int w = 36;
  const int x = (on.width() - w) / 2;
  const int y = 5;
  const style look{color::white, color::magenta};
  panel(on, x, y, w, 7, "round " + std::to_string(field_->round), look);
  text(on, x + 2, y + 2, "ships sunk   " + std::to_string(field_->sunk), look);
  text(on, x + 2, y + 3, "walls lost   " + std::to_string(field_->walls_lost), look);
  text(on, x + 2, y + 4, "rebuilt      " + std::to_string(field_->rebuilt), look);
  text(on, x + 2, y + 5, field_->breached() ? "BREACHED" : "the keep holds",
       style{color::yellow, color::magenta, true});
  draw_help(g, "the next round starts in a moment");
}

bool round_summary::handle(game& g, const input_event& e) {
  return pause_key(g, e.pressed);
}

} // namespace demo
