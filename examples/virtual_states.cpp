// virtual_states: the same kind of flow written with inheritance, for those who prefer it.
//
// Every screen derives from strata::state<game, key>, whose hooks, name() and modality() are all
// virtual, and is made by a factory that returns std::unique_ptr<screen>: a menu opens whatever
// its entries name, without knowing their types. push(std::unique_ptr<...>) hands the object to
// the stack, which deletes it after its exit. (Plain classes need no base at all; see
// game_flow.cpp. With the base, every hook is a virtual call, even one not overridden.)
// A script presses the keys; the transcript shows each key, the hooks it caused and describe().
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <strata/strata.hpp>

namespace {

enum class key { up, down, confirm, back, pause };

constexpr std::string_view key_name(key k) {
  switch (k) {
  case key::up: return "up";
  case key::down: return "down";
  case key::confirm: return "confirm";
  case key::back: return "back";
  case key::pause: return "pause";
  }
  return "?";
}

struct game;
using screen = strata::state<game, key>;

struct game {
  std::vector<std::string> hooks; // what the current key caused
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game, key> states{*this};
};

std::unique_ptr<screen> make_screen(std::string_view name);

// Logs its lifecycle; the screens below add only what they do differently.
class logged_screen : public screen {
public:
  void enter(game& g) override { log(g, "enter"); }
  void exit(game& g) override { log(g, "exit"); }
  void pause(game& g) override { log(g, "pause"); }
  void resume(game& g) override { log(g, "resume"); }

private:
  void log(game& g, std::string_view hook) const {
    g.hooks.push_back(std::string(name()) + "." + std::string(hook));
  }
};

// A list of entries; confirm opens the one under the cursor, back closes the menu.
class menu : public logged_screen {
public:
  menu(std::string title, std::initializer_list<std::string_view> entries)
      : title_(std::move(title))
      , entries_(entries) {}

  std::string_view name() const override { return title_; }
  bool handle(game& g, const key& k) override {
    switch (k) {
    case key::up: cursor_ = cursor_ == 0 ? entries_.size() - 1 : cursor_ - 1; break;
    case key::down: cursor_ = (cursor_ + 1) % entries_.size(); break;
    case key::confirm: open(g, entries_[cursor_]); break;
    case key::back: g.states.pop(); break;
    case key::pause: break;
    }
    return true;
  }

private:
  static void open(game& g, std::string_view entry) {
    if (entry == "quit") {
      g.states.clear(); // every screen exits, top to bottom
    } else if (entry == "continue") {
      g.states.pop();
    } else {
      g.states.push(make_screen(entry));
    }
  }

  std::string title_;
  std::vector<std::string_view> entries_;
  std::size_t cursor_ = 0;
};

// A page with nothing to choose: any key closes it.
class page : public logged_screen {
public:
  explicit page(std::string_view title)
      : title_(title) {}
  std::string_view name() const override { return title_; }
  bool handle(game& g, const key&) override {
    g.states.pop();
    return true;
  }

private:
  std::string title_;
};

class level : public logged_screen {
public:
  std::string_view name() const override { return "level"; }
  bool handle(game& g, const key& k) override {
    if (k != key::pause) {
      return false;
    }
    g.states.push(make_screen("pause"));
    return true;
  }
};

// Over the level: drawn on top of it, freezing it.
class pause_menu : public menu {
public:
  pause_menu()
      : menu("pause", {"continue", "quit"}) {}
  strata::modality modality() const override { return strata::modality::freeze; }
  bool handle(game& g, const key& k) override {
    if (k == key::pause) {
      g.states.pop();
      return true;
    }
    return menu::handle(g, k);
  }
};

std::unique_ptr<screen> make_screen(std::string_view name) {
  if (name == "main menu") {
    return std::make_unique<menu>(
        "main menu", std::initializer_list<std::string_view>{"play", "options", "quit"});
  }
  if (name == "options") {
    return std::make_unique<menu>("options",
                                  std::initializer_list<std::string_view>{"audio", "video"});
  }
  if (name == "play") {
    return std::make_unique<level>();
  }
  if (name == "pause") {
    return std::make_unique<pause_menu>();
  }
  return std::make_unique<page>(name);
}

} // namespace

int main() {
  game g;
  g.states.push(make_screen("main menu"));
  g.states.commit();
  std::printf("start: %s (%s)\n", g.states.describe().c_str(), g.hooks.front().c_str());
  g.hooks.clear();

  const key script[] = {key::down,  key::confirm, key::down,    key::confirm, key::back,
                        key::back,  key::up,      key::confirm, key::pause,   key::pause,
                        key::pause, key::down,    key::confirm};
  for (const key k : script) {
    g.states.frame(0.1, std::vector<key>{k});
    std::string hooks = g.hooks.empty() ? "(no hook)" : "";
    for (const std::string& hook : g.hooks) {
      hooks += (hooks.empty() ? "" : ", ") + hook;
    }
    std::printf("%-8s -> %-40s %s\n", std::string(key_name(k)).c_str(), g.states.describe().c_str(),
                hooks.c_str());
    g.hooks.clear();
  }
  return 0;
}
