// demo/game/states/logo.cpp: the logo's letters.
#include "logo.hpp"

#include <array>
#include <string_view>

namespace demo {

void draw_logo(canvas& on, int top, style look) {
  constexpr std::array<std::string_view, logo_height> rows{{
      " ####  #####  ####    ###   #####   ###  ",
      "#        #    #   #  #   #    #    #   # ",
      " ###     #    ####   #####    #    ##### ",
      "    #    #    #  #   #   #    #    #   # ",
      "####     #    #   #  #   #    #    #   # ",
  }};
  const int left = (on.width() - logo_width) / 2;
  for (int row = 0; row < logo_height; ++row) {
    const std::string_view line = rows[static_cast<std::size_t>(row)];
    for (int col = 0; col < static_cast<int>(line.size()); ++col) {
      if (line[static_cast<std::size_t>(col)] == '#') {
        on.put(left + col, top + row, ' ', style{look.bg, look.fg}); // a solid block
      }
    }
  }
}

} // namespace demo
