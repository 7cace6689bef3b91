// model/src/model_real_push.cpp: how the world of model_real_world.hpp stages states on the real
// stack: push and replace with every state type and ownership, finished with .name(),
// .modality(), .on_exit(), .time_scale() and .transition() (the handle kept for later requests),
// and push_first_on_top with every combination of up to four items. Every push<T> of every probe
// type is instantiated here, once for the whole strata_model library (and the libFuzzer target).
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>

#include "strata_model/model_real.hpp"

namespace strata_model {
namespace {

// The capture of an on_exit_replaced item's first callback: pushes 'audio' when destroyed,
// unless moved from.
class pushes_audio_when_destroyed {
public:
  explicit pushes_audio_when_destroyed(world& w)
      : owner_(&w) {}
  pushes_audio_when_destroyed(pushes_audio_when_destroyed&& other) noexcept
      : owner_(std::exchange(other.owner_, nullptr)) {}
  pushes_audio_when_destroyed(const pushes_audio_when_destroyed&) = delete;
  pushes_audio_when_destroyed& operator=(const pushes_audio_when_destroyed&) = delete;
  pushes_audio_when_destroyed& operator=(pushes_audio_when_destroyed&&) = delete;
  ~pushes_audio_when_destroyed() {
    if (owner_ != nullptr) {
      owner_->perform(audio_push(), false);
    }
  }

private:
  world* owner_;
};

} // namespace

bool world::prepare(const request& r, std::array<int, 4>& ids) {
  return core.prepare(
      r, ids, [&](std::size_t slot) { return use_of(slot); },
      [&](std::size_t slot) { lenders[slot]->id = core.lender_ids[slot]; });
}

slot_use world::use_of(std::size_t slot) const {
  const auto holds = [&](const real_stack::view& v) {
    for (const auto e : v) {
      if (e.get<full_probe>() == lenders[slot]) {
        return true;
      }
    }
    return false;
  };
  if (holds(stack->staged())) {
    return stack->staged().top()->get<full_probe>() == lenders[slot] ? slot_use::staged_top
                                                                     : slot_use::staged;
  }
  return holds(stack->committed()) ? slot_use::retiring : slot_use::free;
}

void world::stage_one(const request& r) {
  std::array<int, 4> ids{};
  if (!prepare(r, ids)) {
    return;
  }
  const lender_claim claim(core, r);
  switch (r.items[0].type) {
  case probe_type::full: stage_typed<full_probe>(r, ids[0]); break;
  case probe_type::lifecycle: stage_typed<lifecycle_probe>(r, ids[0]); break;
  case probe_type::virtual_base: stage_typed<virtual_probe>(r, ids[0]); break;
  case probe_type::bare: stage_typed<bare_probe>(r, ids[0]); break;
  case probe_type::background: stage_typed<background_probe>(r, ids[0]); break;
  case probe_type::scaled:
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((r.items[0].declared_scale == declared_scales[I]
            ? stage_typed<scaled_probe<declared_scales[I]>>(r, ids[0])
            : void()),
       ...);
    }
    (std::make_index_sequence<declared_scales.size()>{});
    break;
  case probe_type::moving:
    [&]<std::uint8_t... T>(std::integer_sequence<std::uint8_t, T...>) {
      ((r.items[0].declared_transition == T ? stage_typed<moving_probe<T>>(r, ids[0]) : void()),
       ...);
    }
    (std::make_integer_sequence<std::uint8_t, declared_transitions>{});
    break;
  }
}

template <class T>
void world::stage_typed(const request& r, int id) {
  const item& what = r.items[0];
  const bool replacing = r.kind == request_kind::replace;
  const auto push_or_replace = [&](auto&& made) {
    return replacing ? stack->template replace<T>(std::forward<decltype(made)>(made))
                     : stack->template push<T>(std::forward<decltype(made)>(made));
  };
  switch (what.own) {
  case ownership::pooled:
    finish<T>(replacing ? stack->template replace<T>(*this, id, what)
                        : stack->template push<T>(*this, id, what),
              what);
    break;
  case ownership::adopted:
    finish<T>(push_or_replace(std::make_unique<T>(*this, id, what)), what);
    break;
  case ownership::null: finish<T>(push_or_replace(std::unique_ptr<T>{}), what); break;
  case ownership::borrowed:
    if constexpr (std::is_same_v<T, full_probe>) {
      finish<T>(push_or_replace(strata::borrow(*lenders[what.borrow_slot])), what);
    }
    break;
  }
}

// The handle is kept first: a .time_scale() that throws ends the chain, not the handle.
template <class T>
void world::finish(typename real_stack::template pushed<T>&& handle, const item& what) {
  static_assert(sizeof(kept_handle) == sizeof(handle));
  kept_.insert(kept_.begin(), std::bit_cast<kept_handle>(handle));
  if (kept_.size() > kept_handles) {
    kept_.pop_back();
  }
  if (what.rename != no_choice) {
    std::move(handle).name(state_names[what.rename]);
  }
  if (what.modality != no_choice) {
    std::move(handle).modality(modalities[what.modality]);
  }
  switch (what.on_exit) {
  case on_exit_plain: std::move(handle).on_exit([this](T& s) { core.trace.on_exit(s.id); }); break;
  case on_exit_context:
    std::move(handle).on_exit([](world& w, T& s) { w.core.trace.on_exit(s.id); });
    break;
  case on_exit_throws:
    std::move(handle).on_exit([this](T& s) {
      core.trace.on_exit(s.id);
#ifndef STRATA_NO_EXCEPTIONS
      if (!core.arms.tearing_down()) { // never from the noexcept destructor
        throw injected_failure{};
      }
#endif
    });
    break;
  case on_exit_replaced:
    std::move(handle)
        .on_exit([capture = pushes_audio_when_destroyed(*this)](T&) { (void)capture; })
        .on_exit([this](T& s) { core.trace.on_exit(s.id); });
    break;
  default: break;
  }
  if (what.scale != no_choice) {
    std::move(handle).time_scale(time_scales[what.scale]);
  }
  if (what.transition != no_choice) {
    std::move(handle).transition(transitions[what.transition]);
  }
}

void world::stage_batch(const request& r) {
  std::array<int, 4> ids{};
  if (prepare(r, ids)) {
    const lender_claim claim(core, r);
    stage_several<0>(r, ids);
  }
}

// Builds the items one local at a time (one C++ type per ownership), then hands them all to
// push_first_on_top; the locals the stack did not take die last first on the way back.
template <std::size_t N, class... Built>
void world::stage_several([[maybe_unused]] const request& r,
                          [[maybe_unused]] const std::array<int, 4>& ids, Built&... built) {
  if constexpr (N < 4) {
    if (N < r.count) {
      const item& what = r.items[N];
      switch (what.own) {
      case ownership::pooled: {
        full_probe made(*this, ids[N], what);
        stage_several<N + 1>(r, ids, built..., made);
        return;
      }
      case ownership::adopted:
      case ownership::null: {
        std::unique_ptr<virtual_probe> made;
        if (what.own == ownership::adopted) {
          made = std::make_unique<virtual_probe>(*this, ids[N], what);
        }
        stage_several<N + 1>(r, ids, built..., made);
        return;
      }
      case ownership::borrowed: {
        strata::borrowed<full_probe> made = strata::borrow(*lenders[what.borrow_slot]);
        stage_several<N + 1>(r, ids, built..., made);
        return;
      }
      }
    }
  }
  if constexpr (sizeof...(Built) > 0) {
    stack->push_first_on_top(std::move(built)...);
  }
}

} // namespace strata_model
