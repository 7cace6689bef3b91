// Instantiates every public template path of strata a game reaches, in a translation unit that
// the strict_warnings consumer compiles with -Wall -Wextra -Wpedantic -Wshadow -Wconversion
// -Wsign-conversion -Werror and strata's include directory NOT marked SYSTEM: a warning in any
// public header, the C API's strata.h among them, fails the build. Compiled only, never run
// (the other consumers run a program).
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>
#include <version>

#ifdef __cpp_lib_memory_resource
#include <memory_resource>
#endif

#include <strata/strata.h> // the C API's header, which C++ bindings include too
#include <strata/strata.hpp>
#include <strata/trace_chrome.hpp>
#include <strata/trace_recorder.hpp>
#include <strata/trace_timeline.hpp>

namespace {

struct game;
struct key {
  int code = 0;
};
using stack = strata::stack<game, key>;

struct game {
  std::vector<std::string> log;
  int answer = 0;
};

// Every hook, each with the context.
struct full {
  static constexpr std::string_view name = "full";
  static constexpr strata::modality modality = strata::modality::live;
  int value = 0;
  explicit full(int start)
      : value(start) {}
  void enter(game& g) { g.log.emplace_back("full.enter"); }
  void exit(game& g) { g.log.emplace_back("full.exit"); }
  void pause(game& g) { g.log.emplace_back("full.pause"); }
  void resume(game& g) { g.log.emplace_back("full.resume"); }
  void update(game& g, double dt) { value += dt > 0.0 ? 1 : g.answer; }
  void update_covered(game&, double) { ++value; }
  void draw(game& g) { g.log.emplace_back("full.draw"); }
  bool handle(game&, const key& k) { return k.code == value; }
};

// Every hook, none with the context.
struct bare {
  void enter() {}
  void exit() {}
  void pause() {}
  void resume() {}
  void update(double) {}
  void update_covered(double) {}
  void draw() {}
  bool handle(const key& k) { return k.code != 0; }
};

// No hook at all.
struct empty {};

// The optional virtual base class.
struct virtual_state : strata::state<game, key> {
  void enter(game& g) override { g.log.emplace_back("virtual.enter"); }
  bool handle(game&, const key& k) override { return k.code == 1; }
};

struct dialog {
  int choice = 3;
};

// A stack without context or events, with the defaults of everything.
// A game's own allocator: any object with these two members.
struct game_allocator {
  void* allocate(std::size_t bytes, std::size_t alignment) {
    return strata::memory{}.allocate(bytes, alignment);
  }
  void deallocate(void* block, std::size_t bytes, std::size_t alignment) noexcept {
    strata::memory{}.deallocate(block, bytes, alignment);
  }
};

struct plain {
  void update(double) {}
};

void requests_and_passes(game& g, strata::memory memory) {
  strata::options settings;
  settings.coalesced = true;
  settings.max_transitions = 100;
  settings.max_depth = 10;
  settings.memory = memory;
  stack states{g, settings};
  // R36: every pass and step below also goes through the probe's paths, and out to both exports.
  strata::trace_recorder recorder{256};
  states.set_probe(&recorder);

  states.set_observer([&g](const strata::step_info& info) {
    g.log.push_back(std::string(strata::to_string(info.step)) + std::string(info.state) +
                    std::to_string(info.depth));
  });
  states.set_error_handler([&g](const strata::error& failure) {
    g.log.emplace_back(failure.what());
    g.answer = static_cast<int>(failure.code());
  });
  states.set_coalesced(false);
  states.set_max_transitions(1000);
  states.set_max_depth(100);

  states.push<full>(1).name("first").modality(strata::modality::freeze);
  states.push<dialog>().on_exit([&g](dialog& d) { g.answer = d.choice; });
  states.push<dialog>().on_exit([](game& context, dialog& d) { context.answer = d.choice; });
  states.push(std::make_unique<bare>());
  static empty borrowed_state;
  states.push(strata::borrow(borrowed_state));
  states.push(std::make_unique<virtual_state>());
  states.replace<full>(2);
  states.replace(std::make_unique<bare>()).name("bare again");
  states.replace(strata::borrow(borrowed_state));
  states.push_first_on_top(full{3}, bare{}, empty{});
  states.commit();

  const std::array<key, 2> keys{key{1}, key{2}};
  states.frame(1.0 / 60.0);
  states.frame(1.0 / 60.0, std::span<const key>(keys));
  states.update(0.5);
  states.draw();
  [[maybe_unused]] const bool consumed = states.handle(key{4});

  states.pop_until("first");
  states.pop_until([](const stack::view::value_type& entry) { return entry.is<full>(); });
  states.pop_until([](const auto& entry) { return entry.depth() == 0U; });
  states.pop_to(1);
  states.pop();
  states.clear();
  states.commit();
  states.begin_frame();
  states.end_frame();
  if (const std::optional<strata::recorded_stack> at = recorder.stack_at(recorder.oldest_frame())) {
    g.log.push_back(at->describe() + at->describe_staged());
  }
  g.log.push_back(strata::to_chrome_trace(recorder) + strata::to_timeline(recorder));
  states.set_probe(nullptr);
}

std::size_t queries(const stack& states) {
  std::size_t total = states.size() + (states.empty() ? 1U : 0U);
  total += states.pending() ? 1U : 0U;
  total += states.leaving() ? 1U : 0U;
  total += states.describe().size();
  total += states.settings().max_depth;
  total += static_cast<std::size_t>(states.context().answer);
  for (const stack::view& view : {states.committed(), states.staged()}) {
    total += view.size() + (view.empty() ? 1U : 0U);
    for (const auto& entry : view) {
      total += entry.name().size() + entry.depth();
      total += entry.paused() ? 1U : 0U;
      total += entry.modality() == strata::modality::screen ? 1U : 0U;
      if (const full* state = entry.get<full>()) {
        total += static_cast<std::size_t>(state->value);
      }
      total += entry.is<bare>() ? 1U : 0U;
    }
    if (!view.empty()) {
      total += view[0].depth();
    }
    if (const std::optional<stack::view::value_type> top = view.top()) {
      total += top->name().size();
    }
    if (const auto found = view.find("first")) {
      total += found->depth();
    }
    total += view.contains("bare") ? 1U : 0U;
  }
  return total;
}

} // namespace

// External linkage, so that nothing above is unused.
std::size_t strata_strict_warnings_check() {
  game g;
  game_allocator allocator;
  requests_and_passes(g, &allocator);
#ifdef __cpp_lib_memory_resource
  std::pmr::unsynchronized_pool_resource pool;
  requests_and_passes(g, &pool);
#endif
  stack states{g};
  strata::stack<> without_context;
  without_context.push<plain>();
  without_context.frame(0.25);
  return queries(states) + without_context.size();
}
