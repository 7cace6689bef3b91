// demo/tests/damaged_saves_check.cpp: a saved game damaged in every way a hand or a disk can
// damage it never stops the game. Each saved game given is damaged a few hundred times over, by
// a fixed sequence of chance (a field's value replaced by a number, a word, a cell or text that
// does not belong there, a field or a line deleted, a line repeated or moved, a version raised),
// and each damaged text is continued and played on for a few seconds with keys of every kind.
// The game must either continue or start a new game saying why; anything else (a crash, which the
// sanitizers' build catches too) fails. Both must happen, or the damage is too weak to tell.
//   strata-demo-damaged-saves-check expected/saved_*.txt
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "../game/session.hpp"

namespace {

constexpr int damages_per_save = 150;
constexpr int boot_frames = 45; // the scripts' seed's
constexpr int played_frames = 150;

// What a damaged value may become.
const std::vector<std::string> odd_values = {
    "0",
    "-1",
    "1",
    "2",
    "3",
    "7",
    "99",
    "100000",
    "2147483648",
    "-2147483649",
    "9223372036854775807",
    "-9223372036854775808",
    "1e308",
    "-0.5",
    "nan",
    "inf",
    "0.0",
    "true",
    "false",
    "\"\"",
    "\"0,0\"",
    "\"1,1\"",
    "\"35,10\"",
    "\"99,99\"",
    "\"-1,0\"",
    "\"1,-1\"",
    "\"3,3 3,3\"",
    "\"Meadow\"",
    "\"Caverns\"",
    "\"Orc\"",
    "\"Knight\"",
    "\"joined\"",
    "\"hostile\"",
    "\"cleared\"",
    "\"lost\"",
    "\"over\"",
    "\"target\"",
    "\"x\"",
};

const std::vector<demo::key> keys = {
    demo::key::confirm, demo::key::up,    demo::key::down, demo::key::left,
    demo::key::right,   demo::key::pause, demo::key::back, demo::key::inventory,
    demo::key::yes,     demo::key::no,    demo::key::quit, demo::key::unfocus,
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    out.push_back(line);
  }
  return out;
}

// A line's words: split at blanks outside double quotes.
std::vector<std::string> words_of(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' && !quoted) {
      out.emplace_back();
      continue;
    }
    if (c == '\\' && quoted && i + 1 < line.size()) {
      out.back() += c;
      out.back() += line[++i];
      continue;
    }
    if (c == '"') {
      quoted = !quoted;
    }
    out.back() += c;
  }
  return out;
}

std::string joined(const std::vector<std::string>& parts, char between) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    out += (i == 0 ? "" : std::string(1, between)) + parts[i];
  }
  return out;
}

// One damage done to one of `lines` (the first, the format's, is left alone).
void damage(std::vector<std::string>& lines, std::mt19937& chance) {
  if (lines.size() < 2) {
    return;
  }
  auto pick = [&](std::size_t low, std::size_t high) {
    return std::uniform_int_distribution<std::size_t>(low, high)(chance);
  };
  const std::size_t at = pick(1, lines.size() - 1);
  std::vector<std::string> words = words_of(lines[at]);
  switch (pick(0, 6)) {
  case 0:
  case 1:
  case 2: { // a field's value
    const std::size_t w = pick(0, words.size() - 1);
    const std::size_t equals = words[w].find('=');
    if (equals != std::string::npos) {
      words[w] = words[w].substr(0, equals + 1) + odd_values[pick(0, odd_values.size() - 1)];
    }
    lines[at] = joined(words, ' ');
    break;
  }
  case 3: // a field gone
    if (words.size() > 2) {
      words.erase(words.begin() + static_cast<std::ptrdiff_t>(pick(2, words.size() - 1)));
    }
    lines[at] = joined(words, ' ');
    break;
  case 4: lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at)); break;
  case 5: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), lines[at]); break;
  default:
    if (words.size() > 1 && words[1] == "v1") {
      words[1] = pick(0, 1) == 0 ? "v2" : "v0";
      lines[at] = joined(words, ' ');
    } else {
      std::swap(lines[at], lines[pick(1, lines.size() - 1)]);
    }
    break;
  }
}

// Continues `text` and plays on; returns 1 if it continued, 0 if it started a new game, -1 if
// neither was said.
int play(const std::string& text, std::mt19937& chance) {
  demo::session run(1, {}, demo::continuation{text, {}});
  run.wait_for_loads_each_frame();
  demo::cell_grid screen(80, 25);
  std::vector<demo::input_event> events;
  for (int frame = 0; frame < boot_frames + played_frames && run.running(); ++frame) {
    events.clear();
    if (frame >= boot_frames && chance() % 3 == 0) {
      events.push_back({keys[chance() % keys.size()]});
    }
    run.step(events, screen);
  }
  for (const std::string& line : run.log().lines()) {
    if (line.find("continuing the saved game") != std::string::npos) {
      return 1;
    }
    if (line.find("cannot continue: ") != std::string::npos) {
      return 0;
    }
  }
  return -1;
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SAVED_GAME.txt...\n", argv[0]);
    return 2;
  }
  std::mt19937 chance(14);
  int continued = 0;
  int refused = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::fprintf(stderr, "damaged saves check: cannot read %s\n", argv[i]);
      return 2;
    }
    for (int n = 0; n < damages_per_save; ++n) {
      std::vector<std::string> lines = lines_of(text.str());
      for (std::size_t d = 0, count = 1 + chance() % 3; d < count; ++d) {
        damage(lines, chance);
      }
      const std::string damaged = joined(lines, '\n') + "\n";
      const int outcome = play(damaged, chance);
      if (outcome < 0) {
        std::fprintf(stderr, "damaged saves check: neither continued nor refused:\n%s",
                     damaged.c_str());
        return 1;
      }
      (outcome == 1 ? continued : refused) += 1;
    }
  }
  std::printf("damaged saves check: %d continued, %d refused with a new game\n", continued,
              refused);
  if (continued == 0 || refused == 0) {
    std::fprintf(stderr, "damaged saves check: the damage does not reach both outcomes\n");
    return 1;
  }
  return 0;
}
