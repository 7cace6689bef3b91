// demo/game/data_files.cpp: where the kept files are, and reading and writing them safely.
#include "data_files.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

#include <unistd.h>

namespace demo {
namespace {

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

std::optional<std::filesystem::path> data_file(std::string_view name) {
  const std::filesystem::path in_data = std::filesystem::path("strata-demo") / name;
  if (const auto data = absolute_from("XDG_DATA_HOME")) {
    return *data / in_data;
  }
  if (const auto home = absolute_from("HOME")) {
    return *home / ".local" / "share" / in_data;
  }
  return std::nullopt;
}

std::optional<std::string> read_small_file(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error) ||
      std::filesystem::file_size(file, error) > max_data_file_bytes || error) {
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (!in.is_open() || in.bad()) {
    return std::nullopt;
  }
  return text;
}

bool write_atomically(const std::filesystem::path& file, std::string_view text) {
  std::error_code error;
  std::filesystem::create_directories(file.parent_path(), error);
  std::filesystem::path temporary = file;
  temporary += ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
      std::filesystem::remove(temporary, error);
      return false;
    }
  }
  std::filesystem::rename(temporary, file, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    return false;
  }
  return true;
}

} // namespace demo
