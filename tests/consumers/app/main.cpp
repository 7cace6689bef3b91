// The program every consumer test builds outside strata's own build: one stack, one state, one
// frame, then the stack's destruction. run_consumer.cmake compares what it prints, so a consumer
// that compiles against the wrong headers or loses the C++20 requirement cannot pass.
#include <iostream>
#include <string>
#include <string_view>

#include <strata/strata.hpp>

// The headers are the version CMake found (consumer_app.cmake passes it), so the version kept in
// CMakeLists.txt's project() and the one in strata/version.h cannot drift apart.
static_assert(STRATA_VERSION_MAJOR == EXPECTED_MAJOR && STRATA_VERSION_MINOR == EXPECTED_MINOR &&
                  STRATA_VERSION_PATCH == EXPECTED_PATCH,
              "strata/version.h disagrees with the version in strata's CMakeLists.txt");
static_assert(STRATA_VERSION == EXPECTED_MAJOR * 10000 + EXPECTED_MINOR * 100 + EXPECTED_PATCH);

namespace {

struct greeter {
  static constexpr std::string_view name = "greeter";
  void enter(std::string& trace) { trace += "enter "; }
  void update(std::string& trace, double /*dt*/) { trace += "update "; }
  void exit(std::string& trace) { trace += "exit"; }
};

} // namespace

int main() {
  std::string trace;
  {
    strata::stack<std::string> states{trace};
    states.push<greeter>();
    states.frame(1.0 / 60.0);
    std::cout << states.describe() << '\n';
  }
  std::cout << trace << '\n';
}
