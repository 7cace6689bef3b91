// demo/frontends/sdl/inspector_layer.cpp: Dear ImGui in the SDL2 window, around the library's
// inspector. Debian's libimgui-dev builds ImGui's SDL2 platform backend (input, window size) but
// not its SDL_Renderer backend, so draw_lists() below hands ImGui's triangles to
// SDL_RenderGeometryRaw itself.
#include "inspector_layer.hpp"

#include <backends/imgui_impl_sdl.h>
#include <imgui.h>
#include <strata/imgui_inspector.hpp>

namespace demo {
namespace {

// ImGui's font atlas as an SDL texture, which ImGui then names in its draw commands.
SDL_Texture* make_font_texture(SDL_Renderer* renderer) {
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0;
  int height = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  // RGBA bytes in memory: SDL calls that ABGR8888 on a little-endian machine, RGBA8888 otherwise.
  SDL_Texture* texture =
      SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, width, height);
  if (texture != nullptr) {
    SDL_UpdateTexture(texture, nullptr, pixels, 4 * width);
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND);
  }
  io.Fonts->SetTexID(static_cast<ImTextureID>(texture));
  return texture;
}

// ImGui's draw lists in window pixels: the game's logical size and scale are set aside for it.
void draw_lists(SDL_Renderer* renderer, const ImDrawData& data) {
  int logical_w = 0;
  int logical_h = 0;
  SDL_RenderGetLogicalSize(renderer, &logical_w, &logical_h);
  SDL_RenderSetLogicalSize(renderer, 0, 0);
  SDL_RenderSetScale(renderer, 1.0F, 1.0F);
  SDL_RenderSetViewport(renderer, nullptr);
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const ImVec2 at = data.DisplayPos;
      const SDL_Rect clip{static_cast<int>(cmd.ClipRect.x - at.x),
                          static_cast<int>(cmd.ClipRect.y - at.y),
                          static_cast<int>(cmd.ClipRect.z - cmd.ClipRect.x),
                          static_cast<int>(cmd.ClipRect.w - cmd.ClipRect.y)};
      if (clip.w <= 0 || clip.h <= 0) {
        continue;
      }
      SDL_RenderSetClipRect(renderer, &clip);
      const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
      // ImGui's colour is R, G, B, A in memory, as an SDL_Color is.
      SDL_RenderGeometryRaw(
          renderer, static_cast<SDL_Texture*>(cmd.GetTexID()), &vertices->pos.x, sizeof(ImDrawVert),
          reinterpret_cast<const SDL_Color*>(&vertices->col), sizeof(ImDrawVert), &vertices->uv.x,
          sizeof(ImDrawVert), list.VtxBuffer.Size - static_cast<int>(cmd.VtxOffset),
          list.IdxBuffer.Data + cmd.IdxOffset, static_cast<int>(cmd.ElemCount), sizeof(ImDrawIdx));
    }
  }
  SDL_RenderSetClipRect(renderer, nullptr);
  SDL_RenderSetLogicalSize(renderer, logical_w, logical_h);
}

} // namespace

struct inspector_layer::parts {
  SDL_Renderer* renderer;
  const session& run;
  bool shown;
  strata::imgui_inspector inspector;
  SDL_Texture* font = nullptr;
};

inspector_layer::inspector_layer(SDL_Window* window, SDL_Renderer* renderer, const session& run,
                                 bool shown)
    : parts_(std::make_unique<parts>(
          parts{renderer, run, shown, strata::imgui_inspector{run.recorder()}, nullptr})) {
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr; // no imgui.ini beside the player's files
  ImGui::StyleColorsDark();
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  parts_->font = make_font_texture(renderer);
}

inspector_layer::~inspector_layer() {
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  if (parts_->font != nullptr) {
    SDL_DestroyTexture(parts_->font);
  }
}

bool inspector_layer::take(const SDL_Event& e) {
  if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_F1) {
    parts_->shown = !parts_->shown;
    return true;
  }
  if (!parts_->shown) {
    return false;
  }
  ImGui_ImplSDL2_ProcessEvent(&e);
  const ImGuiIO& io = ImGui::GetIO();
  const bool keyboard = e.type == SDL_KEYDOWN || e.type == SDL_KEYUP || e.type == SDL_TEXTINPUT;
  return keyboard ? io.WantCaptureKeyboard : io.WantCaptureMouse;
}

bool inspector_layer::lets_frame_run() {
  return !parts_->shown || parts_->inspector.take_update();
}

void inspector_layer::draw() {
  if (!parts_->shown) {
    return;
  }
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  parts_->inspector.draw(parts_->run.states());
  ImGui::Render();
  draw_lists(parts_->renderer, *ImGui::GetDrawData());
}

} // namespace demo
