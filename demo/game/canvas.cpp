// demo/game/canvas.cpp: the in-memory cell grid and the drawing helpers.
#include "canvas.hpp"

#include <algorithm>
#include <initializer_list>

namespace demo {

namespace {
// A cell nothing has been drawn on: fully transparent, so that it never shows through a cell
// drawn over it while that fades in.
constexpr cell nothing{' ', style{}, false, tile::none, 0.0F};
} // namespace

cell_grid::cell_grid(int width, int height) {
  resize(width, height);
}

void cell_grid::put(int x, int y, char ch, style look) {
  put_cell(x, y, cell{ch, look});
}

void cell_grid::put_tile(int x, int y, tile kind) {
  put_cell(x, y, tile_cell(kind));
}

void cell_grid::put_cell(int x, int y, const cell& c) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) {
    return;
  }
  const auto i = static_cast<std::size_t>(y * width_ + x);
  // An opaque cell hides what was there. A faded one shows it through, unless its own layer drew
  // it (a state writing text over its own panel): that is not below the state, but replaced.
  if (opacity_ >= 1.0F) {
    under_[i] = nothing;
  } else if (layer_[i] != layer_now_) {
    under_[i] = cells_[i];
  }
  cells_[i] = c;
  cells_[i].opacity = opacity_;
  layer_[i] = layer_now_;
}

void cell_grid::set_opacity(float opacity) {
  opacity_ = opacity;
  ++layer_now_;
}

void cell_grid::dim() {
  for (std::vector<cell>* layer : {&cells_, &under_}) {
    for (cell& c : *layer) {
      c.dim = true;
    }
  }
}

void cell_grid::fade(float keep) {
  for (std::vector<cell>* layer : {&cells_, &under_}) {
    for (cell& c : *layer) {
      c.opacity *= keep;
    }
  }
}

void cell_grid::resize(int width, int height) {
  width_ = width;
  height_ = height;
  cells_.resize(static_cast<std::size_t>(width * height));
  under_.resize(cells_.size());
  layer_.resize(cells_.size());
  clear();
}

void cell_grid::clear() {
  std::fill(cells_.begin(), cells_.end(), nothing);
  std::fill(under_.begin(), under_.end(), nothing);
  std::fill(layer_.begin(), layer_.end(), 0U);
  layer_now_ = 0;
  opacity_ = 1.0F;
}

const cell& cell_grid::at(int x, int y) const {
  return cells_[static_cast<std::size_t>(y * width_ + x)];
}

const cell& cell_grid::under(int x, int y) const {
  return under_[static_cast<std::size_t>(y * width_ + x)];
}

std::string cell_grid::row(int y) const {
  std::string line;
  for (int x = 0; x < width_; ++x) {
    line += at(x, y).ch;
  }
  return line;
}

void text(canvas& on, int x, int y, std::string_view line, style look) {
  for (char ch : line) {
    on.put(x++, y, ch, look);
  }
}

void centered(canvas& on, int y, std::string_view line, style look) {
  text(on, (on.width() - static_cast<int>(line.size())) / 2, y, line, look);
}

void fill(canvas& on, int x, int y, int w, int h, char ch, style look) {
  for (int row = y; row < y + h; ++row) {
    for (int col = x; col < x + w; ++col) {
      on.put(col, row, ch, look);
    }
  }
}

void panel(canvas& on, int x, int y, int w, int h, std::string_view title, style look) {
  fill(on, x, y, w, h, ' ', look);
  for (int col = x + 1; col < x + w - 1; ++col) {
    on.put(col, y, '-', look);
    on.put(col, y + h - 1, '-', look);
  }
  for (int row = y + 1; row < y + h - 1; ++row) {
    on.put(x, row, '|', look);
    on.put(x + w - 1, row, '|', look);
  }
  on.put(x, y, '+', look);
  on.put(x + w - 1, y, '+', look);
  on.put(x, y + h - 1, '+', look);
  on.put(x + w - 1, y + h - 1, '+', look);
  if (!title.empty()) {
    text(on, x + 2, y, " " + std::string(title) + " ", style{look.fg, look.bg, true});
  }
}

void bar(canvas& on, int x, int y, int w, double fraction, style look) {
  const int full = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * w + 0.5);
  on.put(x, y, '[', look);
  for (int i = 0; i < w; ++i) {
    on.put(x + 1 + i, y, i < full ? '=' : ' ', look);
  }
  on.put(x + w + 1, y, ']', look);
}

} // namespace demo
