// demo/game/states/pause.hpp: the pause menu, a freeze overlay: what is below stays drawn
// (dimmed) but gets no update or update_covered; only update_always goes on, so the music clock
// at the bottom keeps the beat.
#pragma once

#include <string_view>

#include "../game.hpp"

namespace demo {

class pause_menu {
public:
  // The type's name would clash with the pause hook of the states it covers.
  static constexpr std::string_view name = "pause";
  static constexpr strata::modality modality = strata::modality::freeze;
  // R33: the level dims as the menu fades in, and brightens as it fades out.
  static constexpr strata::transition transition{.arrive = 0.2F, .leave = 0.15F};

  void enter(game& g);
  void exit(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);
};

} // namespace demo
