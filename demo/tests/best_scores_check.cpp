// demo/tests/best_scores_check.cpp: the best scores kept between runs, without the game. Exits
// non-zero, and says why, unless: good text is read back as written; every kind of damaged
// text is refused whole (not half believed); a missing, damaged, oversized or unreadable file
// gives no scores without failing; a new best is written through a temporary file that does not
// stay behind; the file's place follows XDG_DATA_HOME, then HOME; and a run that does every place
// (the script given as the argument) records each place's score and shows the best ever on its
// ending.
//   strata-demo-best-scores-check scripts/realm_safe.keys
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <unistd.h>

#include "../game/best_scores.hpp"
#include "../game/kept_scores.hpp"
#include "replay.hpp"

namespace {

namespace fs = std::filesystem;

int failures = 0;

void expect(bool holds, const std::string& what) {
  if (!holds) {
    std::fprintf(stderr, "best scores check: %s\n", what.c_str());
    ++failures;
  }
}

void write_file(const fs::path& file, std::string_view text) {
  std::ofstream(file, std::ios::binary) << text;
}

void good_text_is_read() {
  const auto scores = demo::best_scores::parse("# a comment\n1140 Meadow\n\n2780 Rampart Keep\r\n"
                                               "0 Orc Pass\n500 Meadow");
  expect(scores.has_value(), "good text refused");
  if (scores) {
    expect(scores->of("Meadow") == 1140, "Meadow's best is not the higher of its two lines");
    expect(scores->of("Rampart Keep") == 2780, "a name with a space, CRLF line, not read");
    expect(scores->of("Orc Pass") == 0, "a score of 0 not read");
    expect(!scores->of("Caverns").has_value(), "a place never played has a score");
  }
  const auto none = demo::best_scores::parse("");
  expect(none.has_value() && none->empty(), "an empty file is not an empty list");
}

void damaged_text_is_refused() {
  const std::string_view bad[] = {
      "garbage",
      "1140",
      "1140 ",
      " 1140 Meadow",
      "1140  Meadow",
      "1140 Meadow ",
      "-5 Meadow",
      "+5 Meadow",
      "12x Meadow",
      "0x10 Meadow",
      "100000000 Meadow",
      "99999999999999999999999 Meadow",
      "1140\tMeadow",
      "1140 Mea\x01dow",
      "1140 Meadow\n\xff\xfe\x00\x01",
      "1140 a name far longer than any place of the map could be",
      "1140 Meadow\n640 Caverns\nnot a line",
  };
  for (const std::string_view text : bad) {
    expect(!demo::best_scores::parse(text).has_value(),
           "damaged text accepted: '" + std::string(text) + "'");
  }
}

void scores_round_trip() {
  demo::best_scores scores;
  expect(scores.offer("Meadow", 300), "a first score is not kept");
  expect(!scores.offer("Meadow", 200), "a lower score replaced the best");
  expect(scores.offer("Meadow", 1140), "a higher score is not kept");
  scores.offer("Rampart Keep", demo::best_scores::max_score);
  const auto back = demo::best_scores::parse(scores.format());
  expect(back.has_value(), "the text written is refused when read:\n" + scores.format());
  if (back) {
    expect(back->of("Meadow") == 1140 && back->of("Rampart Keep") == demo::best_scores::max_score,
           "the scores read back differ from those written");
  }
}

void files_that_are_no_scores(const fs::path& dir) {
  const demo::kept_scores missing(dir / "none" / "best_scores.txt");
  expect(missing.kept() && !missing.best("Meadow").has_value(), "a missing file has scores");

  write_file(dir / "damaged.txt", "1140 Meadow\n\x7f\x45LF garbage\n");
  expect(!demo::kept_scores(dir / "damaged.txt").best("Meadow").has_value(),
         "a damaged file was half believed");

  write_file(dir / "huge.txt", std::string(100 * 1024, '#'));
  expect(!demo::kept_scores(dir / "huge.txt").best("Meadow").has_value(),
         "an oversized file gave scores");

  // A directory where the file should be: nothing read, and a new best is not kept (the rename
  // fails) without stopping anything.
  fs::create_directories(dir / "a_directory.txt");
  demo::kept_scores blocked(dir / "a_directory.txt");
  blocked.record("Meadow", 100);
  expect(fs::is_directory(dir / "a_directory.txt"), "the directory in the file's place changed");
  expect(blocked.best("Meadow") == 100, "the run's best is lost when the file cannot be written");
}

void a_new_best_is_written_whole(const fs::path& dir) {
  const fs::path file = dir / "data" / "strata-demo" / "best_scores.txt";
  {
    demo::kept_scores kept(file);
    kept.record("Orc Pass", 1000);
    kept.record("Orc Pass", 400); // not a new best: the file keeps 1000
    kept.record("Meadow", 1140);
  }
  const demo::kept_scores again(file);
  expect(again.best("Orc Pass") == 1000 && again.best("Meadow") == 1140,
         "the scores written are not read back by the next run");
  int entries = 0;
  for (const auto& entry : fs::directory_iterator(file.parent_path())) {
    ++entries;
    expect(entry.path() == file, "left behind: " + entry.path().string());
  }
  expect(entries == 1, "the scores' directory does not hold exactly the file");
}

void the_file_follows_the_environment() {
  setenv("XDG_DATA_HOME", "/xdg/data", 1);
  setenv("HOME", "/home/player", 1);
  expect(demo::best_scores_file() == fs::path("/xdg/data/strata-demo/best_scores.txt"),
         "XDG_DATA_HOME is not followed");
  setenv("XDG_DATA_HOME", "relative/data", 1); // not absolute: ignored, as the XDG spec says
  expect(demo::best_scores_file() ==
             fs::path("/home/player/.local/share/strata-demo/best_scores.txt"),
         "a relative XDG_DATA_HOME is not ignored for HOME");
  unsetenv("XDG_DATA_HOME");
  expect(demo::best_scores_file() ==
             fs::path("/home/player/.local/share/strata-demo/best_scores.txt"),
         "HOME is not the fallback");
  unsetenv("HOME");
  expect(!demo::best_scores_file().has_value(), "a file with neither XDG_DATA_HOME nor HOME");
}

// The whole game with scores kept, as a player's run has them: the script does every place.
void the_ending_shows_the_best_ever(const fs::path& dir, const demo::script& inputs) {
  const fs::path file = dir / "ending" / "best_scores.txt";
  fs::create_directories(file.parent_path());
  write_file(file, "9000 Meadow\n"); // a better Meadow from an earlier run
  demo::cell_grid screen(80, 25);
  demo::testing::play_to_end(inputs, screen, demo::kept_scores(file));
  std::string shown;
  for (int y = 0; y < screen.height(); ++y) {
    shown += screen.row(y) + "\n";
  }
  for (const char* line : {"this run  best ever", "Meadow              1140       9000",
                           "Orc Pass            1000       1000"}) {
    expect(shown.find(line) != std::string::npos,
           std::string("the ending does not show '") + line + "':\n" + shown);
  }
  const demo::kept_scores after(file);
  expect(after.best("Meadow") == 9000 && after.best("Caverns") == 640 &&
             after.best("Rampart Keep") == 2780 && after.best("Orc Pass") == 1000,
         "the run's scores are not all kept, or a lower one replaced a best");
}

} // namespace

int main(int argc, char** argv) {
  const auto inputs = demo::testing::script_argument(argc, argv, "realm_safe.keys");
  if (!inputs) {
    return 2;
  }
  const fs::path dir =
      fs::temp_directory_path() / ("strata-best-scores-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  good_text_is_read();
  damaged_text_is_refused();
  scores_round_trip();
  files_that_are_no_scores(dir);
  a_new_best_is_written_whole(dir);
  the_file_follows_the_environment();
  the_ending_shows_the_best_ever(dir, *inputs);
  fs::remove_all(dir);
  if (failures == 0) {
    std::puts("best scores check: passed");
  }
  return failures == 0 ? 0 : 1;
}
