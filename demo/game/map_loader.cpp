// demo/game/map_loader.cpp: reading the maps on the worker.
#include "map_loader.hpp"

#include <cstdlib>
#include <optional>
#include <utility>

#include "data_files.hpp"

namespace demo {

std::filesystem::path maps_directory() {
  if (const char* data = std::getenv("STRATA_DEMO_DATA"); data != nullptr && *data != '\0') {
    return std::filesystem::path(data) / "maps";
  }
  return std::filesystem::path(STRATA_DEMO_DATA_DIR) / "maps";
}

map_loader::~map_loader() {
  if (job_ != nullptr) {
    job_->stop.request_stop();
  }
}

void map_loader::start(strata::load_executor& executor, std::filesystem::path directory) {
  job_ = std::make_shared<job>();
  executor.start([j = job_, directory = std::move(directory)] {
    read_all(*j, directory);
    j->ended.store(true, std::memory_order_release);
  });
}

// On the worker. Stops at the first file that cannot be read or is not a map, or when asked to.
void map_loader::read_all(job& j, const std::filesystem::path& directory) {
  std::vector<level_map> maps;
  for (const std::string_view name : level_map_files) {
    if (j.stop.stop_requested()) {
      j.out.problem = "stopped";
      return;
    }
    const std::filesystem::path file = directory / name;
    const std::optional<std::string> text = read_small_file(file);
    if (!text) {
      j.out.problem = file.string() + " cannot be read";
      return;
    }
    std::string problem;
    std::optional<level_map> map = parse_level_map(*text, problem);
    if (!map) {
      j.out.problem = file.string() + ": " + problem;
      return;
    }
    maps.push_back(std::move(*map));
    j.progress.report(static_cast<double>(maps.size()) / level_map_files.size());
  }
  j.out.maps = std::move(maps);
}

double map_loader::progress() const {
  return job_ != nullptr ? job_->progress.fraction() : 0.0;
}

bool map_loader::ended() const {
  return job_ != nullptr && job_->ended.load(std::memory_order_acquire);
}

map_loader::result map_loader::take() {
  return std::move(job_->out);
}

} // namespace demo
