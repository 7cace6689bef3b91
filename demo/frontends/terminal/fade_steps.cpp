// demo/frontends/terminal/fade_steps.cpp: the opacity of a cell cut into the terminal's steps.
#include "fade_steps.hpp"

namespace demo {

fade_step fade_step_of(const cell& c) {
  // The thresholds split the window's look in three: from a sixth of the colour, a cell can be
  // made out; below two thirds, it looks as dark as the dimmed look (a third of the colour) is
  // closer to than full colour.
  if (c.opacity < 1.0F / 6.0F) {
    return fade_step::hidden;
  }
  return c.dim || c.opacity < 2.0F / 3.0F ? fade_step::dim : fade_step::full;
}

const cell& shown_of(const cell& top, const cell& under) {
  const bool blank =
      under.ch == ' ' && under.look.bg == color::black && under.picture == tile::none;
  return top.opacity >= 0.5F || blank ? top : under;
}

} // namespace demo
