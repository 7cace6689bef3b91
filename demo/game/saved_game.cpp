// demo/game/saved_game.cpp: saving the game as text, and continuing from that text.
#include "saved_game.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <strata/save.hpp>

#include "savable_states.hpp"
#include "saved_fields.hpp"

namespace demo {
namespace {

// The demo's own line, first: what the context holds (see saved_game.hpp).
constexpr std::string_view context_key = "game";
constexpr std::uint32_t context_version = 1;

// More frames or beats than a thousand years of play: not a clock of ours.
constexpr std::int64_t longest_clock = 1'000'000'000'000;

// The restored states go above the system, which every run makes itself.
constexpr std::size_t system_depth = 1;

strata::saved_state save_context(const game& g) {
  strata::saved_state line;
  line.key = context_key;
  line.data.set_version(context_version);
  line.data.set("frame", g.clock.frame);
  // All 64 bits, in the signed integer a record keeps (the same bits read back).
  line.data.set("chance", std::bit_cast<std::int64_t>(g.chance.state()));
  line.data.set("beats", g.music.beats());
  line.data.set("into_beat", g.music.into_beat());
  return line;
}

struct context {
  std::uint64_t frame;
  rng chance;
  demo::music music;
};

// The context saved in `line`, or why it cannot be read.
std::optional<context> read_context(const strata::saved_state& line, std::string& problem) {
  strata::record saved = line.data;
  if (saved.version() > context_version) {
    problem = "the game's line was saved by a newer strata-demo (v" +
              std::to_string(saved.version()) + ")";
    return std::nullopt;
  }
  const auto frame = saved.get<std::int64_t>("frame");
  const auto chance = std::bit_cast<std::uint64_t>(saved.get<std::int64_t>("chance"));
  const auto beats = saved.get<long>("beats");
  const double into_beat = get_seconds(saved, "into_beat");
  if (frame < 0 || frame > longest_clock || beats < 0 || beats > longest_clock ||
      into_beat >= music::beat_seconds) {
    saved.fail("a clock is out of its range");
  }
  if (saved.failed()) {
    problem = "the game's line: " + std::string(saved.problem());
    return std::nullopt;
  }
  return context{static_cast<std::uint64_t>(frame), rng(chance), music(beats, into_beat)};
}

// Why the saved stack cannot be played: one that does not start with the title (back would lead
// nowhere), or a state with no owner below it (owner_below in game.hpp); empty if it can.
std::string check_stack(const strata::snapshot& stack) {
  if (stack.states.empty() || stack.states.front().key != "title") {
    return "its stack does not start with the title";
  }
  const auto& owners = savable().owners;
  for (std::size_t i = 0; i < stack.states.size(); ++i) {
    const std::string& key = stack.states[i].key;
    const auto owned = std::find_if(owners.begin(), owners.end(),
                                    [&](const auto& pair) { return pair.first == key; });
    if (owned == owners.end()) {
      continue;
    }
    const auto below = stack.states.begin() + static_cast<std::ptrdiff_t>(i);
    if (std::none_of(stack.states.begin(), below,
                     [&](const strata::saved_state& s) { return s.key == owned->second; })) {
      return "its " + key + " has no " + std::string(owned->second) + " below it";
    }
  }
  return {};
}

// strata::restore() reports a snapshot it cannot rebuild through the stack's error path: an
// exception or, in a build without exceptions, the error handler, after which it returns.
std::string restore_stack(game& g, const strata::snapshot& stack) {
#ifdef STRATA_NO_EXCEPTIONS
  std::string problem;
  g.states.set_error_handler([&](const strata::error& e) { problem = e.what(); });
  strata::restore(g.states, savable().types, stack, {.above = system_depth});
  g.states.set_error_handler({});
  return problem;
#else
  try {
    strata::restore(g.states, savable().types, stack, {.above = system_depth});
  } catch (const strata::error& e) {
    return e.what();
  }
  return {};
#endif
}

} // namespace

std::string save_game(const game& g) {
  const strata::save_result saved = strata::save(g.states, savable().types, {.from = system_depth});
  if (saved.taken.states.size() <= 1) {
    return {}; // the title alone: a new game is the same
  }
  strata::snapshot file;
  file.states.reserve(saved.taken.states.size() + 1);
  file.states.push_back(save_context(g));
  file.states.insert(file.states.end(), saved.taken.states.begin(), saved.taken.states.end());
  std::string text = strata::to_text(file);
  // Comments, which a continue skips: what the save stopped below (a quit question).
  for (const strata::left_out& left : saved.left) {
    text += "# not saved: " + left.name + " (depth " + std::to_string(left.depth) +
            "): " + left.why + "\n";
  }
  return text;
}

std::string continue_game(game& g, std::string_view text) {
  strata::parsed_snapshot read = strata::parse_snapshot(text);
  if (!read.ok) {
    return "line " + std::to_string(read.line) + ": " + read.problem;
  }
  std::vector<strata::saved_state>& states = read.taken.states;
  if (states.empty() || states.front().key != context_key) {
    return "it does not start with the game's line";
  }
  std::string problem;
  const auto saved_context = read_context(states.front(), problem);
  if (!saved_context) {
    return problem;
  }
  states.erase(states.begin());
  if (problem = check_stack(read.taken); !problem.empty()) {
    return problem;
  }
  if (problem = restore_stack(g, read.taken); !problem.empty()) {
    return problem;
  }
  g.clock.frame = saved_context->frame;
  g.chance = saved_context->chance;
  g.music = saved_context->music;
  return {};
}

} // namespace demo
