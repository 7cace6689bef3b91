// model/strata_model/model_decode.hpp: turns a stream of numbers into a program. Every choice reads
// one number below a bound, so any byte string decodes to a valid program (the fuzzer relies on
// that) and a seeded random stream gives a reproducible one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "model_program.hpp"

namespace strata_model {

// Numbers from a seed (splitmix64), the same with every compiler and standard library.
class random_source {
public:
  explicit random_source(std::uint64_t seed)
      : state_(seed) {}

  std::uint32_t below(std::uint32_t bound) {
    return bound <= 1 ? 0 : static_cast<std::uint32_t>(next() % bound);
  }
  [[nodiscard]] bool exhausted() const { return false; }

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31U);
  }

private:
  std::uint64_t state_;
};

// Numbers from fuzzer bytes, one byte per choice; the program ends where the bytes do.
class byte_source {
public:
  byte_source(const std::uint8_t* data, std::size_t size)
      : data_(data)
      , size_(size) {}

  std::uint32_t below(std::uint32_t bound) {
    if (bound <= 1) {
      return 0;
    }
    if (position_ == size_) {
      exhausted_ = true;
      return 0;
    }
    return data_[position_++] % bound;
  }
  [[nodiscard]] bool exhausted() const { return exhausted_; }

private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t position_ = 0;
  bool exhausted_ = false;
};

template <class Source>
class decoder {
public:
  explicit decoder(Source& source)
      : source_(source) {}

  // Up to max_ops operations; fewer when the source runs out.
  program decode(std::size_t max_ops) {
    program made;
    while (made.size() < max_ops) {
      const op next = decode_op();
      if (source_.exhausted()) {
        break;
      }
      made.push_back(next);
    }
    return made;
  }

private:
  template <std::size_t N>
  std::size_t weighted(const std::array<std::uint8_t, N>& weights) {
    std::uint32_t within = 0;
    return weighted(weights, within);
  }
  // `within`: where in the chosen index's weight the roll fell (0 to its weight - 1), so that
  // one choice can be split further without another number read.
  template <std::size_t N>
  std::size_t weighted(const std::array<std::uint8_t, N>& weights, std::uint32_t& within) {
    std::uint32_t total = 0;
    for (const std::uint8_t w : weights) {
      total += w;
    }
    std::uint32_t roll = source_.below(total);
    for (std::size_t i = 0; i < N; ++i) {
      if (roll < weights[i]) {
        within = roll;
        return i;
      }
      roll -= weights[i];
    }
    within = 0;
    return N - 1;
  }

  std::uint8_t below(std::uint32_t bound) {
    return static_cast<std::uint8_t>(source_.below(bound));
  }
  std::uint8_t sometimes(std::uint32_t one_in, std::uint32_t bound) {
    return below(one_in) == 0 ? below(bound) : no_choice;
  }

  // push_first_on_top takes one C++ type per ownership (the harness instantiates it for every
  // combination of up to four items, so the set is kept small).
  item decode_item(bool several) {
    item made;
    made.own = static_cast<ownership>(weighted(std::array<std::uint8_t, 4>{12, 5, 3, 1}));
    // In the order of probe_type: full, lifecycle, virtual_base, bare, background, scaled,
    // moving.
    made.type = static_cast<probe_type>(weighted(std::array<std::uint8_t, 7>{8, 3, 3, 2, 2, 3, 2}));
    if (several && made.own != ownership::borrowed) {
      made.type = made.own == ownership::pooled ? probe_type::full : probe_type::virtual_base;
    }
    if (made.type == probe_type::scaled) {
      made.declared_scale = declared_scales[below(declared_scales.size())];
    }
    if (made.type == probe_type::moving) {
      made.declared_transition = below(declared_transitions); // R33
    }
    made.name = made.type == probe_type::bare ? bare_name : below(bare_name);
    made.declared = made.type == probe_type::bare ? 0 : below(modalities.size());
    made.consumes = below(2) == 0;
    if (made.own == ownership::borrowed) {
      made = lender(below(2));
    }
    made.modality = sometimes(4, modalities.size());
    made.rename = sometimes(6, rename_count);
    if (made.rename != no_choice) {
      made.rename = rename_choice(made.rename);
    }
    // In the order of the on_exit_* kinds; a throwing callback needs exceptions.
    made.on_exit = static_cast<std::uint8_t>(
        weighted(std::array<std::uint8_t, 5>{18, 3, 3, exceptions_on ? 2 : 0, 2}));
    made.scale = sometimes(5, time_scales.size()); // R32, a few of them refused
    made.transition = below(24) == 0 ? decode_transition() : no_choice; // R33
    return made;
  }

  // R31: mostly ids that are or were staged, sometimes the caller's own, rarely none at all.
  void decode_close(request& made, bool inside_hook) {
    // In the order of close_target: kept, staged, self, none, unknown.
    static constexpr std::array<std::uint8_t, close_target_count> outside{5, 4, 0, 1, 1};
    static constexpr std::array<std::uint8_t, close_target_count> inside{4, 3, 5, 1, 1};
    made.which = static_cast<std::uint8_t>(weighted(inside_hook ? inside : outside));
    made.depth = below(kept_handles);
  }

