// demo/game/states/siege_phases.hpp: the phases of one siege round. The round pushes them all
// at once (first listed on top); each one pops itself when its time or its work is done, which
// reveals the next. They are all entered when pushed, so enter is where a phase prepares (it
// finds the round's board below it; the fleet appears on the horizon during placement); a phase
// starts playing when it is on top. Each saves its own clock and choices (siege_saved.cpp); the
// board is the round's.
#pragma once

#include <optional>
#include <string>

#include <strata/record.hpp>

#include "../game.hpp"
#include "siege_field.hpp"

namespace demo {

// A headline between phases, over the phase it announces (live: drawn and ticking below).
class banner {
public:
  static constexpr strata::modality modality = strata::modality::live;

  explicit banner(std::string headline)
      : headline_(std::move(headline)) {}
  explicit banner(strata::record& saved);
  void save(strata::record& out) const;

  void update(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  std::string headline_;
  double left_ = 1.2;
};

class place_turrets {
public:
  place_turrets() = default;
  explicit place_turrets(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  siege_field* field_ = nullptr; // the round's, found in enter
  double left_ = 8.0;
  int slot_ = 0;
  int placed_ = 0;
};

class fire {
public:
  fire() = default;
  explicit fire(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  void shoot(game& g);

  siege_field* field_ = nullptr; // the round's, found in enter
  double left_ = 10.0;
  double cooldown_ = 0;
  int target_ = 0;
};

// One brick for every gap, and time to lay them: see rebuild_seconds in siege_phases.cpp.
class rebuild {
public:
  rebuild() = default;
  explicit rebuild(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void focus(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  siege_field* field_ = nullptr; // the round's, found in enter
  std::optional<double> left_;   // set when the phase starts playing: the gaps are known then
  int pick_ = 0;
};

class round_summary {
public:
  round_summary() = default;
  explicit round_summary(strata::record& saved);
  void save(strata::record& out) const;

  void enter(game& g);
  void update(game& g, double dt);
  void draw(game& g) const;
  bool handle(game& g, const input_event& e);

private:
  siege_field* field_ = nullptr; // the round's, found in enter
  double left_ = 2.0;
  bool tallied_ = false;
};

} // namespace demo
