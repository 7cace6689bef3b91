// demo/frontends/terminal/fade_steps.hpp: how the terminal shows a cell's opacity (a state
// arriving or leaving, R33). A terminal has no alpha, only its dim attribute: three steps.
#pragma once

#include "../../game/canvas.hpp"

namespace demo {

enum class fade_step : unsigned char {
  full,   // drawn as it is
  dim,    // drawn with A_DIM: half faded, or dimmed by an overlay
  hidden, // so faded that it shows as the black background
};

[[nodiscard]] fade_step fade_step_of(const cell& c);

// Of a cell and the one it fades over (cell_grid::under), the one shown: a terminal cannot blend
// two characters, so a cross-fade shows the old one until the new one is half there, unless the
// old one shows nothing (a blank on black).
[[nodiscard]] const cell& shown_of(const cell& top, const cell& under);

} // namespace demo
