// demo/game/map_loader.hpp: the boot state's loading. The level maps are read from the demo's
// data directory, and checked, on a worker (the game's load executor) while the boot screen
// shows how many are read. The boot state polls it each update; the worker never touches the
// stack or the game, only the job they share, so no post is needed (strata::loading, which
// builds a state, is for the level's load: world.cpp).
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include <strata/load_executor.hpp>
#include <strata/loading.hpp>

#include "states/level_map.hpp"

namespace demo {

// Where the maps are read from: $STRATA_DEMO_DATA/maps if that is set, else the demo's own
// demo/data/maps, where the build found it.
[[nodiscard]] std::filesystem::path maps_directory();

class map_loader {
public:
  struct result {
    std::vector<level_map> maps; // in the order of level_map_files, or none
    std::string problem;         // why there are none: which file, which line
  };

  map_loader() = default;
  map_loader(const map_loader&) = delete;
  map_loader& operator=(const map_loader&) = delete;
  map_loader(map_loader&&) = delete;
  map_loader& operator=(map_loader&&) = delete;
  // The worker is told to stop (it checks between files) and finishes with the job it shares.
  ~map_loader();

  void start(strata::load_executor& executor, std::filesystem::path directory);
  // The fraction of the files read so far.
  [[nodiscard]] double progress() const;
  [[nodiscard]] bool ended() const;
  // Once ended(): what the worker read. Once only.
  [[nodiscard]] result take();

private:
  struct job {
    std::stop_source stop;
    strata::load_progress progress;
    std::atomic<bool> ended{false}; // released after `out` is written
    result out;
  };
  static void read_all(job& j, const std::filesystem::path& directory);

  std::shared_ptr<job> job_;
};

} // namespace demo
