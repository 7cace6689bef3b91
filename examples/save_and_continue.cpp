// save_and_continue: a player quits in the middle of a level with the pause menu open, and the
// next run brings them back to that level, its score and its pause menu, with the world map
// behind it and "back" working from there.
//
// The boot state at the bottom holds the audio device: it is not registered, and the game makes
// it itself on every run, so the save starts above it (save_options::from = 1) and the restore
// goes above it (restore_options::above = 1). The level hands its result to the world map below
// it with on_exit(strata::to_below<&world::level_done>), a member call that a save can name and a
// restore can rebuild (a closure could not be). Each run prints its hooks; the first prints the
// text it saves, the second restores from that text, and a third starts from a deep link
// written by hand.
#include <cstdio>
#include <string>

#include <strata/save.hpp>
#include <strata/strata.hpp>

namespace {

struct game {
  strata::stack<game> states{*this};
};

void say(const char* line) {
  std::printf("    %s\n", line);
}

struct boot {
  void enter() { say("boot.enter: audio on"); }
};

struct title {
  void enter() { say("title.enter"); }
};

struct level;

struct world {
  int stars = 0;
  world() = default;
  explicit world(strata::record& saved)
      : stars(saved.get<int>("stars")) {}
  void save(strata::record& out) const { out.set("stars", stars); }
  void enter() { std::printf("    world.enter with %d stars\n", stars); }
  void resume() { std::printf("    world.resume with %d stars\n", stars); }
  void level_done(level& finished);
};

struct level {
  int number = 1;
  int score = 0;
  explicit level(int n)
      : number(n) {}
  // Version 2 added the score; a save of version 1 has none.
  explicit level(strata::record& saved)
      : number(saved.get<int>("number"))
      , score(saved.get_or("score", 0)) {
    if (number < 1 || number > 9) {
      saved.fail("no level " + std::to_string(number));
    }
  }
  void save(strata::record& out) const {
    out.set("number", number);
    out.set("score", score);
  }
  void enter() { std::printf("    level.enter: level %d, score %d\n", number, score); }
  void pause() { say("level.pause"); }
  void resume() { say("level.resume"); }
};

void world::level_done(level& finished) {
  stars += finished.score / 100;
  std::printf("    world.level_done: level %d gave %d stars\n", finished.number,
              finished.score / 100);
}

struct pause_menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  void enter() { say("pause.enter"); }
};

strata::save_types<game> savable() {
  strata::save_types<game> types;
  types.add<title>("title");
  types.add<world>("world");
  types.add<level>("level", 2);
  types.add<pause_menu>("pause");
  types.result<&world::level_done>("world.level_done");
  return types;
}

std::string first_run(const strata::save_types<game>& types) {
  std::puts("first run:");
  game g;
  g.states.push<boot>();
  g.states.push<title>();
  g.states.commit();
  g.states.replace<world>();
  g.states.push<level>(3).on_exit(strata::to_below<&world::level_done>);
  g.states.commit();
  g.states.committed().top()->get<level>()->score = 250;
  g.states.push<pause_menu>();
  g.states.commit();
  std::printf("  quits at: %s\n", g.states.describe().c_str());
  std::string text = strata::to_text(strata::save(g.states, types, {.from = 1}).taken);
  std::printf("  saves:\n%s  closes:\n", text.c_str());
  return text;
}

void continue_from(const char* heading, const std::string& text,
                   const strata::save_types<game>& types) {
  std::puts(heading);
  game g;
  g.states.push<boot>();
  g.states.commit();
  const strata::parsed_snapshot read = strata::parse_snapshot(text);
  strata::restore(g.states, types, read.taken, {.above = 1});
  g.states.commit();
  std::printf("  continues at: %s\n", g.states.describe().c_str());
  std::puts("  back, back:");
  g.states.pop_to(g.states.size() - 2);
  g.states.commit();
  std::printf("  now at: %s\n", g.states.describe().c_str());
}

} // namespace

int main() {
  const strata::save_types<game> types = savable();
  const std::string saved = first_run(types);
  continue_from("second run, --continue:", saved, types);
  continue_from("third run, a deep link:", "title\nworld stars=7\nlevel number=5\n", types);
}
