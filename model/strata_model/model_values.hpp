// model/strata_model/model_values.hpp: the values that programs (model_program.hpp) choose from,
// each as a table indexed by a program's fields: state names, modalities, time scales (R32), the
// dts of updates and the transitions (R33).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string_view>

#include <strata/modality.hpp>
#include <strata/transition.hpp>

namespace strata_model {

// A name of 300 bytes with a NUL byte in the middle (issue 10 item 3): longer than any small-name
// storage.
inline constexpr std::array<char, 300> long_name_bytes = [] {
  std::array<char, 300> bytes{};
  for (char& c : bytes) {
    c = 'n';
  }
  bytes[150] = '\0';
  return bytes;
}();

// Few names, so that pop_until and armed hooks often find their target. Index 6 is the name
// strata derives for bare_probe, which declares none; the last two, with NUL bytes (issue 10
// item 3), are given only by .name() at push.
inline constexpr std::array<std::string_view, 9> state_names{
    "system",
    "title",
    "world",
    "options",
    "audio",
    "pause",
    "bare_probe",
    std::string_view("nul\0name", 8),
    std::string_view(long_name_bytes.data(), long_name_bytes.size())};
inline constexpr std::uint8_t bare_name = 6;
// The other indices of state_names, for programs written by hand.
namespace named {
inline constexpr std::uint8_t system = 0, title = 1, world = 2, options = 3, audio = 4, pause = 5;
inline constexpr std::uint8_t nul_name = 7, long_nul_name = 8; // given only by .name()
} // namespace named
inline constexpr std::uint8_t rename_count = 8; // the names .name() gives: all but bare_probe
constexpr std::uint8_t rename_choice(std::uint32_t n) {
  return static_cast<std::uint8_t>(n < bare_name ? n : n + 1);
}
inline constexpr std::uint8_t any_name = 255;     // an arm that any state's hook fires
inline constexpr std::uint8_t unknown_name = 254; // a name outside state_names

inline constexpr std::array<strata::modality, 5> modalities{
    strata::modality::screen, strata::modality::opaque, strata::modality::freeze,
    strata::modality::live, strata::modality::transparent};
inline constexpr std::array<std::string_view, 5> modality_names{"screen", "opaque", "freeze",
                                                                "live", "transparent"};

// R32: the time scales programs use. Index 0 is the default; 1 cuts the updates below like
// update_below = false; the inexact 0.1 and the extremes (a product that underflows to 0 without
// cutting, one that overflows to infinity) make a factor computed another way show. The last
// four are no time scale at all: .time_scale() refuses them with errc::bad_time_scale.
inline constexpr std::array<float, 13> time_scales{1.0F,
                                                   0.0F,
                                                   0.5F,
                                                   0.25F,
                                                   0.1F,
                                                   2.0F,
                                                   1e-30F,
                                                   3e38F,
                                                   -0.0F,
                                                   -1.0F,
                                                   std::numeric_limits<float>::infinity(),
                                                   -std::numeric_limits<float>::infinity(),
                                                   std::numeric_limits<float>::quiet_NaN()};
inline constexpr std::array<std::string_view, 13> time_scale_names{
    "1.0F",  "0.0F",  "0.5F",  "0.25F", "0.1F", "2.0F",     "1e-30F",
    "3e38F", "-0.0F", "-1.0F", "inf",   "-inf", "quiet_NaN"};
inline constexpr std::uint8_t valid_time_scales = 9; // the first nine
// The scales that scaled_probe<S> declares as `static constexpr float time_scale` (S indexes
// time_scales): 1 said explicitly, 0, an exact and an inexact factor.
inline constexpr std::array<std::uint8_t, 4> declared_scales{0, 1, 2, 4};

// The usual dt of an update or a frame: not a binary fraction, so that a dt scaled another way
// than R32 says (in double, or in another order) shows in the hooks' trace.
inline constexpr double frame_dt = 1.0 / 60;

// R33: the dts that update() and frame() are given (request::dt indexes them). Index 0 is the
// usual one; 0 moves no transition; 0.1 is inexact, so that three steps of it over 0.3 s end a
// hair short of the end; the binary fractions are the specification's examples; an infinite or
// NaN dt ends every transition that time passes for.
inline constexpr std::array<double, 9> dts{frame_dt,
                                           0.0,
                                           0.1,
                                           0.125,
                                           0.25,
                                           0.375,
                                           1.0,
                                           std::numeric_limits<double>::infinity(),
                                           std::numeric_limits<double>::quiet_NaN()};
inline constexpr std::array<std::string_view, 9> dt_names{"dt",    "0.0", "0.1", "0.125",    "0.25",
                                                          "0.375", "1.0", "inf", "quiet_NaN"};

// R33: the transitions programs use, declared by moving_probe<T> (T indexes this table) or given
// with .transition() at push or on a kept handle. None; a short fade of three frames; a long one;
// arriving only, in the time of the specification's map; leaving only; one that lets events pass
// it; -0 (not negative) and 0.3 s (three inexact steps of 0.1 s). The last three are no
// transition at all: .transition() refuses them with errc::bad_transition.
inline constexpr std::array<strata::transition, 10> transitions{
    strata::transition{},
    strata::transition::fade(0.05F),
    strata::transition::fade(0.5F),
    strata::transition{.arrive = 0.25F},
    strata::transition{.leave = 0.2F},
    strata::transition{.arrive = 0.1F, .leave = 0.1F, .input_passes = true},
    strata::transition{.arrive = -0.0F, .leave = 0.3F},
    strata::transition{.arrive = -1.0F},
    strata::transition{.leave = std::numeric_limits<float>::infinity()},
    strata::transition{.arrive = std::numeric_limits<float>::quiet_NaN(), .leave = 0.1F}};
inline constexpr std::array<std::string_view, 10> transition_names{
    "{}",
    "fade(0.05F)",
    "fade(0.5F)",
    "{.arrive = 0.25F}",
    "{.leave = 0.2F}",
    "{.arrive = 0.1F, .leave = 0.1F, .input_passes = true}",
    "{.arrive = -0.0F, .leave = 0.3F}",
    "{.arrive = -1.0F}",
    "{.leave = inf}",
    "{.arrive = quiet_NaN, .leave = 0.1F}"};
inline constexpr std::uint8_t valid_transitions = 7; // the first seven
// The transitions that moving_probe<T> declares as `static constexpr strata::transition
// transition`: every valid one (a declaration that is no transition does not compile).
inline constexpr std::uint8_t declared_transitions = valid_transitions;

} // namespace strata_model
