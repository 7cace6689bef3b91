// demo/frontends/sdl/glyphs.cpp: rendering and drawing the glyph textures.
#include "glyphs.hpp"

namespace demo {
namespace {

SDL_Texture* render(SDL_Renderer* renderer, TTF_Font* font, char ch) {
  const char text[2] = {ch, '\0'};
  SDL_Surface* surface = TTF_RenderText_Blended(font, text, SDL_Color{255, 255, 255, 255});
  if (surface == nullptr) {
    return nullptr;
  }
  SDL_Texture* texture = SDL_CreateTextureFromSurface(renderer, surface);
  SDL_FreeSurface(surface);
  return texture;
}

} // namespace

glyphs::~glyphs() {
  for (auto* set : {&regular_, &bold_}) {
    for (SDL_Texture* texture : *set) {
      if (texture != nullptr) {
        SDL_DestroyTexture(texture);
      }
    }
  }
}

bool glyphs::load(SDL_Renderer* renderer, const std::string& font_path, int point_size,
                  std::string& error) {
  TTF_Font* font = TTF_OpenFont(font_path.c_str(), point_size);
  if (font == nullptr) {
    error = "cannot open the font " + font_path + " (" + TTF_GetError() +
            "); install fonts-dejavu-core or pass --font FILE.ttf";
    return false;
  }
  int advance = 0;
  TTF_GlyphMetrics(font, 'M', nullptr, nullptr, nullptr, nullptr, &advance);
  cell_w_ = advance;
  cell_h_ = TTF_FontLineSkip(font);
  bool ok = cell_w_ > 0 && cell_h_ > 0;
  for (int i = 0; ok && i < count; ++i) {
    const char ch = static_cast<char>(first + i);
    TTF_SetFontStyle(font, TTF_STYLE_NORMAL);
    regular_[static_cast<std::size_t>(i)] = render(renderer, font, ch);
    TTF_SetFontStyle(font, TTF_STYLE_BOLD);
    bold_[static_cast<std::size_t>(i)] = render(renderer, font, ch);
    // A space renders to nothing in some SDL_ttf versions; it is never drawn anyway.
    ok = ch == ' ' || (regular_[static_cast<std::size_t>(i)] != nullptr &&
                       bold_[static_cast<std::size_t>(i)] != nullptr);
  }
  TTF_CloseFont(font);
  if (!ok) {
    error = std::string("cannot render the font's glyphs: ") + TTF_GetError();
  }
  return ok;
}

void glyphs::draw(SDL_Renderer* renderer, int x, int y, char ch, SDL_Color tint, bool bold) const {
  const int index = static_cast<unsigned char>(ch) - first;
  if (index <= 0 || index >= count) {
    return; // blank, or outside printable ASCII
  }
  SDL_Texture* texture = (bold ? bold_ : regular_)[static_cast<std::size_t>(index)];
  if (texture == nullptr) {
    return;
  }
  int w = 0;
  int h = 0;
  SDL_QueryTexture(texture, nullptr, nullptr, &w, &h);
  SDL_SetTextureColorMod(texture, tint.r, tint.g, tint.b);
  SDL_SetTextureAlphaMod(texture, tint.a);
  const SDL_Rect where{x, y, w, h};
  SDL_RenderCopy(renderer, texture, nullptr, &where);
}

} // namespace demo
