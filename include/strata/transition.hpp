// strata/transition.hpp: how long a state takes to arrive and to leave (R33), and what its draw
// hook can read of it while it does. Transitions change when states are drawn and destroyed,
// never the hooks: the lifecycle is the same with them on or off.
#pragma once

#include <cstdint>
#include <string_view>

namespace strata {

// Seconds of update() time (its dt, times the time scales above the state, R32) that a state
// takes to arrive after it entered and to leave after it exited; 0 is at once.
struct transition {
  float arrive = 0.0F;
  float leave = 0.0F;
  // While it arrives or leaves, events go on to the states below instead of stopping there (a
  // toast that should not swallow a key press); by default they stop and count as consumed.
  bool input_passes = false;

  [[nodiscard]] static constexpr transition fade(float seconds) { return {seconds, seconds}; }
  [[nodiscard]] constexpr bool animated() const { return arrive > 0.0F || leave > 0.0F; }
  friend constexpr bool operator==(const transition&, const transition&) = default;
};

// Where a drawn state stands: its own transition first, else the one of the state drawn
// directly above it (the secondary animation).
enum class phase : std::uint8_t {
  present,        // fully there, nothing drawn above it
  arriving,       // entered, its presence rising to 1
  leaving,        // exited, its presence falling to 0; then it is destroyed
  being_covered,  // the state above it arrives
  covered,        // the state above it is fully there
  being_revealed, // the state above it leaves
};

// The request that started a transition.
enum class cause : std::uint8_t { none, push, pop, replace, clear };

[[nodiscard]] constexpr std::string_view to_string(phase p) {
  switch (p) {
  case phase::present: return "present";
  case phase::arriving: return "arriving";
  case phase::leaving: return "leaving";
  case phase::being_covered: return "being_covered";
  case phase::covered: return "covered";
  case phase::being_revealed: return "being_revealed";
  }
  return "?";
}

[[nodiscard]] constexpr std::string_view to_string(cause c) {
  switch (c) {
  case cause::none: return "none";
  case cause::push: return "push";
  case cause::pop: return "pop";
  case cause::replace: return "replace";
  case cause::clear: return "clear";
  }
  return "?";
}

// What a draw hook taking a `const strata::presence&` receives.
struct presence {
  float value = 1.0F; // its own presence: 0 absent, 1 fully there
  strata::phase phase = phase::present;
  strata::cause cause = cause::none; // of its own transition, or of the one above it
  // The presence of the state drawn directly above it, 0 if none: how far a secondary animation
  // has gone (a level dims as its pause menu arrives).
  float cover = 0.0F;

  friend constexpr bool operator==(const presence&, const presence&) = default;
};

} // namespace strata
