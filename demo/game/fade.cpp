// demo/game/fade.cpp: a state's presence applied to the canvas.
#include "fade.hpp"

namespace demo {

faded::faded(canvas& on, const strata::presence& shown, below under)
    : on_(on) {
  const float amount = shown.value;
  switch (under) {
  case below::fades: on.fade(1.0F - amount); break;
  case below::dims:
    // canvas::dim() is the look the terminal and the window already had for a covered screen;
    // on the way there the cells fade towards it.
    if (amount >= 1.0F) {
      on.dim();
    } else {
      on.fade(1.0F - amount * (1.0F - dimmed_opacity));
    }
    break;
  case below::stays: break;
  }
  on.set_opacity(amount);
}

} // namespace demo
