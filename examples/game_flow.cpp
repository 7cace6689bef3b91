// game_flow: a whole game's flow on one stack, played by a script instead of a keyboard.
//
// boot -> title -> world -> level, then over the level: a pause menu that freezes it (drawn, not
// updated), an inventory that lets it run on underneath (update_covered), and a boss dialog whose
// answer comes back to the level through push<dialog>(...).on_exit(...). boot stays at the
// bottom the whole time and keeps the play-time clock in its update_covered. Every state reaches
// the stack and the shared services through the context (`game`), so there are no globals.
// The program prints one line per frame in which the stack changed: the frame, describe(), which
// states that frame drew, and what happened.
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/strata.hpp>

namespace {

enum class key { start, select, pause, inventory, yes, back, quit };

// The context: handed to every hook that asks for it.
struct game {
  double play_time = 0; // seconds the game really ran: kept by boot, stopped by freezing menus
  std::vector<std::string> news;  // what happened during the current frame
  std::vector<std::string> drawn; // what the current frame drew, bottom to top
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game, key> states{*this};

  void report(std::string line) { news.push_back(std::move(line)); }
};

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", s);
  return text;
}

// The boss's question. Freezes the level (drawn behind the dialog, not updated) until answered.
struct dialog {
  static constexpr strata::modality modality = strata::modality::freeze;
  std::string question;
  bool accepted = false;

  explicit dialog(std::string asked)
      : question(std::move(asked)) {}
  void enter(game& g) { g.report("boss: \"" + question + "\""); }
  bool handle(game& g, const key& k) {
    accepted = k == key::yes;
    g.report(accepted ? "dialog: yes" : "dialog: no");
    g.states.pop();
    return true;
  }
  void draw(game& g) { g.drawn.emplace_back("dialog"); }
};

struct pause_menu {
  static constexpr std::string_view name = "pause";
  static constexpr strata::modality modality = strata::modality::freeze;

  bool handle(game& g, const key& k) {
    if (k == key::pause) {
      g.states.pop();
    }
    return true; // a menu keeps every key from the level below
  }
  void draw(game& g) { g.drawn.emplace_back("pause"); }
};

// A live overlay: the level is drawn underneath and its clock keeps running.
struct inventory {
  static constexpr strata::modality modality = strata::modality::live;

  bool handle(game& g, const key& k) {
    if (k == key::inventory) {
      g.states.pop();
    }
    return true;
  }
  void draw(game& g) { g.drawn.emplace_back("inventory"); }
};

struct level {
  static constexpr int boss_tile = 10;
  int number;
  int tile = 0;     // the player walks one tile per update while the level is on top
  double clock = 0; // runs whenever the level is updated, on top or covered
  bool boss_joined = false;
  bool cleared = false;

  explicit level(int n)
      : number(n) {}
  std::string label() const { return "level " + std::to_string(number); }
  std::string where() const { return "tile " + std::to_string(tile) + ", " + seconds(clock); }

  void enter(game& g) { g.report(label() + ": starts"); }
  void update(game& g, double dt) {
    clock += dt;
    if (++tile == boss_tile) {
      g.report(label() + ": boss at tile " + std::to_string(tile));
      // The answer arrives right after the dialog's exit, before the level is resumed.
      g.states.push<dialog>("Join me?").on_exit([this](dialog& d) { boss_joined = d.accepted; });
    }
  }
  void update_covered(game&, double dt) { clock += dt; }
  bool handle(game& g, const key& k) {
    switch (k) {
    case key::pause: g.states.push<pause_menu>(); return true;
    case key::inventory: g.states.push<inventory>(); return true;
    default: return false;
    }
  }
  void pause(game& g) { g.report(label() + ": paused at " + where()); }
  void resume(game& g) {
    g.report(label() + ": resumed at " + where());
    if (boss_joined) {
      cleared = true;
      g.report(label() + ": the boss joins you, cleared");
      // Carried out by the very commit that is resuming the level: the dialog's exit was all it
      // had to do, so the level is really back on top here.
      g.states.pop();
    }
  }
  void exit(game& g) { g.report(label() + ": exit"); }
  void draw(game& g) { g.drawn.emplace_back("level"); }
};

struct world {
  int levels_cleared = 0;

  void enter(game& g) { g.report("world: the map opens"); }
  bool handle(game& g, const key& k);
  void resume(game& g) {
    g.report("world: " + std::to_string(levels_cleared) + " level(s) cleared");
  }
  void exit(game& g) { g.report("world: exit"); }
  void draw(game& g) { g.drawn.emplace_back("world"); }
};

struct title {
  void enter(game& g) { g.report("title: press start"); }
  bool handle(game& g, const key& k) {
    if (k == key::start) {
      g.states.replace<world>();
    } else if (k == key::quit) {
      g.report("title: quit");
      g.states.clear();
    }
    return true;
  }
  void exit(game& g) { g.report("title: exit"); }
  void draw(game& g) { g.drawn.emplace_back("title"); }
};

bool world::handle(game& g, const key& k) {
  if (k == key::select) {
    const int next = levels_cleared + 1;
    g.states.push<level>(next).on_exit([this](level& l) { levels_cleared += l.cleared ? 1 : 0; });
  } else if (k == key::back) {
    g.states.replace<title>();
  }
  return true;
}

// At the bottom for the whole run. Its update_covered runs whenever the states above let updates
// through, so the play-time clock stops exactly while a freezing menu is open.
struct boot {
  void enter(game& g) {
    g.report("boot: assets loaded");
    g.states.push<title>(); // entered by this same commit
  }
  void update_covered(game& g, double dt) { g.play_time += dt; }
  void exit(game& g) { g.report("boot: exit after " + seconds(g.play_time) + " of play"); }
};

struct scripted_key {
  int frame;
  key pressed;
};

constexpr scripted_key script[] = {
    {3, key::start},      {5, key::select}, {8, key::pause}, {11, key::pause}, {13, key::inventory},
    {17, key::inventory}, {24, key::yes},   {26, key::back}, {28, key::quit},
};
constexpr int last_frame = 30;

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string line;
  for (const std::string& part : parts) {
    line += (line.empty() ? "" : std::string(separator)) + part;
  }
  return line;
}

} // namespace

int main() {
  constexpr double dt = 0.1; // a fixed step, so every run prints the same transcript
  game g;
  g.states.push<boot>();

  std::printf("frame  stack (describe())                 drawn              what happened\n");
  std::string before = g.states.describe();
  for (int frame = 1; frame <= last_frame; ++frame) {
    std::vector<key> keys;
    for (const scripted_key& s : script) {
      if (s.frame == frame) {
        keys.push_back(s.pressed);
      }
    }
    g.states.frame(dt, keys);

    const std::string now = g.states.describe();
    if (now != before) {
      std::printf("%5d  %-34s %-18s %s\n", frame, now.c_str(), joined(g.drawn, ", ").c_str(),
                  joined(g.news, "; ").c_str());
    }
    before = now;
    g.news.clear();
    g.drawn.clear();
  }
  return g.states.empty() ? 0 : 1;
}
