// demo/frontends/sdl/tile_art.cpp: the pictures. One letter per pixel: '.' is transparent, a
// lowercase letter is a colour's plain shade and an uppercase one its bright shade (k black,
// r red, g green, y yellow, b blue, m magenta, c cyan, w white). Each thing keeps the colour its
// letter has in the terminal, so both front ends tell the same story.
#include "tile_art.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <string_view>

#include "palette.hpp"

namespace demo {
namespace {

constexpr int art_w = 10;
constexpr int art_h = 19;

struct art {
  std::array<std::string_view, art_h> rows;
  bool repeats; // a wall: fills any cell with its pattern, so neighbours join
};

// In the order of the enum (tile::none has no picture and is never looked up).
constexpr std::array<art, tile_kinds> pictures{{
    {{}, false}, // none
    // wall: blue bricks lit from above, two courses offset by half a brick
    {{"kkkkkkkkkk", "kccccccccc", "kbbbbbbbbb", "kbbbbbbbbb", "kbbbbbbbbb", "kbbbbbbbbb",
      "kbbbbbbbbb", "kbbbbbbbbb", "kbbbbbbbbb", "kkkkkkkkkk", "ccccckcccc", "bbbbbkbbbb",
      "bbbbbkbbbb", "bbbbbkbbbb", "bbbbbkbbbb", "bbbbbkbbbb", "bbbbbkbbbb", "bbbbbkbbbb",
      "bbbbbkbbbb"},
     true},
    // gem: a cut cyan stone with a white glint
    {{"..........", "..........", "..........", "..........", "..........", "...CCCC...",
      "..CWCCCC..", ".CWCCCCCc.", ".cccccccc.", "..cCCCCc..", "...cCCc...", "....cc....",
      "..........", "..........", "..........", "..........", "..........", "..........",
      ".........."},
     false},
    // potion: a red flask with a cork
    {{"..........", "..........", "..........", "....yy....", "....WW....", "....WW....",
      "...W..W...", "..W....W..", ".WRRRRRRW.", ".WRWRRRRW.", ".WRRRRRRW.", ".WRRRRRRW.",
      "..WRRRRW..", "...WWWW...", "..........", "..........", "..........", "..........",
      ".........."},
     false},
    // door_locked: a red plank door with its yellow lock
    {{"..........", "...rrrr...", "..rRRRRr..", ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrRRr.",
      ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrYYr.", ".rRRRrYYr.", ".rRRRrRRr.",
      ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrRRr.", ".rRRRrRRr.", ".rrrrrrrr.",
      ".........."},
     false},
    // door_open: a green frame, the door swung back against it
    {{"..........", "...gggg...", "..gG...g..", ".gGG....g.", ".gGG....g.", ".gGG....g.",
      ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gGG....g.",
      ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gGG....g.", ".gggggggg.",
      ".........."},
     false},
    // player: a yellow adventurer
    {{"..........", "..........", "...YYYY...", "..YYYYYY..", "..YkYYkY..", "..YYYYYY..",
      "...YYYY...", "....YY....", ".YYYYYYYY.", "Y.YYYYYY.Y", "Y.YYYYYY.Y", "..YYYYYY..",
      "..yyyyyy..", "..YY..YY..", "..YY..YY..", "..YY..YY..", ".YYY..YYY.", "..........",
      ".........."},
     false},
    // goblin: small, red, pointed ears and yellow eyes
    {{"..........", "..........", "..........", "..........", "..........", ".R.RRRR.R.",
      "..RRRRRR..", "..RYRRYR..", "..RRRRRR..", "...RkkR...", "....RR....", "..RRRRRR..",
      ".R.RRRR.R.", "...RRRR...", "...R..R...", "..RR..RR..", "..........", "..........",
      ".........."},
     false},
    // chaser: a red ghost with white eyes that follow the player
    {{"..........", "..........", "..........", "...RRRR...", "..RRRRRR..", ".RRRRRRRR.",
      ".RWWRRWWR.", ".RWkRRWkR.", ".RRRRRRRR.", ".RRRRRRRR.", ".RRkkkkRR.", ".RRRRRRRR.",
      ".RRRRRRRR.", ".RRRRRRRR.", ".RR.RR.RR.", ".R..R...R.", "..........", "..........",
      ".........."},
     false},
    // boss: a horned red brute, the whole cell tall, yellow horns and eyes
    {{"..........", "Y........Y", "YY......YY", ".YY.RR.YY.", "..RRRRRR..", ".RRRRRRRR.",
      ".RYYRRYYR.", ".RRRRRRRR.", ".RRWWWWRR.", "..RRRRRR..", "RRRRRRRRRR", "R.RRRRRR.R",
      "R.RRRRRR.R", "Y.RRRRRR.Y", "..RRRRRR..", "..RR..RR..", "..RR..RR..", ".RRR..RRR.",
      ".........."},
     false},
    // rampart: a white stone wall with battlements
    {{"..........", "WW..WW..WW", "Ww..Ww..Ww", "Ww..Ww..Ww", "WWWWWWWWWW", "wwwwkwwwww",
      "wwwwkwwwww", "wwwwkwwwww", "wwwwkwwwww", "kkkkkkkkkk", "wkwwwwwkww", "wkwwwwwkww",
      "wkwwwwwkww", "wkwwwwwkww", "kkkkkkkkkk", "wwwwkwwwww", "wwwwkwwwww", "wwwwkwwwww",
      "wwwwkwwwww"},
     false},
    // rubble: what a ship's shot left of a wall, in red
    {{"..........", "..........", "..........", "..........", "..........", "..........",
      "..........", "..........", "..........", "..........", "..........", "....r.....",
      "...rrr..r.", "..rrRrrrrr", ".rrRrrRrr.", "rrrrrrrrrr", "rRrrrRrrRr", "rrrrrrrrrr",
      ".........."},
     false},
    // turret_slot: yellow corner marks where a turret may stand
    {{"..........", "..........", "..........", "..........", "..........", "..........",
      "..........", ".yy....yy.", ".y......y.", "..........", "..........", "..........",
      "..........", "..........", ".y......y.", ".yy....yy.", "..........", "..........",
      ".........."},
     false},
    // turret: a yellow tower with its gun towards the sea
    {{"..........", "..........", "..........", "..........", "..........", "..........",
      "..YYYY....", ".YYYYYYwww", ".YYYYYYwww", "..YYYY....", ".YYYYYY...", "YYYYYYYY..",
      "YyYyYyYY..", "YYYYYYYY..", "YYYYYYYY..", "YYYYYYYY..", "yyyyyyyy..", "..........",
      ".........."},
     false},
    // ship: a white sail and a red pennant on a wooden hull, riding the blue sea
    {{"..........", "....RR....", "....R.....", "....WW....", "....WWW...", "....WWWW..",
      "....WWWWW.", "....WWWWWW", "....WWWWW.", "....WWWW..", "....w.....", "....w.....",
      "yyyyyyyyyy", ".yyyyyyyy.", "..yyyyyy..", "bbbbbbbbbb", "BbbbBbbbBb", "bbbbbbbbbb",
      ".........."},
     false},
}};

constexpr bool every_picture_is_whole() {
  for (std::size_t kind = 1; kind < tile_kinds; ++kind) {
    for (std::string_view row : pictures[kind].rows) {
      if (row.size() != art_w) {
        return false;
      }
    }
  }
  return true;
}
static_assert(every_picture_is_whole(), "each picture has art_h rows of art_w letters");

std::optional<color> colour_of(char letter) {
  switch (std::tolower(static_cast<unsigned char>(letter))) {
  case 'k': return color::black;
  case 'r': return color::red;
  case 'g': return color::green;
  case 'y': return color::yellow;
  case 'b': return color::blue;
  case 'm': return color::magenta;
  case 'c': return color::cyan;
  case 'w': return color::white;
  default: return std::nullopt;
  }
}

} // namespace

std::optional<SDL_Color> tile_pixel(tile kind, int x, int y, int cell_w, int cell_h, bool dim) {
  const art& picture = pictures[static_cast<std::size_t>(kind)];
  int col = 0;
  int row = 0;
  if (picture.repeats) {
    col = x % art_w;
    row = y % art_h;
  } else {
    // Centred at the largest whole scale that fits, at least 1 (a smaller cell crops it).
    const int scale = std::max(1, std::min(cell_w / art_w, cell_h / art_h));
    const int dx = x - (cell_w - art_w * scale) / 2;
    const int dy = y - (cell_h - art_h * scale) / 2;
    if (dx < 0 || dy < 0 || dx >= art_w * scale || dy >= art_h * scale) {
      return std::nullopt;
    }
    col = dx / scale;
    row = dy / scale;
  }
  const char letter = picture.rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  const std::optional<color> c = colour_of(letter);
  if (!c) {
    return std::nullopt;
  }
  // The palette's text shades: bright is what bold text takes.
  return text_colour(*c, std::isupper(static_cast<unsigned char>(letter)) != 0, dim);
}

} // namespace demo
