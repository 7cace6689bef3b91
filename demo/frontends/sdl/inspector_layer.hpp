// demo/frontends/sdl/inspector_layer.hpp: the stack inspector (strata/imgui_inspector.hpp, R36)
// over the SDL2 window: F1 shows and hides it; while it shows, Dear ImGui gets the mouse and
// the keyboard it asks for, and its Pause and Step buttons hold the game's frames.
#pragma once

#include <memory>

#include <SDL.h>

#include "../../game/session.hpp"

namespace demo {

class inspector_layer {
public:
  // `shown`: open from the start (--inspector). The session must be traced.
  inspector_layer(SDL_Window* window, SDL_Renderer* renderer, const session& run, bool shown);
  ~inspector_layer();
  inspector_layer(const inspector_layer&) = delete;
  inspector_layer& operator=(const inspector_layer&) = delete;

  // Offers an event to the inspector: true if it took it (F1, or what ImGui wants while shown),
  // so the game must not see it.
  bool take(const SDL_Event& e);
  // Whether the game plays this frame: false while the inspector's Pause holds it.
  [[nodiscard]] bool lets_frame_run();
  // Draws the inspector over what the renderer holds, if shown.
  void draw();

private:
  struct parts;
  std::unique_ptr<parts> parts_;
};

} // namespace demo
