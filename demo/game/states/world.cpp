// demo/game/states/world.cpp: choosing where to go, and remembering how it went.
#include "world.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../fade.hpp"
#include "../saved_fields.hpp"
#include "battle.hpp"
#include "hud.hpp"
#include "legend.hpp"
#include "level.hpp"
#include "level_loading.hpp"
#include "realm_safe.hpp"
#include "siege_round.hpp"

namespace demo {
namespace {

struct place {
  std::string_view label;
  std::string_view blurb;
  int x; // on the map drawing, from its left edge
  int y;
  // The label's row from the mark's: below, unless the road leaves the place downwards there
  // (the label and its " (done)" would cut it).
  int label_dy = 1;
};

constexpr std::array<place, 4> places{{
    {"Meadow", "arcade level: gems, goblins, a door", 4, 2},
    {"Caverns", "arcade level with a boss who talks", 16, 6},
    {"Rampart Keep", "siege: three rounds of turrets, fire, rebuild", 32, 3, -1},
    {"Orc Pass", "tactics battle: hits, counterattacks, fireballs", 46, 7},
}};

constexpr std::size_t siege_place = 2;
constexpr std::size_t battle_place = 3;

// A level's place: the one its map is named after.
std::size_t place_named(std::string_view label) {
  for (std::size_t i = 0; i < places.size(); ++i) {
    if (places[i].label == label) {
      return i;
    }
  }
  return 0; // every level map is a place of the map
}

constexpr int map_w = 60;

} // namespace

world::world(strata::record& saved)
    : selected_(get_int(saved, "selected", 0, static_cast<int>(places.size()) - 1)) {
  for (std::size_t i = 0; i < places.size(); ++i) {
    const std::string place = "place" + std::to_string(i + 1);
    records_[i].done = saved.get<bool>(place + ".done");
    records_[i].best = get_int(saved, place + ".best", 0, best_scores::max_score);
  }
}

void world::save(strata::record& out) const {
  out.set("selected", selected_);
  for (std::size_t i = 0; i < places.size(); ++i) {
    const std::string place = "place" + std::to_string(i + 1);
    out.set(place + ".done", records_[i].done);
    out.set(place + ".best", records_[i].best);
  }
}

void world::enter(game& g) {
  g.report("world map: 4 places");
}

void world::resume(game& g) {
  g.report("back on the map: " + std::to_string(places_done()) + "/4 places done");
}

// The top again, the mode that ended gone: once every place is done, the ending. It leaves to
// the title, taking this map with it, so it is shown once a run.
void world::focus(game& g) {
  if (places_done() < static_cast<int>(places.size())) {
    return;
  }
  std::vector<realm_safe::result> results;
  for (std::size_t i = 0; i < places.size(); ++i) {
    results.push_back({std::string(places[i].label), records_[i].best});
  }
  g.states.push<realm_safe>(std::move(results));
}

int world::places_done() const {
  return static_cast<int>(
      std::count_if(records_.begin(), records_.end(), [](const progress& r) { return r.done; }));
}

bool world::handle(game& g, const input_event& e) {
  const int count = static_cast<int>(places.size());
  switch (e.pressed) {
  case key::left:
  case key::up: selected_ = (selected_ + count - 1) % count; return true;
  case key::right:
  case key::down: selected_ = (selected_ + 1) % count; return true;
  case key::confirm: open(g, selected_); return true;
  case key::back:
  case key::quit: g.states.pop(); return true;
  default: return false;
  }
}

void world::open(game& g, int place) {
  switch (place) {
  case 0:
  case 1: {
    // Laid out in the background behind a loading screen (level_loading.hpp); the level then
    // takes the loading state's place, with the result it would have had pushed from here.
    const level_map& map = g.maps[static_cast<std::size_t>(place)];
    level_load_plan plan = level_load(g, map);
    plan.on_switch = [](loaded_level built) {
      std::move(built).on_exit(strata::to_below<&world::level_done>);
    };
    strata::push_loading<level, level_loading>(g.states, std::move(plan), map.name)
        .modality(strata::modality::freeze);
    break;
  }
  case siege_place:
    g.states.push<siege_round>().on_exit(strata::to_below<&world::siege_done>);
    break;
  default: g.states.push<battle>().on_exit(strata::to_below<&world::battle_done>); break;
  }
}

void world::level_done(game& g, level& finished) {
  remember(g, place_named(finished.title()), finished.result() == level::outcome::cleared,
           finished.score());
}

void world::siege_done(game& g, siege_round& finished) {
  remember(g, siege_place, finished.won(), finished.score());
}

void world::battle_done(game& g, battle& finished) {
  remember(g, battle_place, finished.won(), finished.score());
}

void world::remember(game& g, std::size_t place, bool done, int score) {
  progress& r = records_[place];
  r.done = r.done || done;
  r.best = std::max(r.best, score);
  g.best.record(places[place].label, score);
}

void world::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::fades);
  canvas& on = *g.screen;
  const int left = (on.width() - map_w) / 2;
  const int top = 3;
  centered(on, 0, "W O R L D   M A P", style{color::yellow, color::black, true});
  fill(on, left, top, map_w, 11, '.', style{color::green});
  // The road between the places, in the order they are listed.
  for (std::size_t i = 0; i + 1 < places.size(); ++i) {
    const place& a = places[i];
    const place& b = places[i + 1];
    for (int x = a.x; x <= b.x; ++x) {
      on.put(left + x, top + a.y, '=', style{color::yellow});
    }
    for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y) {
      on.put(left + b.x, top + y, '=', style{color::yellow});
    }
  }
  for (std::size_t i = 0; i < places.size(); ++i) {
    const place& p = places[i];
    const bool picked = static_cast<int>(i) == selected_;
    const progress& r = records_[i];
    // The picked place is told apart by its mark's shape too, for terminals without colours.
    const std::string number = std::to_string(i + 1);
    const std::string mark = picked ? ">" + number + "<" : "[" + number + "]";
    text(on, left + p.x - 1, top + p.y, mark,
         picked ? style{color::black, color::yellow, true} : style{color::white, color::red, true});
    text(on, left + p.x - 1, top + p.y + p.label_dy,
         std::string(p.label) + (r.done ? " (done)" : ""),
         style{picked ? color::yellow : color::white, color::green});
  }
  const place& p = places[static_cast<std::size_t>(selected_)];
  const progress& r = records_[static_cast<std::size_t>(selected_)];
  centered(on, top + 13, std::string(p.label) + ": " + std::string(p.blurb),
           style{color::white, color::black, true});
  // The best ever only where scores are kept between runs: a script's screen stays the same.
  const std::string ever =
      g.best.kept() ? "   best ever " + std::to_string(g.best.best(p.label).value_or(0)) : "";
  centered(on, top + 14, "best score " + std::to_string(r.best) + ever, style{color::cyan});
  draw_map_legend(on, top + 16);
  draw_help(g, "arrows: choose  Enter: go  Esc: title  Tab: stack");
}

} // namespace demo
