// demo/game/states/dialog.cpp: asking and answering.
#include "dialog.hpp"

#include <utility>

#include "../fade.hpp"
#include "hud.hpp"

namespace demo {

dialog::dialog(std::string speaker, std::string question, std::string if_yes, std::string if_no)
    : speaker_(std::move(speaker))
    , question_(std::move(question))
    , if_yes_(std::move(if_yes))
    , if_no_(std::move(if_no)) {}

dialog::dialog(strata::record& saved)
    : speaker_(saved.get<std::string>("speaker"))
    , question_(saved.get<std::string>("question"))
    , if_yes_(saved.get<std::string>("if_yes"))
    , if_no_(saved.get<std::string>("if_no"))
    , yes_selected_(saved.get<bool>("yes_selected")) {}

void dialog::save(strata::record& out) const {
  out.set("speaker", speaker_);
  out.set("question", question_);
  out.set("if_yes", if_yes_);
  out.set("if_no", if_no_);
  out.set("yes_selected", yes_selected_);
}

void dialog::enter(game& g) {
  g.report(speaker_ + " asks: " + question_ + " (yes: " + if_yes_ + "; no: " + if_no_ + ")");
}

void dialog::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::dims);
  canvas& on = *g.screen;
  const int w = 60;
  const int x = (on.width() - w) / 2;
  const int y = on.height() - 10;
  const style look{color::white, color::red};
  panel(on, x, y, w, 8, speaker_, look);
  text(on, x + 3, y + 2, question_, style{color::yellow, color::red, true});
  text(on, x + 3, y + 3, "yes: " + if_yes_, look);
  text(on, x + 3, y + 4, "no:  " + if_no_, look);
  const style picked{color::black, color::yellow, true};
  text(on, x + 3, y + 6, " yes ", yes_selected_ ? picked : look);
  text(on, x + 10, y + 6, " no ", yes_selected_ ? look : picked);
  draw_help(g, "left/right: choose  Enter: answer  Y/N  Esc: no");
}

bool dialog::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::left:
  case key::right: yes_selected_ = !yes_selected_; break;
  case key::confirm: choose(g, yes_selected_); break;
  case key::yes: choose(g, true); break;
  case key::no:
  case key::back: choose(g, false); break; // stepping back from the offer declines it
  default: break;
  }
  return true;
}

void dialog::choose(game& g, bool yes) {
  answer_ = yes;
  g.report(std::string("answer: ") + (yes ? "yes" : "no"));
  g.states.pop();
}

} // namespace demo