  // How many times an arm fires: mostly once, sometimes a few times (loops that a low
  // max_transitions stops), rarely for ever (loops that only the limit stops, issue 10 item 1)
  // where a commit step fires it: only the transition limit bounds a commit, nothing bounds the
  // requests that requests make from the observer (a replace on every push never ends).
  std::uint8_t decode_times(bool in_commit_step) {
    switch (weighted(std::array<std::uint8_t, 3>{96, 24, 1})) {
    case 0: return 1;
    case 1: return static_cast<std::uint8_t>(2 + below(15));
    default: return in_commit_step ? fires_forever : 16;
    }
  }

  // R33: mostly a transition, sometimes one that is refused (an error costs its exception).
  std::uint8_t decode_transition() {
    return static_cast<std::uint8_t>(
        weighted(std::array<std::uint8_t, transitions.size()>{3, 3, 3, 3, 3, 3, 3, 1, 1, 1}));
  }

  // R33: mostly the usual dt, sometimes one that moves nothing, ends a transition or takes it a
  // hair short of its end.
  std::uint8_t decode_dt() {
    return static_cast<std::uint8_t>(
        weighted(std::array<std::uint8_t, dts.size()>{12, 2, 2, 1, 1, 1, 1, 1, 1}));
  }

  request decode_request(bool inside_hook) {
    // In the order of request_kind. A destruction from inside a hook costs a child process, so
    // it is rare.
    static constexpr std::array<std::uint8_t, 18> outside{16, 6, 9,  4, 2, 3, 2, 3, 3,
                                                          3,  1, 16, 5, 3, 3, 5, 1, 0};
    static constexpr std::array<std::uint8_t, 18> inside{
        28, 8, 20, 8, 4, 6, 4, 10, 6, 4, 2, 6, 2, 2, 2, 2, 1, can_fork ? 1 : 0};
    request made;
    std::uint32_t within = 0;
    made.kind = static_cast<request_kind>(weighted(inside_hook ? inside : outside, within));
    switch (made.kind) {
    case request_kind::push:
    case request_kind::replace:
      made.count = 1;
      made.items[0] = decode_item(false);
      break;
    case request_kind::push_first_on_top:
      made.count = static_cast<std::uint8_t>(1 + below(4));
      for (std::size_t i = 0; i < made.count; ++i) {
        made.items[i] = decode_item(true);
      }
      break;
    // R33: pop(t) and clear(t) take the top of pop's and clear's weights, so that the other
    // requests (and most pops and clears) decode from the same numbers as before them.
    case request_kind::pop:
    case request_kind::clear:
      if (within + (made.kind == request_kind::pop ? 2U : 1U) >=
          (inside_hook ? inside : outside)[static_cast<std::size_t>(made.kind)]) {
        made.leaving = decode_transition();
      }
      break;
    case request_kind::pop_until_name: made.name = below(state_names.size()); break;
    case request_kind::pop_until_depth:
    case request_kind::pop_to: made.depth = below(6); break;
    case request_kind::update: made.dt = decode_dt(); break;
    case request_kind::frame:
      made.depth = below(3);
      made.dt = decode_dt();
      break;
    case request_kind::close: decode_close(made, inside_hook); break;
    case request_kind::set_time_scale:
      made.depth = below(kept_handles);
      made.scale = below(time_scales.size());
      break;
    case request_kind::set_transition:
      made.depth = below(kept_handles);
      made.transition = decode_transition();
      break;
    default: break;
    }
    return made;
  }

  op decode_op() {
    static constexpr std::array<std::uint8_t, 8> kinds{72, 3, 2, 2, 12, 5, 5, 4};
    // Limits low enough to be hit, and mostly the defaults back again.
    static constexpr std::array<std::size_t, 8> transitions{0, 1, 2, 4, 8, 10'000, 10'000, 10'000};
    static constexpr std::array<std::size_t, 8> depths{0, 1, 2, 3, 5, 1'000, 1'000, 1'000};
    op made;
    made.kind = static_cast<op_kind>(weighted(kinds));
    switch (made.kind) {
    case op_kind::request: made.action = decode_request(false); break;
    case op_kind::set_coalesced: made.value = below(2); break;
    case op_kind::set_max_transitions: made.value = transitions[below(transitions.size())]; break;
    case op_kind::set_max_depth: made.value = depths[below(depths.size())]; break;
    case op_kind::arm_hook:
    case op_kind::arm_throw:
      made.trigger = below(hook_kind_count);
      made.target = below(3) == 0 ? any_name : below(bare_name);
      if (made.kind == op_kind::arm_hook) {
        made.action = decode_request(true);
        made.value = below(3) == 0 ? 1 : 0;
        made.times = decode_times(is_lifecycle(static_cast<hook_kind>(made.trigger)));
      }
      break;
    case op_kind::arm_observer:
      made.trigger = below(step_count);
      made.target = below(2) == 0 ? any_name : below(state_names.size());
      made.action = decode_request(true);
      made.value = below(4) == 0 ? 1 : 0;
      made.times = decode_times(made.trigger >= static_cast<std::uint8_t>(strata::step::enter));
      break;
    case op_kind::arm_destructor:
      made.target = below(3) == 0 ? any_name : below(bare_name);
      made.action = decode_request(true);
      if (made.action.kind == request_kind::destroy) {
        made.action.kind = request_kind::pop; // code a request runs cannot even be warned
      }
      made.times = decode_times(false);
      break;
    }
    return made;
  }

  Source& source_;
};

template <class Source>
program decode_program(Source& source, std::size_t max_ops) {
  return decoder<Source>(source).decode(max_ops);
}

} // namespace strata_model
