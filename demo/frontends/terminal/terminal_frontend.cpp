// demo/frontends/terminal/terminal_frontend.cpp: ncurses input and output around the session.
#include "terminal_frontend.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <curses.h>

#include "../../game/session.hpp"
#include "fade_steps.hpp"
#include "terminfo.hpp"

namespace demo {
namespace {

constexpr int min_width = 80;
constexpr int min_height = 24;
// How far behind its schedule the loop may fall and still catch up, frame after frame.
constexpr auto max_lag = std::chrono::milliseconds(250);

volatile std::sig_atomic_t interrupted = 0;

// Only a flag: the loop notices it within a frame and restores the terminal with endwin()
// outside the handler, where calling ncurses is safe.
extern "C" void on_interrupt(int /*signal*/) {
  interrupted = 1;
}

std::optional<key> translate(int ch) {
  switch (ch) {
  // Both cases, as for every letter below: Caps Lock must not stop the player.
  case KEY_UP:
  case 'w':
  case 'W': return key::up;
  case KEY_DOWN:
  case 's':
  case 'S': return key::down;
  case KEY_LEFT:
  case 'a':
  case 'A': return key::left;
  case KEY_RIGHT:
  case 'd':
  case 'D': return key::right;
  case '\n':
  case '\r':
  case ' ':
  case KEY_ENTER: return key::confirm;
  case 27: return key::back;
  case 'p':
  case 'P': return key::pause;
  case 'i':
  case 'I': return key::inventory;
  case '\t': return key::overlay;
  case 'y':
  case 'Y': return key::yes;
  case 'n':
  case 'N': return key::no;
  case 'q':
  case 'Q': return key::quit;
  default: return std::nullopt;
  }
}

short curses_color(color c) {
  switch (c) {
  case color::black: return COLOR_BLACK;
  case color::red: return COLOR_RED;
  case color::green: return COLOR_GREEN;
  case color::yellow: return COLOR_YELLOW;
  case color::blue: return COLOR_BLUE;
  case color::magenta: return COLOR_MAGENTA;
  case color::cyan: return COLOR_CYAN;
  case color::white: return COLOR_WHITE;
  }
  return COLOR_WHITE;
}

// One pair per foreground/background combination; pair 0 stays the terminal's default.
short pair_of(style look) {
  return static_cast<short>(static_cast<int>(look.fg) * 8 + static_cast<int>(look.bg));
}

void set_up_colors() {
  if (!has_colors()) {
    return;
  }
  start_color();
  for (int fg = 0; fg < 8; ++fg) {
    for (int bg = 0; bg < 8; ++bg) {
      const style look{static_cast<color>(fg), static_cast<color>(bg)};
      const short pair = pair_of(look);
      if (pair > 0 && pair < COLOR_PAIRS) {
        init_pair(pair, curses_color(look.fg), curses_color(look.bg));
      }
    }
  }
}

bool fits() {
  return COLS >= min_width && LINES >= min_height;
}

void present(const cell_grid& screen) {
  if (!fits()) {
    erase();
    mvprintw(0, 0, "make the terminal at least %dx%d (it is %dx%d)", min_width, min_height, COLS,
             LINES);
    refresh();
    return;
  }
  // Without colours every cell has the terminal's default pair, and a coloured background (the
  // logos' blocks, the selected place, a panel) would vanish: reverse video keeps it apart.
  const bool colors = has_colors();
  const cell blank;
  for (int y = 0; y < screen.height(); ++y) {
    for (int x = 0; x < screen.width(); ++x) {
      const cell& drawn = shown_of(screen.at(x, y), screen.under(x, y));
      const fade_step step = fade_step_of(drawn);
      const cell& c = step == fade_step::hidden ? blank : drawn;
      chtype attributes = COLOR_PAIR(pair_of(c.look));
      attributes |= !colors && c.look.bg != color::black ? A_REVERSE : A_NORMAL;
      attributes |= c.look.bold ? A_BOLD : A_NORMAL;
      attributes |= step == fade_step::dim ? A_DIM : A_NORMAL;
      // The bottom-right cell reports an error after drawing (the cursor cannot move on).
      mvaddch(y, x, static_cast<chtype>(static_cast<unsigned char>(c.ch)) | attributes);
    }
  }
  refresh();
}

} // namespace

int run_terminal(std::uint64_t seed, kept_scores scores, continue_files saves,
                 const std::string& trace) {
  if (!terminal_can_address_cursor()) {
    const char* name = std::getenv("TERM");
    std::fprintf(stderr,
                 "strata-demo: the terminal '%s' cannot move its cursor, so the game cannot be "
                 "drawn; use a full-screen terminal (TERM=xterm-256color, for one), --sdl, or "
                 "--tour to watch the scripted tour\n",
                 name != nullptr ? name : "");
    return 1;
  }
  SCREEN* terminal = newterm(nullptr, stdout, stdin);
  if (terminal == nullptr) {
    std::fprintf(stderr, "strata-demo: this terminal is not supported (TERM?)\n");
    return 1;
  }
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  std::signal(SIGHUP, on_interrupt); // the terminal closed: a quit too, and the game is saved
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  curs_set(0);
  set_escdelay(25);
  set_up_colors();

  session run(seed, std::move(scores), std::move(saves.continuing), !trace.empty());
  cell_grid screen(COLS, LINES);
  std::vector<input_event> events;
  const auto frame = std::chrono::duration<double>(frame_seconds);
  auto next = std::chrono::steady_clock::now();
  bool fitted = true;
  while (interrupted == 0 && run.running()) {
    events.clear();
    for (int ch = getch(); ch != ERR; ch = getch()) {
      if (ch == KEY_RESIZE) {
        screen.resize(COLS, LINES);
        clear();
      } else if (const auto pressed = translate(ch)) {
        events.push_back({*pressed});
      }
    }
    // Too small to draw the game, the terminal has lost the player: what runs pauses (once,
    // as the terminal shrinks), and keys typed blind are dropped.
    const bool fits_now = fits();
    if (!fits_now) {
      events.clear();
      if (fitted) {
        events.push_back({key::unfocus});
      }
    }
    fitted = fits_now;
    run.step(events, screen);
    present(screen);
    next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(frame);
    // After a stall (Ctrl-Z and fg, a busy machine) the game goes on from now: catching up all
    // the lost time at once would run its world in a burst, the clock jumping ahead.
    const auto now = std::chrono::steady_clock::now();
    if (now - next > max_lag) {
      next = now;
    }
    std::this_thread::sleep_until(next);
  }
  endwin();
  delscreen(terminal);
  keep_saved_game(saves.save_to, run.saved_game());
  run.keep_trace(trace);
  if (interrupted != 0) {
    std::fprintf(stderr, "strata-demo: interrupted\n");
    return 130;
  }
  return 0;
}

} // namespace demo
