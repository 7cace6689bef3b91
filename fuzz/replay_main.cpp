// fuzz/replay_main.cpp: plays fuzzer inputs without libFuzzer, so that every build replays the
// seed corpora and the regressions (the ctests fuzz_replay and fuzz_c_api_replay): linked with
// one fuzz target; each argument is a file or a folder of files, each file one input for its
// LLVMFuzzerTestOneInput, which aborts on a failure.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

void replay(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
  std::printf("%s (%zu bytes)\n", file.string().c_str(), bytes.size());
  std::fflush(stdout);
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

} // namespace

int main(int argc, char** argv) {
  std::size_t played = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path where(argv[i]);
    if (!std::filesystem::exists(where)) {
      continue; // an empty regressions/ folder is not in git
    }
    if (std::filesystem::is_directory(where)) {
      std::vector<std::filesystem::path> files;
      for (const auto& each : std::filesystem::directory_iterator(where)) {
        if (each.is_regular_file() && each.path().filename().string().front() != '.') {
          files.push_back(each.path());
        }
      }
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        replay(file);
        ++played;
      }
    } else {
      replay(where);
      ++played;
    }
  }
  std::printf("%zu inputs replayed, none failed\n", played);
  return played > 0 ? 0 : 1;
}
