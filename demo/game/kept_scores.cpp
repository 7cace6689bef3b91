// demo/game/kept_scores.cpp: the best scores' file.
#include "kept_scores.hpp"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <utility>

#include <unistd.h>

namespace demo {
namespace {

// Ours is a few lines; anything much bigger is not our file, and is not read into memory.
constexpr std::uintmax_t max_file_bytes = 64 * 1024;

std::optional<std::string> read_small_file(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error) ||
      std::filesystem::file_size(file, error) > max_file_bytes || error) {
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) {
    return std::nullopt;
  }
  return text;
}

// The XDG base directory rule: a relative path in the variable is ignored.
std::optional<std::filesystem::path> absolute_from(const char* variable) {
  const char* value = std::getenv(variable);
  if (value == nullptr || *value == '\0') {
    return std::nullopt;
  }
  std::filesystem::path path(value);
  if (!path.is_absolute()) {
    return std::nullopt;
  }
  return path;
}

} // namespace

kept_scores::kept_scores(std::filesystem::path file)
    : file_(std::move(file)) {
  if (const auto text = read_small_file(*file_)) {
    scores_ = best_scores::parse(*text).value_or(best_scores{});
  }
}

void kept_scores::record(std::string_view place, int score) {
  if (!file_ || !scores_.offer(place, score)) {
    return;
  }
  // The game goes on whatever happens here: a score not kept is no reason to stop playing.
  std::error_code error;
  std::filesystem::create_directories(file_->parent_path(), error);
  std::filesystem::path temporary = *file_;
  temporary += ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << scores_.format();
    out.close();
    if (!out) {
      std::filesystem::remove(temporary, error);
      return;
    }
  }
  std::filesystem::rename(temporary, *file_, error);
  if (error) {
    std::filesystem::remove(temporary, error);
  }
}

std::optional<std::filesystem::path> best_scores_file() {
  const std::filesystem::path name = std::filesystem::path("strata-demo") / "best_scores.txt";
  if (const auto data = absolute_from("XDG_DATA_HOME")) {
    return *data / name;
  }
  if (const auto home = absolute_from("HOME")) {
    return *home / ".local" / "share" / name;
  }
  return std::nullopt;
}

} // namespace demo
