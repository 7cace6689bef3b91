// demo/game/states/logo.hpp: the STRATA logo, drawn by the boot screen and the title.
#pragma once

#include "../canvas.hpp"

namespace demo {

inline constexpr int logo_height = 5;
inline constexpr int logo_width = 41;

// Centred horizontally, rows top .. top + logo_height - 1, in solid blocks of look.fg.
void draw_logo(canvas& on, int top, style look);

} // namespace demo
