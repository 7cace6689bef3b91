// demo/game/fade.hpp: how a state's transition (R33) shows on the canvas. A state whose draw
// takes a `const strata::presence&` draws inside a `faded` scope made from it: what it draws
// shows at its presence, and what was drawn below it fades out, dims or stays as it arrives.
// Every front end renders the cells' opacity in its own way (alpha in the window, dimming steps
// in the terminal), so the states say nothing about how.
#pragma once

#include <strata/transition.hpp>

#include "canvas.hpp"

namespace demo {

// What the screen below a state does while the state arrives (and undoes while it leaves).
enum class below : unsigned char {
  fades, // the state hides it: the two cross-fade
  dims,  // an overlay that stops it: it dims, to the dimmed look once the state is fully there
  stays, // a live overlay: it stays as it is
};

// The opacity of a cell at the dimmed look: the window draws dimmed cells a third as bright, so
// dimming by fading towards it meets that look when the overlay is fully there.
inline constexpr float dimmed_opacity = 1.0F / 3.0F;

class faded {
public:
  faded(canvas& on, const strata::presence& shown, below under);
  faded(const faded&) = delete;
  faded& operator=(const faded&) = delete;
  // Whatever is drawn after the state (the stack overlay, the states above) is opaque again.
  ~faded() { on_.set_opacity(1.0F); }

private:
  canvas& on_;
};

} // namespace demo
