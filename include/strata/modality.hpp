// strata/modality.hpp: what a state lets through to the states below it.
#pragma once

#include <string_view>

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

// The preset's name ("freeze"), or for the three mixes no preset names, the switches that are on
// ("update+input"). The words of the snapshot text (R34) and of the inspectors (R36).
constexpr std::string_view to_string(const modality& m) {
  constexpr std::string_view by_switches[2][2][2] = {
      // [update_below][draw_below][input_below]
      {{"opaque", "input"}, {"freeze", "draw+input"}},
      {{"screen", "update+input"}, {"live", "transparent"}}};
  return by_switches[m.update_below ? 1 : 0][m.draw_below ? 1 : 0][m.input_below ? 1 : 0];
}

} // namespace strata
