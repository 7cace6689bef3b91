// demo/game/states/boot.cpp: reading the maps behind the logo, and the music clock.
#include "boot.hpp"

#include <string>

#include "logo.hpp"
#include "title.hpp"

namespace demo {

void boot::enter(game& g) {
  g.report("reading " + std::to_string(level_map_files.size()) + " level maps");
  maps_.start(g.loads, maps_directory());
  started_at_ = g.clock.frame;
}

void boot::update(game& g, double dt) {
  shown_ += dt;
  if (!failure_.empty()) {
    return;
  }
  if (!loaded_) {
    // Taken from the frame after the one the load started in, never in that frame: a fast
    // worker could have ended by its update or not, and a replay must not depend on which (a
    // scripted run waits for the load at the end of each frame: session.hpp).
    if (g.clock.frame == started_at_ || !maps_.ended()) {
      return;
    }
    map_loader::result read = maps_.take();
    if (!read.problem.empty()) {
      failure_ = read.problem;
      g.report("cannot read the level maps: " + failure_);
      return;
    }
    g.maps = std::move(read.maps);
    loaded_ = true;
  }
  if (!booted_ && shown_ >= logo_seconds) {
    booted_ = true;
    g.report("assets loaded; music starts");
    open(g);
  }
}

// The saved game if there is one to continue, else the title; if the saved game cannot be
// continued, the title says why in one line.
void boot::open(game& g) {
  if (!continuing_) {
    g.states.push<title>();
    return;
  }
  const std::string problem =
      continuing_->text ? continue_game(g, *continuing_->text) : continuing_->unreadable;
  continuing_.reset();
  if (problem.empty()) {
    g.report("continuing the saved game");
    return;
  }
  const std::string notice = "cannot continue: " + problem + "; a new game starts";
  g.report(notice);
  g.states.push<title>(notice);
}

// Every frame, on top or under anything: a freezing pause stops the game, not the music.
void boot::update_always(game& g, double dt) {
  if (booted_) {
    g.music.advance(dt);
  }
}

void boot::draw(game& g) const {
  canvas& on = *g.screen;
  const int top = on.height() / 2 - 6;
  draw_logo(on, top, style{color::cyan, color::black, true});
  centered(on, top + 7, "a game of stacked states", style{color::white});
  if (!failure_.empty()) {
    centered(on, top + 10, "cannot read the level maps:", style{color::red, color::black, true});
    centered(on, top + 11, failure_, style{color::red});
    centered(on, top + 13, "press any key to quit", style{color::white});
    return;
  }
  const int w = 30;
  bar(on, (on.width() - w - 2) / 2, top + 10, w, loaded_ ? 1.0 : maps_.progress(),
      style{color::green});
  centered(on, top + 11, loaded_ ? "ready" : "reading the level maps...", style{color::white});
}

// Only when the maps could not be read, and only while it is the top: any key quits.
bool boot::handle(game& g, const input_event& /*e*/) {
  if (failure_.empty()) {
    return false;
  }
  g.states.pop();
  return true;
}

void boot::exit(game& g) {
  g.report("system down after " + std::to_string(g.music.beats()) + " beats");
}

} // namespace demo
