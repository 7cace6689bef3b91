// demo/frontends/sdl/sdl_frontend.cpp: SDL2 input and drawing around the session.
#include "sdl_frontend.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <SDL.h>
#include <SDL_ttf.h>

#include "../../game/session.hpp"
#include "glyphs.hpp"
#ifdef STRATA_DEMO_HAS_INSPECTOR
#include "inspector_layer.hpp"
#endif
#include "palette.hpp"
#include "sdl_audio.hpp"
#include "tiles.hpp"

namespace demo {
namespace {

constexpr int columns = 80;
constexpr int rows = 25;
constexpr int point_size = 16;

std::optional<key> translate(SDL_Keycode code) {
  switch (code) {
  case SDLK_UP:
  case SDLK_w: return key::up;
  case SDLK_DOWN:
  case SDLK_s: return key::down;
  case SDLK_LEFT:
  case SDLK_a: return key::left;
  case SDLK_RIGHT:
  case SDLK_d: return key::right;
  case SDLK_RETURN:
  case SDLK_KP_ENTER:
  case SDLK_SPACE: return key::confirm;
  case SDLK_ESCAPE: return key::back;
  case SDLK_p: return key::pause;
  case SDLK_i: return key::inventory;
  case SDLK_TAB: return key::overlay;
  case SDLK_y: return key::yes;
  case SDLK_n: return key::no;
  case SDLK_q: return key::quit;
  default: return std::nullopt;
  }
}

// One cell's layer at the cell whose top left pixel is (x, y), blended by its opacity over what
// is drawn there already.
void draw_cell(SDL_Renderer* renderer, const glyphs& font, const tile_sheet& tiles, const cell& c,
               int x, int y) {
  const Uint8 alpha = alpha_of(c.opacity);
  if (alpha == 0) {
    return; // nothing drawn, or faded out
  }
  // A tile's picture is the whole cell, its own background too: where it is transparent the
  // game's black shows, not the colour behind the tile's letter.
  if (c.picture != tile::none) {
    tiles.draw(renderer, x, y, c.picture, c.dim, alpha);
    return;
  }
  if (c.look.bg != color::black) {
    const SDL_Color bg = background_colour(c.look.bg, c.dim);
    SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, alpha);
    const SDL_Rect box{x, y, font.cell_width(), font.cell_height()};
    SDL_RenderFillRect(renderer, &box);
  }
  if (c.ch != ' ') {
    SDL_Color ink = text_colour(c.look.fg, c.look.bold, c.dim);
    ink.a = alpha;
    font.draw(renderer, x, y, c.ch, ink, c.look.bold);
  }
}

void render(SDL_Renderer* renderer, const glyphs& font, const tile_sheet& tiles,
            const cell_grid& screen) {
  SDL_SetRenderDrawColor(renderer, letterbox_colour.r, letterbox_colour.g, letterbox_colour.b, 255);
  SDL_RenderClear(renderer); // the whole window, bars included
  SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255);
  SDL_RenderFillRect(renderer, nullptr); // the game's own area
  // A cell of a state arriving or leaving (R33) is blended over what it was drawn over, and
  // that over the black.
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
  const int w = font.cell_width();
  const int h = font.cell_height();
  for (int y = 0; y < screen.height(); ++y) {
    for (int x = 0; x < screen.width(); ++x) {
      draw_cell(renderer, font, tiles, screen.under(x, y), x * w, y * h);
      draw_cell(renderer, font, tiles, screen.at(x, y), x * w, y * h);
    }
  }
}

// The whole window as it is, bars included: scaling is switched off for the read (the frame is
// already drawn), so the read covers every pixel rather than the game's area.
bool save_screenshot(SDL_Renderer* renderer, const std::string& path) {
  SDL_RenderSetLogicalSize(renderer, 0, 0);
  int w = 0;
  int h = 0;
  SDL_GetRendererOutputSize(renderer, &w, &h);
  SDL_Surface* shot = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
  if (shot == nullptr) {
    return false;
  }
  const bool ok = SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, shot->pixels,
                                       shot->pitch) == 0 &&
                  SDL_SaveBMP(shot, path.c_str()) == 0;
  SDL_FreeSurface(shot);
  return ok;
}

// Owns SDL's subsystems and the window for one run; frees them in reverse on every path.
struct sdl_run {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  std::unique_ptr<glyphs> font;
  std::unique_ptr<tile_sheet> tiles;

  sdl_run() = default;
  sdl_run(const sdl_run&) = delete;
  sdl_run& operator=(const sdl_run&) = delete;
  ~sdl_run() {
    tiles.reset();
    font.reset();
    if (renderer != nullptr) {
      SDL_DestroyRenderer(renderer);
    }
    if (window != nullptr) {
      SDL_DestroyWindow(window);
    }
    TTF_Quit();
    SDL_Quit();
  }

  // The game is drawn at the size of its 80x25 cells and scaled to the window: by a whole
  // factor, letterboxed, when the window holds it at least once (crisp glyphs), smoothly down
  // when the window is smaller.
  void fit() {
    int w = 0;
    int h = 0;
    SDL_GetRendererOutputSize(renderer, &w, &h);
    const bool holds_it = w >= columns * font->cell_width() && h >= rows * font->cell_height();
    SDL_RenderSetIntegerScale(renderer, holds_it ? SDL_TRUE : SDL_FALSE);
  }

