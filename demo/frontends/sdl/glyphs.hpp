// demo/frontends/sdl/glyphs.hpp: the printable ASCII characters of a monospace TrueType font,
// rendered once into white textures that are tinted per cell when drawn.
#pragma once

#include <array>
#include <string>

#include <SDL.h>
#include <SDL_ttf.h>

namespace demo {

class glyphs {
public:
  glyphs() = default;
  glyphs(const glyphs&) = delete;
  glyphs& operator=(const glyphs&) = delete;
  ~glyphs();

  // False with `error` set if the font cannot be opened or rendered.
  bool load(SDL_Renderer* renderer, const std::string& font_path, int point_size,
            std::string& error);

  [[nodiscard]] int cell_width() const { return cell_w_; }
  [[nodiscard]] int cell_height() const { return cell_h_; }
  // `tint.a` blends the glyph over what is drawn there: the text of a state arriving or leaving.
  void draw(SDL_Renderer* renderer, int x, int y, char ch, SDL_Color tint, bool bold) const;

private:
  static constexpr int first = 32;
  static constexpr int count = 95;

  std::array<SDL_Texture*, count> regular_{};
  std::array<SDL_Texture*, count> bold_{};
  int cell_w_ = 0;
  int cell_h_ = 0;
};

} // namespace demo
