// demo/game/states/realm_safe.cpp: the realm is safe.
#include "realm_safe.hpp"

#include <string>
#include <utility>

#include "../saved_fields.hpp"
#include "hud.hpp"

namespace demo {
namespace {

// `value` ending just before column `end`.
void right_aligned(canvas& on, int end, int y, int value, style look) {
  const std::string digits = std::to_string(value);
  text(on, end - static_cast<int>(digits.size()), y, digits, look);
}

} // namespace

realm_safe::realm_safe(std::vector<result> results)
    : results_(std::move(results)) {}

realm_safe::realm_safe(strata::record& saved) {
  const int count = get_int(saved, "places", 0, 4);
  for (int i = 1; i <= count; ++i) {
    const std::string n = std::to_string(i);
    results_.push_back({saved.get<std::string>("place" + n),
                        get_int(saved, "score" + n, 0, best_scores::max_score)});
  }
}

void realm_safe::save(strata::record& out) const {
  out.set("places", results_.size());
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const std::string n = std::to_string(i + 1);
    out.set("place" + n, results_[i].place);
    out.set("score" + n, results_[i].score);
  }
}

void realm_safe::enter(game& g) {
  g.play(effect::win);
  g.report("every place is done: the realm is safe, total score " + std::to_string(total()));
}

int realm_safe::total() const {
  int sum = 0;
  for (const result& r : results_) {
    sum += r.score;
  }
  return sum;
}

void realm_safe::draw(game& g) const {
  canvas& on = *g.screen;
  const int top = 4;
  centered(on, top, "T H E   R E A L M   I S   S A F E", style{color::yellow, color::black, true});
  centered(on, top + 2, "every place of the map is done", style{color::cyan});
  const int x = (on.width() - 36) / 2;
  // The best ever only where scores are kept between runs (not in a script).
  if (g.best.kept()) {
    text(on, x + 16, top + 4, "this run  best ever", style{color::cyan});
  }
  for (std::size_t i = 0; i < results_.size(); ++i) {
    const result& r = results_[i];
    const int y = top + 5 + static_cast<int>(i);
    text(on, x, y, r.place, style{color::white});
    right_aligned(on, x + 24, y, r.score, style{color::white, color::black, true});
    if (g.best.kept()) {
      right_aligned(on, x + 35, y, g.best.best(r.place).value_or(0), style{color::cyan});
    }
  }
  const int y = top + 6 + static_cast<int>(results_.size());
  text(on, x, y, "total", style{color::yellow, color::black, true});
  right_aligned(on, x + 24, y, total(), style{color::yellow, color::black, true});
  centered(on, y + 3, "Enter/Esc: back to the title", style{color::green, color::black, true});
  draw_help(g, "Enter/Esc: back to the title  Tab: stack");
}

bool realm_safe::handle(game& g, const input_event& e) {
  if (e.pressed == key::confirm || e.pressed == key::back) {
    g.states.pop_until("title");
  }
  return true;
}

} // namespace demo
