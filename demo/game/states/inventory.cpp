// demo/game/states/inventory.cpp: browsing and using what the player carries.
#include "inventory.hpp"

#include <string>

#include "../fade.hpp"
#include "../saved_fields.hpp"
#include "hud.hpp"
#include "level.hpp"
#include "pause.hpp"

namespace demo {
namespace {
constexpr int choices = 2; // use a potion, close
}

inventory::inventory(strata::record& saved)
    : selected_(get_int(saved, "selected", 0, choices - 1))
    , outcome_(saved.get<std::string>("outcome")) {}

void inventory::save(strata::record& out) const {
  out.set("selected", selected_);
  out.set("outcome", outcome_);
}

void inventory::enter(game& g) {
  bag_ = &owner_below<level>(g).carried();
  g.report("inventory: " + std::to_string(bag_->potions) + " potions, " +
           std::to_string(bag_->gems) + " gems");
}

void inventory::draw(game& g, const strata::presence& shown) const {
  const faded drawn(*g.screen, shown, below::stays);
  canvas& on = *g.screen;
  const int w = 30;
  // Arriving, it slides in from beyond the right edge (the canvas clips it); leaving, it slides
  // back out.
  const int hidden = static_cast<int>((1.0F - shown.value) * static_cast<float>(w + 1) + 0.5F);
  const int x = on.width() - w - 1 + hidden;
  const style look{color::white, color::magenta};
  panel(on, x, 3, w, 9, "inventory", look);
  text(on, x + 2, 4,
       "hearts  " + std::to_string(bag_->hearts) + "/" + std::to_string(bag::max_hearts), look);
  text(on, x + 2, 5,
       "gems    " + std::to_string(bag_->gems) + "/" + std::to_string(bag_->gems_total), look);
  const style picked{color::black, color::yellow, true};
  text(on, x + 2, 7, "drink a potion (" + std::to_string(bag_->potions) + ")",
       selected_ == 0 ? picked : look);
  text(on, x + 2, 8, "close", selected_ == 1 ? picked : look);
  text(on, x + 2, 9, outcome_, style{color::white, color::magenta, true});
  text(on, x + 2, 10, "slow motion: enemies move!", style{color::yellow, color::magenta, true});
  draw_help(g, "up/down: choose  Enter: use  I/Esc: close");
}

bool inventory::handle(game& g, const input_event& e) {
  switch (e.pressed) {
  case key::up:
  case key::down: selected_ = (selected_ + 1) % choices; return true;
  case key::confirm:
    if (selected_ == 1) {
      g.states.pop();
    } else {
      drink(g);
    }
    return true;
  case key::inventory:
  case key::back: g.states.pop(); return true;
  // The level keeps running under this live overlay: unseen, it must stop.
  case key::unfocus: g.states.push<pause_menu>(); return true;
  default: return true;
  }
}

void inventory::drink(game& g) {
  if (bag_->potions == 0) {
    outcome_ = "no potion left";
  } else if (bag_->hearts == bag::max_hearts) {
    outcome_ = "hearts full: potion kept";
  } else {
    --bag_->potions;
    ++bag_->hearts;
    outcome_ =
        "drunk: hearts " + std::to_string(bag_->hearts) + "/" + std::to_string(bag::max_hearts);
  }
  g.report("potion: " + outcome_);
}

} // namespace demo
