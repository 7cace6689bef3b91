// demo/tests/fade_steps_check.cpp: what the terminal draws of a frame mid-transition (R33). It
// plays scripts/pause_fading.keys headless (the pause menu half faded in when it ends) and
// requires the terminal's step for the banner's title, as the terminal front end chooses it
// (fade_steps.hpp), to be A_DIM: not full (no transition) and not hidden.
//   strata-demo-fade-steps-check scripts/pause_fading.keys
#include <cstdio>
#include <string>

#include "../frontends/terminal/fade_steps.hpp"
#include "replay.hpp"

int main(int argc, char** argv) {
  const auto inputs = demo::testing::script_argument(argc, argv, "pause_fading.keys");
  if (!inputs) {
    return 2;
  }
  demo::cell_grid screen(80, 25);
  demo::testing::play_to_end(*inputs, screen);
  for (int y = 0; y < screen.height(); ++y) {
    const std::size_t x = screen.row(y).find("P A U S E D");
    if (x == std::string::npos) {
      continue;
    }
    const auto column = static_cast<int>(x);
    const demo::cell& shown = demo::shown_of(screen.at(column, y), screen.under(column, y));
    const demo::fade_step step = demo::fade_step_of(shown);
    std::printf("the banner's title at opacity %.2f: step %d (0 full, 1 dim, 2 hidden)\n",
                static_cast<double>(shown.opacity), static_cast<int>(step));
    return step == demo::fade_step::dim ? 0 : 1;
  }
  std::fprintf(stderr, "the pause banner is not on the last screen\n");
  return 1;
}
