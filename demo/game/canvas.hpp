// demo/game/canvas.hpp: the grid of coloured character cells that states draw on and that each
// front end (terminal, SDL window, headless) presents in its own way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tiles.hpp"

namespace demo {

enum class color : std::uint8_t { black, red, green, yellow, blue, magenta, cyan, white };

struct style {
  color fg = color::white;
  color bg = color::black;
  bool bold = false;

  friend constexpr bool operator==(const style&, const style&) = default;
};

struct cell {
  char ch = ' ';
  style look;
  bool dim = false;          // pushed into the background by an overlay
  tile picture = tile::none; // drawn as this picture by a front end that has pictures
  // How much of the cell shows over what is below it, from 0 (none) to 1: below 1 while the state
  // that drew it arrives or leaves (R33), or while what covers it arrives (fade.hpp).
  float opacity = 1.0F;

  friend constexpr bool operator==(const cell&, const cell&) = default;
};

// The cell a tile puts on a canvas: its picture, and the letter and colours it shows as text.
[[nodiscard]] cell tile_cell(tile kind);

// What states draw on. Drawing outside the grid is ignored, so states never clip by hand.
class canvas {
public:
  canvas() = default;
  canvas(const canvas&) = default;
  canvas& operator=(const canvas&) = default;
  virtual ~canvas() = default;

  [[nodiscard]] virtual int width() const = 0;
  [[nodiscard]] virtual int height() const = 0;
  virtual void put(int x, int y, char ch, style look) = 0;
  // A wall, the player, a ship...: shown as a picture by a front end that has one, as the tile's
  // letter by the others. Text put over it later replaces the picture too.
  virtual void put_tile(int x, int y, tile kind) = 0;
  // Dims everything drawn so far: how an overlay shows the world it stopped behind it.
  virtual void dim() = 0;
  // The opacity of the cells drawn from now on, until the next call (1 after clearing): what a
  // state arriving or leaving draws shows at its presence, blended over what is drawn there.
  // Each call starts a new layer: what the calls before it drew shows through.
  virtual void set_opacity(float opacity) = 0;
  // Multiplies the opacity of everything drawn so far by `keep`: the screen below one that
  // arrives fades out as it fades in.
  virtual void fade(float keep) = 0;
};

// The canvas every front end uses: cells in memory, read back when presenting. A cell drawn
// below full opacity keeps the cell an earlier layer drew there, to be blended under it: a
// character grid cannot mix two letters, but a front end can show the one over the other.
class cell_grid final : public canvas {
public:
  cell_grid(int width, int height);

  [[nodiscard]] int width() const override { return width_; }
  [[nodiscard]] int height() const override { return height_; }
  void put(int x, int y, char ch, style look) override;
  void put_tile(int x, int y, tile kind) override;
  void dim() override;
  void set_opacity(float opacity) override;
  void fade(float keep) override;

  void resize(int width, int height);
  void clear();
  [[nodiscard]] const cell& at(int x, int y) const;
  // What at(x, y) was drawn over while it fades: opacity 0 when nothing shows through.
  [[nodiscard]] const cell& under(int x, int y) const;
  // One row's characters, for text dumps and tests.
  [[nodiscard]] std::string row(int y) const;

private:
  void put_cell(int x, int y, const cell& c);

  int width_ = 0;
  int height_ = 0;
  std::vector<cell> cells_;
  std::vector<cell> under_;
  std::vector<unsigned> layer_; // which set_opacity() call drew each cell of cells_
  unsigned layer_now_ = 0;
  float opacity_ = 1.0F;
};

// ---- drawing helpers shared by all states ----

void text(canvas& on, int x, int y, std::string_view line, style look);
// Centred horizontally on the canvas.
void centered(canvas& on, int y, std::string_view line, style look);
void fill(canvas& on, int x, int y, int w, int h, char ch, style look);
// A framed, filled panel; its title sits in the top border.
void panel(canvas& on, int x, int y, int w, int h, std::string_view title, style look);
// A progress bar of `w` cells, `fraction` in [0, 1].
void bar(canvas& on, int x, int y, int w, double fraction, style look);

} // namespace demo
