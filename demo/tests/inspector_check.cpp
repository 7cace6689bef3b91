// demo/tests/inspector_check.cpp: checks a screenshot of the SDL2 front end for the stack
// inspector (F1, --inspector): Dear ImGui's dark style draws the title bar of the focused window
// in one blue, ImGui's own and no colour of the game's. SHOWN 1: a run of it at least 200 pixels
// long (the inspector's title bar); SHOWN 0: none longer than 20 (no inspector).
//   strata-demo-inspector-check FILE.bmp SHOWN
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include <SDL.h>

#include "screenshot_image.hpp"

namespace {

using demo::testing::pixel_at;
using demo::testing::rgb;

// ImGui's TitleBgActive in StyleColorsDark(): (0.16, 0.29, 0.48).
bool title_bar_blue(rgb c) {
  return std::abs(c.r - 41) <= 3 && std::abs(c.g - 74) <= 3 && std::abs(c.b - 122) <= 3;
}

int fail(const char* why) {
  std::fprintf(stderr, "inspector check: %s\n", why);
  return 1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::string_view(argv[2]) != "0" && std::string_view(argv[2]) != "1")) {
    return fail("usage: FILE.bmp SHOWN (0 or 1)");
  }
  SDL_Surface* image = demo::testing::load_screenshot(argv[1]);
  if (image == nullptr) {
    return fail(SDL_GetError());
  }
  int longest = 0;
  for (int y = 0; y < image->h; ++y) {
    int run = 0;
    for (int x = 0; x < image->w; ++x) {
      run = title_bar_blue(pixel_at(image, x, y)) ? run + 1 : 0;
      longest = std::max(longest, run);
    }
  }
  SDL_FreeSurface(image);
  const bool shown = std::string_view(argv[2]) == "1";
  std::printf("inspector check: the longest run of ImGui's title bar blue is %d pixels\n", longest);
  if (shown && longest < 200) {
    return fail("no inspector window in the screenshot");
  }
  if (!shown && longest > 20) {
    return fail("an inspector window in a screenshot that should have none");
  }
  return 0;
}
