// demo/game/states/title.cpp: the title screen.
#include "title.hpp"

#include <string>
#include <string_view>
#include <vector>

#include "../fade.hpp"
#include "hud.hpp"
#include "logo.hpp"
#include "quit_confirm.hpp"
#include "world.hpp"

namespace demo {
namespace {

// `notice` in lines of at most `width` characters, broken at spaces, anything but printable
// ASCII shown as '?' (it may quote a damaged file).
std::vector<std::string> wrapped(std::string_view notice, std::size_t width) {
  std::vector<std::string> lines(1);
  std::string_view rest = notice;
  while (!rest.empty()) {
    const std::size_t space = rest.find(' ');
    const std::string_view word = rest.substr(0, space);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
    if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width) {
      lines.emplace_back();
    }
    if (!lines.back().empty()) {
      lines.back() += ' ';
    }
    for (const char c : word) {
      lines.back() += c >= ' ' && c <= '~' ? c : '?';
    }
  }
  return lines;
}

} // namespace

void title::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::fades);
  canvas& on = *g.screen;
  const int top = on.height() / 2 - 7;
  draw_logo(on, top, style{color::yellow, color::black, true});
  centered(on, top + 6, "S T R A T A   Q U E S T", style{color::white, color::black, true});
  centered(on, top + 8, "every mode of this game is a state on one stack", style{color::cyan});
  if (static_cast<int>(blink_ * 2) % 2 == 0) {
    centered(on, top + 11, "press Enter to start", style{color::green, color::black, true});
  }
  int y = top + 13;
  for (const std::string& line : wrapped(notice_, static_cast<std::size_t>(on.width() - 4))) {
    centered(on, y++, line, style{color::yellow});
  }
  draw_help(g, "Enter: start   Tab: stack overlay   Q/Esc: quit");
}

bool title::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::confirm:
    notice_.clear();
    g.states.push<world>();
    return true;
  case key::quit:
  case key::back: g.states.push<quit_confirm>(); return true;
  default: return false;
  }
}

} // namespace demo
