// src/c_state.cpp: a C state on a strata::stack: its name, its modality, the time scale and the
// transition its item asks for, what its draw reads of its transition, its data's lifetime.
// The wrappers that run its callbacks and turn a strata_fail() into a failed hook are the
// template c_state::run() in c_state.hpp.
#include "c_state.hpp"

#include <cstring>
#include <utility>

#include <strata/detail/hooks.hpp>

#include "c_memory.hpp"

namespace strata::capi {
namespace {

constexpr unsigned switches = STRATA_UPDATE_BELOW | STRATA_DRAW_BELOW | STRATA_INPUT_BELOW;

bool is_on(unsigned bits, unsigned flag) {
  return (bits & flag) != 0;
}

// The C enumerators are the core's, in the same order.
static_assert(static_cast<int>(strata::phase::present) == STRATA_PHASE_PRESENT);
static_assert(static_cast<int>(strata::phase::arriving) == STRATA_PHASE_ARRIVING);
static_assert(static_cast<int>(strata::phase::leaving) == STRATA_PHASE_LEAVING);
static_assert(static_cast<int>(strata::phase::being_covered) == STRATA_PHASE_BEING_COVERED);
static_assert(static_cast<int>(strata::phase::covered) == STRATA_PHASE_COVERED);
static_assert(static_cast<int>(strata::phase::being_revealed) == STRATA_PHASE_BEING_REVEALED);
static_assert(static_cast<int>(strata::cause::none) == STRATA_CAUSE_NONE);
static_assert(static_cast<int>(strata::cause::push) == STRATA_CAUSE_PUSH);
static_assert(static_cast<int>(strata::cause::pop) == STRATA_CAUSE_POP);
static_assert(static_cast<int>(strata::cause::replace) == STRATA_CAUSE_REPLACE);
static_assert(static_cast<int>(strata::cause::clear) == STRATA_CAUSE_CLEAR);

} // namespace

float time_scale_asked_by(const strata_item& item) {
  if (item.time_scale != 0.0F) {
    return item.time_scale;
  }
  return item.state->time_scale != 0.0F ? item.state->time_scale : 1.0F;
}

strata::transition transition_asked_by(const strata_item& item) {
  const bool own = is_on(item.transition, STRATA_TRANSITION_SET);
  const unsigned bits = own ? item.transition : item.state->transition;
  return {own ? item.arrive : item.state->arrive, own ? item.leave : item.state->leave,
          is_on(bits, STRATA_INPUT_PASSES)};
}

bool valid_modality(unsigned bits) {
  return (bits & ~(switches | STRATA_MODALITY_SET)) == 0;
}

strata::modality to_modality(unsigned bits) {
  if (bits == STRATA_MODALITY_DEFAULT) {
    return strata::modality::screen;
  }
  return strata::modality{is_on(bits, STRATA_UPDATE_BELOW), is_on(bits, STRATA_DRAW_BELOW),
                          is_on(bits, STRATA_INPUT_BELOW)};
}

bool valid_time_scale(float scale) {
  return strata::detail::valid_time_scale(scale);
}

bool valid_transition_bits(unsigned bits) {
  return (bits & ~unsigned{STRATA_INPUT_PASSES | STRATA_TRANSITION_SET}) == 0;
}

bool valid_durations(float arrive, float leave) {
  return strata::detail::valid_transition(strata::transition{arrive, leave});
}

strata_presence to_presence(const strata::presence& seen) {
  return strata_presence{seen.value, static_cast<int>(seen.phase), static_cast<int>(seen.cause),
                         seen.cover};
}

unsigned to_bits(strata::modality mode) {
  unsigned bits = STRATA_MODALITY_SET;
  bits |= mode.update_below ? unsigned{STRATA_UPDATE_BELOW} : 0U;
  bits |= mode.draw_below ? unsigned{STRATA_DRAW_BELOW} : 0U;
  bits |= mode.input_below ? unsigned{STRATA_INPUT_BELOW} : 0U;
  return bits;
}

c_state::c_state(const strata_item& item, std::size_t position, void* env) noexcept
    : kind_(item.state)
    , data_(item.data)
    , env_(env)
    , mode_(to_modality(item.modality != STRATA_MODALITY_DEFAULT ? item.modality
                                                                 : item.state->modality))
    , position_(position) {}

c_state::c_state(c_state&& other) noexcept
    : kind_(std::exchange(other.kind_, nullptr))
    , data_(other.data_)
    , env_(other.env_)
    , mode_(other.mode_)
    , name_(std::exchange(other.name_, nullptr))
    , name_memory_(other.name_memory_)
    , position_(other.position_) {}

c_state::~c_state() {
  release_name();
  if (kind_ != nullptr && kind_->destroy != nullptr) {
    kind_->destroy(env_, data_);
  }
}

void c_state::copy_name(const char* name, name_pool& memory) {
  const std::size_t size = std::strlen(name) + 1;
  char* copy = static_cast<char*>(memory.allocate(size, 1));
  std::memcpy(copy, name, size);
  release_name();
  name_ = copy;
  name_memory_ = &memory;
}

const char* c_state::c_name() const {
  if (name_ != nullptr) {
    return name_;
  }
  return kind_->name != nullptr ? kind_->name : "state";
}

void c_state::release_name() noexcept {
  if (name_ != nullptr) {
    name_memory_->deallocate(name_, std::strlen(name_) + 1, 1);
    name_ = nullptr;
  }
}

} // namespace strata::capi
