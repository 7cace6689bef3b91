// demo/game/continue_file.cpp: reading and keeping the saved game's file.
#include "continue_file.hpp"

#include <cstdio>
#include <system_error>

#include "data_files.hpp"

namespace demo {

std::optional<std::filesystem::path> continue_file() {
  return data_file("continue.txt");
}

continuation read_continuation(const std::filesystem::path& file) {
  continuation out;
  out.text = read_small_file(file);
  if (!out.text) {
    out.unreadable = "no saved game in " + file.string();
  }
  return out;
}

void keep_saved_game(const std::optional<std::filesystem::path>& file, std::string_view saved) {
  if (!file) {
    return;
  }
  std::error_code error;
  const bool kept = saved.empty() ? (std::filesystem::remove(*file, error), !error)
                                  : write_atomically(*file, saved);
  if (!kept) {
    std::fprintf(stderr, "strata-demo: cannot %s %s\n",
                 saved.empty() ? "remove" : "save the game in", file->string().c_str());
  }
}

} // namespace demo
