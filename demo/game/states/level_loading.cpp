// demo/game/states/level_loading.cpp: the loading screen, and the work it waits for.
#include "level_loading.hpp"

#include <memory>
#include <stop_token>
#include <utility>

#include "hud.hpp"

namespace demo {

void level_loading::enter(game& g) {
  g.report("loading " + name_);
}

// Not in the first update, in the frame the work started: what the worker has done by then
// depends on the machine, and a replay must draw the same frames everywhere (a scripted run
// waits for the work at the end of that frame: session.hpp).
void level_loading::update(game& /*g*/, double /*dt*/, strata::load_status& load) {
  if (updated_) {
    progress_ = load.progress;
  }
  updated_ = true;
}

// A panel over the world map, which stays drawn below (world.cpp pushes this as a freeze).
void level_loading::draw(game& g) const {
  canvas& on = *g.screen;
  const style look{color::white, color::blue};
  const int w = 40;
  const int top = on.height() / 2 - 4;
  panel(on, (on.width() - w) / 2, top, w, 9, "", look);
  centered(on, top + 2, "L O A D I N G", style{color::yellow, color::blue, true});
  centered(on, top + 3, name_, look);
  const int bar_w = 28;
  bar(on, (on.width() - bar_w - 2) / 2, top + 5, bar_w, progress_,
      style{color::green, color::blue});
  centered(on, top + 7, "Esc: back to the map", look);
}

// Every key stops here (the level is not there yet); Esc and Q go back to the map.
bool level_loading::handle(game& g, const input_event& e) {
  if (e.pressed == key::back || e.pressed == key::quit) {
    g.report("loading " + name_ + " cancelled");
    g.states.pop();
  }
  return true;
}

level_load_plan level_load(game& g, const level_map& map) {
  level_load_plan plan;
  plan.executor = &g.loads;
  plan.min_time = level_loading::min_seconds;
  // On the worker: it reads only the map, which the game never changes once read.
  plan.work = [&map](std::stop_token /*stop*/,
                     strata::load_progress& progress) -> level_load_plan::builder {
    auto layout = std::make_shared<level_layout>(
        lay_out(map, [&progress](double fraction) { progress.report(fraction); }));
    // On the game thread, when the switch is due.
    return [&map, layout](game& /*g*/) { return std::make_unique<level>(map, std::move(*layout)); };
  };
  return plan;
}

} // namespace demo
