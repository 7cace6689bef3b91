// demo/game/overlay.hpp: the stack overlay: the live stack bottom to top with each entry's
// modality, and the last transitions with their frame numbers.
#pragma once

#include "canvas.hpp"
#include "game.hpp"
#include "history.hpp"

namespace demo {

// Its width, from the right edge of the screen.
inline constexpr int overlay_width = 40;

void draw_overlay(canvas& on, const strata::stack<game, input_event>& states, const history& past);

} // namespace demo
