// bench/scenarios/save_restore.hpp: the measured work of scenario S9, saving and restoring a
// stack `depth` states deep (issue 14: a 1,000-deep stack saved in under 1 ms, restored in under
// 2 ms, a warm restore allocating nothing beyond its states). strata only: the baselines cannot
// save. Each workload follows workloads.hpp's shape (built from its size, run() the measured
// work, reset() what undoes it off the clock) so that harness.hpp's batches time it.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <utility>

#include <strata/save.hpp>
#include <strata/strata.hpp>

#include "../hook_body.hpp"

namespace bench::save_restore {

// Three savable state types with what a game keeps: an integer, a number and a short text (each
// shorter than 16 characters, so that std::string keeps it inline). Their hooks are the trivial
// counted bodies of the other scenarios, so that the commit after a restore does its ordinary
// work without game code to speak of.
struct hooked {
  void enter() { hook_body(); }
  void exit() { hook_body(); }
  void pause() { hook_body(); }
  void resume() { hook_body(); }
};

struct world_map : hooked {
  int seed = 0;
  double zoom = 0;
  std::string region;
  world_map(int s, double z, std::string r)
      : seed(s)
      , zoom(z)
      , region(std::move(r)) {}
  explicit world_map(strata::record& saved)
      : seed(saved.get<int>("seed"))
      , zoom(saved.get<double>("zoom"))
      , region(saved.get<std::string>("region")) {}
  void save(strata::record& out) const {
    out.set("seed", seed);
    out.set("zoom", zoom);
    out.set("region", region);
  }
};

struct level : hooked {
  int number = 0;
  double time_left = 0;
  std::string checkpoint;
  level(int n, double t, std::string c)
      : number(n)
      , time_left(t)
      , checkpoint(std::move(c)) {}
  explicit level(strata::record& saved)
      : number(saved.get<int>("number"))
      , time_left(saved.get<double>("time_left"))
      , checkpoint(saved.get<std::string>("checkpoint")) {}
  void save(strata::record& out) const {
    out.set("number", number);
    out.set("time_left", time_left);
    out.set("checkpoint", checkpoint);
  }
};

struct dialog : hooked {
  static constexpr strata::modality modality = strata::modality::freeze;
  int line = 0;
  double text_speed = 0;
  std::string speaker;
  dialog(int l, double s, std::string who)
      : line(l)
      , text_speed(s)
      , speaker(std::move(who)) {}
  explicit dialog(strata::record& saved)
      : line(saved.get<int>("line"))
      , text_speed(saved.get<double>("text_speed"))
      , speaker(saved.get<std::string>("speaker")) {}
  void save(strata::record& out) const {
    out.set("speaker", speaker); // first: the types do not all save their fields in one order
    out.set("line", line);
    out.set("text_speed", text_speed);
  }
};

inline strata::save_types<> registered_types() {
  strata::save_types<> types;
  types.add<world_map>("world_map");
  types.add<level>("level", 2);
  types.add<dialog>("dialog");
  return types;
}

// A misbuilt scenario would time the wrong work: it stops the benchmark instead.
inline void require(bool holds, const char* what) {
  if (!holds) {
    std::fprintf(stderr, "S9: %s\n", what);
    std::abort();
  }
}

// A committed stack of `depth` states, the three types in turn, each with its own values.
inline void fill(strata::stack<>& states, std::size_t depth) {
  static constexpr const char* words[] = {"north gate", "Ana", "harbor", "boss room", "Kofi"};
  for (std::size_t i = 0; i < depth; ++i) {
    const int n = static_cast<int>(i);
    const std::string word = words[i % std::size(words)];
    switch (i % 3) {
    case 0: states.push<world_map>(n, 1.0 + 0.25 * n, word); break;
    case 1: states.push<level>(n, 90.5 - n, word); break;
    default: states.push<dialog>(n, 0.05 * n, word); break;
    }
  }
  states.commit();
  require(states.size() == depth, "the stack was not filled");
}

// What every S9 workload starts from: the types, a committed stack `depth` deep, its snapshot
// and the snapshot's text.
struct saved_stack {
  explicit saved_stack(std::size_t depth)
      : types(registered_types()) {
    fill(states, depth);
    taken = strata::save(states, types).taken;
    text = strata::to_text(taken);
    require(taken.states.size() == depth, "save() left states out");
    require(strata::parse_snapshot(text).taken == taken, "the text does not read back");
  }
  strata::save_types<> types;
  strata::stack<> states;
  strata::snapshot taken;
  std::string text;
};

// (a) strata::save() of the committed stack; the snapshot is destroyed off the clock.
class save_stack {
public:
  explicit save_stack(std::size_t depth)
      : saved_(depth) {}
  void run() { result_ = strata::save(saved_.states, saved_.types); }
  void reset() { result_ = {}; }
  [[nodiscard]] static std::size_t units() { return 1; }

private:
  saved_stack saved_;
  strata::save_result result_;
};

// (b) strata::to_text() of that snapshot.
class write_text {
public:
  explicit write_text(std::size_t depth)
      : saved_(depth) {}
  void run() { text_ = strata::to_text(saved_.taken); }
  void reset() { text_ = {}; }
  [[nodiscard]] static std::size_t units() { return 1; }

private:
  saved_stack saved_;
  std::string text_;
};

// (c) strata::parse_snapshot() of that text.
class read_text {
public:
  explicit read_text(std::size_t depth)
      : saved_(depth) {}
  void run() { parsed_ = strata::parse_snapshot(saved_.text); }
  void reset() { parsed_ = {}; }
  [[nodiscard]] static std::size_t units() { return 1; }

private:
  saved_stack saved_;
  strata::parsed_snapshot parsed_;
};

// (d) strata::restore() of the snapshot into an empty stack, with the commit that enters its
// states (`with_commit`) or alone (the states staged, not entered). reset() clears the stack
// again. The constructor warms the stack up as a game that restores twice would have: one
// restore, its commit, a clear and its commit, after which the stack's pool, its arrays and
// restore()'s own buffers have the sizes they keep; the first run measured is the next restore.
template <bool with_commit>
class restore_stack {
public:
  explicit restore_stack(std::size_t depth)
      : saved_(depth) {
    run();
    require(restored_.staged().size() == depth, "restore() did not stage the snapshot");
    reset();
  }
  void run() {
    require(static_cast<bool>(strata::restore(restored_, saved_.types, saved_.taken)),
            "restore() failed");
    if constexpr (with_commit) {
      restored_.commit();
    }
  }
  void reset() {
    restored_.clear();
    restored_.commit();
  }
  [[nodiscard]] static std::size_t units() { return 1; }

private:
  saved_stack saved_;
  strata::stack<> restored_;
};

} // namespace bench::save_restore
