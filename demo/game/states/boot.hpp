// demo/game/states/boot.hpp: the first state and the last one standing. It reads the level maps
// from the demo's data files on a worker (map_loader.hpp) behind a progress bar, shows the logo
// for a minimum time, opens the title (or, continuing a saved game, restores it above itself),
// and then stays at the bottom for the whole run as "system", driving the music clock from
// update_always, which runs whatever covers it: the music plays on under a freezing pause menu.
// Maps that cannot be read stop the game there: the screen says why, and any key quits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "../game.hpp"
#include "../map_loader.hpp"
#include "../saved_game.hpp"

namespace demo {

class boot {
public:
  static constexpr double logo_seconds = 1.5;

  // `continuing`: the saved game to continue once loaded, instead of opening the title.
  explicit boot(std::optional<continuation> continuing = {})
      : continuing_(std::move(continuing)) {}

  // Named by what it does now: "boot" while loading, "system" once it has become the base.
  [[nodiscard]] std::string_view name() const { return booted_ ? "system" : "boot"; }

  // The saved game's text while it waits for the loading to end, else null: a quit before then
  // must keep it as it is, not save the loading screen in its place.
  [[nodiscard]] const std::string* waiting_to_continue() const {
    return continuing_ && continuing_->text ? &*continuing_->text : nullptr;
  }

  void enter(game& g);
  void update(game& g, double dt);
  void update_always(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);
  void exit(game& g);

private:
  void open(game& g);

  map_loader maps_;
  std::uint64_t started_at_ = 0; // the frame the maps' load started in
  bool loaded_ = false;
  std::string failure_; // why the maps could not be read; the game cannot go on
  double shown_ = 0;    // time the logo has been on screen
  bool booted_ = false;
  std::optional<continuation> continuing_;
};

} // namespace demo
