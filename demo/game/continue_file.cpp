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
  if (saved.empty()) {
    // Only a file that could be a saved game goes: never a device or a directory given by
    // mistake. None there is nothing to do.
    if (std::filesystem::symlink_status(*file, error).type() ==
        std::filesystem::file_type::regular) {
      std::filesystem::remove(*file, error);
    } else {
      error.clear();
    }
  } else if (!write_atomically(*file, saved)) {
    error = std::make_error_code(std::errc::io_error);
  }
  if (error) {
    std::fprintf(stderr, "strata-demo: cannot %s %s\n",
                 saved.empty() ? "remove" : "save the game in", file->string().c_str());
  }
}

} // namespace demo
