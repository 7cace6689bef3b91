// demo/game/overlay.cpp: drawing the stack overlay from the committed view and the observer's
// history.
#include "overlay.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

namespace demo {
namespace {

// Only a state that slows (or stops) the ones below shows its factor.
std::string time_scale_note(float scale) {
  if (scale == 1.0F) {
    return "";
  }
  char text[16];
  std::snprintf(text, sizeof text, " x%.2f", static_cast<double>(scale));
  return text;
}

std::string padded(std::string_view text, std::size_t width) {
  std::string out(text.substr(0, width));
  out.resize(width, ' ');
  return out;
}

} // namespace

void draw_overlay(canvas& on, const strata::stack<game, input_event>& states, const history& past) {
  const auto committed = states.committed();
  // A fixed size, so that it does not jump as the stack changes: room for stack_rows entries
  // (a deeper stack shows its top ones under a count of the rest) and every kept transition,
  // which fits an 80x24 screen above the help line.
  constexpr int w = overlay_width;
  constexpr std::size_t stack_rows = 10;
  constexpr int h = static_cast<int>(stack_rows + history::kept) + 5;
  const int x = on.width() - w;
  // Bottom right, above the help line: the part of the screen the game's states use least.
  const int top = std::max(0, on.height() - 1 - h);
  const style frame{color::black, color::cyan};
  panel(on, x, top, w, h, "stack (Tab)", style{color::white, color::cyan});
  int y = top + 1;
  std::size_t hidden = 0;
  if (committed.size() > stack_rows) {
    hidden = committed.size() - (stack_rows - 1);
    text(on, x + 2, y++, "(" + std::to_string(hidden) + " more below)", frame);
  }
  for (const auto entry : committed) {
    if (entry.depth() < hidden) {
      continue;
    }
    const bool active = entry.depth() + 1 == committed.size();
    // Right-aligned indices and padded frame numbers keep the columns still as they grow.
    // The identity (R31) as the inspector and the traces show it, so a log line finds the row.
    char depth[32];
    std::snprintf(depth, sizeof depth, "%2zu #%-3llu ", entry.depth(),
                  static_cast<unsigned long long>(entry.id()));
    // A long name is cut, and a blank always keeps it from running into the modality.
    const std::string line = depth + padded(std::string(entry.name()) + (active ? "*" : ""), 15) +
                             " " + std::string(strata::to_string(entry.modality())) +
                             time_scale_note(entry.time_scale());
    text(on, x + 2, y++, line, style{active ? color::white : color::black, color::cyan, active});
  }
  y = top + 1 + static_cast<int>(stack_rows);
  text(on, x + 2, ++y, "last transitions:", style{color::white, color::cyan, true});
  for (const transition& t : past.recent()) {
    char line[128];
    std::snprintf(line, sizeof line, "f%-5llu %-8s%2zu %s",
                  static_cast<unsigned long long>(t.frame),
                  std::string(strata::to_string(t.step)).c_str(), t.depth, t.state.c_str());
    text(on, x + 2, ++y, padded(line, w - 4), frame);
  }
}

} // namespace demo