  bool open(const std::string& font_path, int width, int height, std::string& error) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
      error = std::string("cannot start SDL: ") + SDL_GetError();
      return false;
    }
    // With no display SDL falls back on its offscreen or dummy driver without a word: the
    // window would exist nowhere while the game runs. Only a driver asked for by name may be one
    // of those (SDL_VIDEODRIVER=offscreen, for screenshots on a machine without a display).
    const char* driver = SDL_GetCurrentVideoDriver();
    const char* asked = SDL_getenv("SDL_VIDEODRIVER");
    const std::string_view name = driver != nullptr ? driver : "";
    if ((name == "offscreen" || name == "dummy") && (asked == nullptr || *asked == '\0')) {
      error = "no display to open a window on (SDL found only its '" + std::string(name) +
              "' video driver: is DISPLAY or WAYLAND_DISPLAY set?); play in the terminal, or "
              "run under xvfb-run";
      return false;
    }
    window = SDL_CreateWindow("strata demo", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 640,
                              400, SDL_WINDOW_HIDDEN | SDL_WINDOW_RESIZABLE);
    renderer = window == nullptr ? nullptr : SDL_CreateRenderer(window, -1, 0);
    if (renderer == nullptr) {
      error = std::string("cannot open a window: ") + SDL_GetError();
      return false;
    }
    font = std::make_unique<glyphs>();
    tiles = std::make_unique<tile_sheet>();
    if (!font->load(renderer, font_path, point_size, error) ||
        !tiles->load(renderer, font->cell_width(), font->cell_height(), error)) {
      return false;
    }
    const int game_w = columns * font->cell_width();
    const int game_h = rows * font->cell_height();
    SDL_RenderSetLogicalSize(renderer, game_w, game_h);
    SDL_SetWindowSize(window, width > 0 ? width : game_w, height > 0 ? height : game_h);
    SDL_SetWindowPosition(window, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED);
    SDL_ShowWindow(window);
    fit();
    return true;
  }
};

} // namespace

int run_sdl(const sdl_options& options) {
  sdl_run sdl;
  std::string error;
  if (!sdl.open(options.font.empty() ? std::string(STRATA_DEMO_FONT) : options.font,
                options.window_width, options.window_height, error)) {
    std::fprintf(stderr, "strata-demo: %s\n", error.c_str());
    return 1;
  }
  // The inspector's history and scrubber read the recorder: an SDL2 run is always traced.
  session run(options.seed, options.scores, options.saves.continuing, true);
  if (options.keys) {
    run.wait_for_loads_each_frame(); // a script replays frame for frame
  }
  sdl_audio sound(options.keys.has_value());
#ifdef STRATA_DEMO_HAS_INSPECTOR
  inspector_layer inspector(sdl.window, sdl.renderer, run, options.inspector);
#endif
  cell_grid screen(columns, rows);
  std::vector<input_event> events;
  std::size_t scripted = 0;
  bool closed = false;
  // A player's frames keep to a grid of exactly frame_seconds (33.3 ms, where whole milliseconds
  // would give 30.3 frames a second and the sound would run ahead of the device).
  double next_frame_ms = static_cast<double>(SDL_GetTicks64());
  while (!closed && run.running()) {
    events.clear();
    for (SDL_Event e; SDL_PollEvent(&e) != 0;) {
#ifdef STRATA_DEMO_HAS_INSPECTOR
      if (inspector.take(e)) {
        continue;
      }
#endif
      if (e.type == SDL_QUIT) {
        closed = true;
      } else if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        sdl.fit();
      } else if (e.type == SDL_WINDOWEVENT && e.window.event == SDL_WINDOWEVENT_FOCUS_LOST &&
                 !options.keys) {
        events.push_back({key::unfocus}); // what runs pauses while the player is elsewhere
      } else if (e.type == SDL_KEYDOWN && !options.keys) {
        if (const auto pressed = translate(e.key.keysym.sym)) {
          events.push_back({*pressed});
        }
      }
    }
    if (options.keys) {
      if (scripted == options.keys->frames.size()) {
        break;
      }
      if (const auto& pressed = options.keys->frames[scripted++]) {
        events.push_back({*pressed});
      }
    }
    const double song_before = run.music().song_seconds();
#ifdef STRATA_DEMO_HAS_INSPECTOR
    if (inspector.lets_frame_run()) {
      run.step(events, screen); // held by the inspector's Pause, the last frame stays on screen
    }
#else
    run.step(events, screen);
#endif
    sound.frame(song_before, run.music().song_seconds(), run.effects());
    render(sdl.renderer, *sdl.font, *sdl.tiles, screen);
#ifdef STRATA_DEMO_HAS_INSPECTOR
    inspector.draw();
#endif
    SDL_RenderPresent(sdl.renderer);
    // A script plays as fast as it can; a player gets the game's own pace.
    if (!options.keys) {
      next_frame_ms += frame_seconds * 1000;
      const auto now = static_cast<double>(SDL_GetTicks64());
      if (now < next_frame_ms) {
        SDL_Delay(static_cast<Uint32>(next_frame_ms - now));
      } else {
        next_frame_ms = now; // late (a stall): the grid starts again from here
      }
    }
  }
  sound.finish();
  keep_saved_game(options.saves.save_to, run.saved_game());
  run.keep_trace(options.trace);
  if (options.keys) {
    for (const std::string& line : run.log().lines()) {
      std::printf("%s\n", line.c_str());
    }
  }
  if (!options.screenshot.empty()) {
    // Read back before presenting: what a renderer holds after a present is undefined.
    render(sdl.renderer, *sdl.font, *sdl.tiles, screen);
#ifdef STRATA_DEMO_HAS_INSPECTOR
    inspector.draw();
#endif
    if (!save_screenshot(sdl.renderer, options.screenshot)) {
      std::fprintf(stderr, "strata-demo: cannot save %s: %s\n", options.screenshot.c_str(),
                   SDL_GetError());
      return 1;
    }
  }
  return 0;
}

} // namespace demo
