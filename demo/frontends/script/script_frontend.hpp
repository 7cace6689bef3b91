// demo/frontends/script/script_frontend.hpp: the headless front end: plays a script at the
// fixed time step without any display and prints the transcript.
#pragma once

#include <cstdint>
#include <string>

#include "../../game/continue_file.hpp"
#include "../../game/script.hpp"

namespace demo {

struct headless_options {
  std::uint64_t seed = 1;
  int width = 80;
  int height = 25;
  bool print_screen = false; // also print the last frame's cells as text
  // Also print what a save would hold at each frame where the stack changed.
  bool print_snapshots = false;
  continue_files saves; // the script's end saves to saves.save_to, if set
  std::string trace;    // --trace: where the run's Chrome trace goes, if anywhere
};

int run_headless(const script& inputs, const headless_options& options);

} // namespace demo
