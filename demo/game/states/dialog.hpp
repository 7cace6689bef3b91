// demo/game/states/dialog.hpp: a yes/no question, with what each answer leads to spelled out
// before the player answers. Whoever pushes it reads the answer in the push's on_exit callback,
// which receives the dialog itself right after its exit.
#pragma once

#include <optional>
#include <string>

#include <strata/record.hpp>

#include "../game.hpp"

namespace demo {

class dialog {
public:
  static constexpr strata::modality modality = strata::modality::freeze;
  // R33: the boss's question fades in over the level, which dims.
  static constexpr strata::transition transition = strata::transition::fade(0.25F);

  // `if_yes` and `if_no` say what each answer does (at most 50 characters each).
  dialog(std::string speaker, std::string question, std::string if_yes, std::string if_no);
  // Saved: what it asks and the answer picked, not yet given (a dialog leaves once answered).
  explicit dialog(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void draw(game& g, const strata::presence& shown) const;
  bool handle(game& g, const input_event& e);

  // Empty if the dialog left without an answer (the game was quit under it).
  [[nodiscard]] std::optional<bool> answer() const { return answer_; }

private:
  void choose(game& g, bool yes);

  std::string speaker_;
  std::string question_;
  std::string if_yes_;
  std::string if_no_;
  bool yes_selected_ = true;
  std::optional<bool> answer_;
};

} // namespace demo
