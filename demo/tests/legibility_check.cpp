// demo/tests/legibility_check.cpp: plays scripts headless and checks every frame's cells: a
// character drawn in the colour of its own background cannot be read, and in a terminal black
// on black is colour pair 0, the terminal's default, which shows it brighter than anything.
//   strata-demo-legibility-check SCRIPT.keys...
#include <cstdio>
#include <string>

#include "replay.hpp"

namespace {

// The first illegible cell of a run, or an empty string.
std::string first_illegible(const demo::script& inputs) {
  demo::cell_grid screen(80, 25);
  std::string found;
  demo::testing::replay(inputs, screen, [&](std::size_t frame) {
    for (int y = 0; y < screen.height(); ++y) {
      for (int x = 0; x < screen.width(); ++x) {
        const demo::cell& c = screen.at(x, y);
        if (c.ch != ' ' && c.look.fg == c.look.bg) {
          found = "frame " + std::to_string(frame) + ", cell (" + std::to_string(x) + "," +
                  std::to_string(y) + ") '" + std::string(1, c.ch) + "' in row \"" + screen.row(y) +
                  "\"";
          return false;
        }
      }
    }
    return true;
  });
  return found;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SCRIPT.keys...: no script to check\n", argv[0]);
    return 2;
  }
  int failed = 0;
  for (int i = 1; i < argc; ++i) {
    std::string error;
    const auto inputs = demo::testing::read_script(argv[i], error);
    if (!inputs) {
      std::fprintf(stderr, "%s: %s\n", argv[i], error.c_str());
      return 2;
    }
    if (const std::string where = first_illegible(*inputs); !where.empty()) {
      std::fprintf(stderr, "%s: drawn in the colour of its background at %s\n", argv[i],
                   where.c_str());
      ++failed;
    }
  }
  return failed == 0 ? 0 : 1;
}
