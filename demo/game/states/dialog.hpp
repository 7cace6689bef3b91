// demo/game/states/dialog.hpp: a yes/no question. Whoever pushes it reads the answer in the
// push's on_exit callback, which receives the dialog itself right after its exit.
#pragma once

#include <optional>
#include <string>

#include "../game.hpp"

namespace demo {

class dialog {
public:
  static constexpr strata::modality modality = strata::modality::freeze;

  dialog(std::string speaker, std::string question);

  void enter(game& g);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

  // Empty if the dialog left without an answer (the game was quit under it).
  [[nodiscard]] std::optional<bool> answer() const { return answer_; }

private:
  void choose(game& g, bool yes);

  std::string speaker_;
  std::string question_;
  bool yes_selected_ = true;
  std::optional<bool> answer_;
};

} // namespace demo
