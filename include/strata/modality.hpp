// strata/modality.hpp: what a state lets through to the states below it.
#pragma once

namespace strata {

// Three independent switches. A state reached by a pass lets that pass continue to the state
// below only if its switch for the pass is on. The top state is always reached.
struct modality {
  bool update_below = true; // states below get their covered update
  bool draw_below = false;  // states below are drawn (they show through)
  bool input_below = false; // events this state does not consume go on down

  // Presets for the cases games need; `screen` is the default for a state that declares none.
  static const modality screen;      // hides what is below, which keeps ticking covered
  static const modality opaque;      // hides and stops everything below
  static const modality freeze;      // overlay: world drawn but frozen (a pause menu)
  static const modality live;        // overlay: world drawn and still updating (a live menu)
  static const modality transparent; // lets everything through (a HUD, a toast)

  friend constexpr bool operator==(const modality&, const modality&) = default;
};

inline constexpr modality modality::screen{true, false, false};
inline constexpr modality modality::opaque{false, false, false};
inline constexpr modality modality::freeze{false, true, false};
inline constexpr modality modality::live{true, true, false};
inline constexpr modality modality::transparent{true, true, true};

} // namespace strata
