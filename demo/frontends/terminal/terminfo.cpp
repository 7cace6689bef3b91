// demo/frontends/terminal/terminfo.cpp: terminfo, read without starting ncurses.
#include "terminfo.hpp"

#include <curses.h>
#include <term.h>
#include <unistd.h>

namespace demo {

bool terminal_can_address_cursor() {
  int status = 0;
  if (setupterm(nullptr, STDOUT_FILENO, &status) != OK) {
    return false;
  }
  const char* move = tigetstr("cup");
  const bool can = move != nullptr && move != reinterpret_cast<const char*>(-1);
  del_curterm(cur_term);
  return can;
}

} // namespace demo
