// demo/game/states/boot.cpp: fake loading, the logo, and the music clock.
#include "boot.hpp"

#include <string>

#include "logo.hpp"
#include "title.hpp"

namespace demo {

void boot::enter(game& g) {
  // Loading times come from the seed, so a run replays exactly but seeds differ.
  for (asset& a : assets_) {
    a.seconds = 0.1 + 0.05 * g.chance.below(5);
  }
  g.report("loading " + std::to_string(assets_.size()) + " assets");
}

void boot::update(game& g, double dt) {
  shown_ += dt;
  if (loaded_ < assets_.size()) {
    loading_ += dt;
    if (loading_ >= assets_[loaded_].seconds) {
      loading_ = 0;
      ++loaded_;
    }
    return;
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
  const double total = static_cast<double>(assets_.size());
  const double done = (static_cast<double>(loaded_) +
                       (loaded_ < assets_.size() ? loading_ / assets_[loaded_].seconds : 0.0)) /
                      total;
  const int w = 30;
  bar(on, (on.width() - w - 2) / 2, top + 10, w, done, style{color::green});
  const std::string status = loaded_ < assets_.size()
                                 ? "loading " + std::string(assets_[loaded_].name) + "..."
                                 : std::string("ready");
  centered(on, top + 11, status, style{color::white});
}

void boot::exit(game& g) {
  g.report("system down after " + std::to_string(g.music.beats()) + " beats");
}

} // namespace demo
