// strata/entry.hpp: one slot of the stack (a state, how it is owned, its name and modality),
// and the read-only view of it that queries hand out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "detail/block_pool.hpp"
#include "detail/checked.hpp"
#include "detail/hooks.hpp"
#include "detail/scope_guard.hpp"
#include "entry_id.hpp"
#include "modality.hpp"
#include "transition.hpp"

namespace strata {
namespace detail {

enum class ownership : std::uint8_t {
  pooled,   // constructed in the stack's pool by push<T>(args...)
  adopted,  // taken over from a std::unique_ptr
  borrowed, // lives elsewhere; the stack never destroys it
};

// The state directly below one that leaves, for a strata::to_below result: its type table
// (type-erased) and its object; both null at the bottom.
struct state_below {
  const void* type = nullptr;
  void* object = nullptr;
};

// A callback attached at push time that receives the state when it leaves the stack.
template <class C>
struct exit_callback {
  void (*run)(exit_callback*, C&, void* state, state_below below);
  void (*destroy)(exit_callback*) noexcept;
  std::size_t size;
  std::size_t align;
  // strata::to_below's detail::binding_tag<Member>, which save() can name; null for a closure.
  const void* binding = nullptr;
};

// A name given at push with .name(), copied with its length so that it may hold any bytes (NUL
// included). The characters follow the header, then a NUL for C.
struct name_copy {
  std::size_t size;

  [[nodiscard]] static constexpr std::size_t bytes_for(std::size_t size) {
    return sizeof(name_copy) + size + 1;
  }
  [[nodiscard]] const char* text() const { return reinterpret_cast<const char*>(this + 1); }
  [[nodiscard]] char* text() { return reinterpret_cast<char*>(this + 1); }
};

// What few entries carry (R19), out of the entry's line so that an entry without them pays a
// null pointer. Made from the pool by the first handle call that needs it.
template <class C>
struct entry_extras {
  name_copy* name_override = nullptr;  // owned, from the pool, or null
  exit_callback<C>* on_exit = nullptr; // owned, from the pool, or null
  strata::transition transition{};     // R33: the handle's, when transition_given
  bool transition_given = false;
};

template <class C, class E>
struct entry {
  static constexpr unsigned update_below_bit = 1U;
  static constexpr unsigned draw_below_bit = 2U;
  static constexpr unsigned input_below_bit = 4U;
  static constexpr unsigned modality_bits = 7U;
  static constexpr unsigned owned_shift = 3U;

  const type_ops<C, E>* ops;
  void* object;
  entry_extras<C>* extras; // owned, from the pool, or null
  // R31: which staging put this entry on the stack, so that a pushed handle or a kept id can tell
  // its entry from another one that took the same slot (and the same pooled address) since.
  entry_id given_id;
  // R32: the factor on the dt of the covered updates below it. Kept in the entry, not with the
  // extras, so that a handle's .time_scale() never allocates (the C API sets it after a push).
  float scale;
  // The modality (R16) and the ownership packed in a byte, and whether the entry got pause and
  // not yet the matching resume: with the scale they fill the last word, so an entry is 40
  // bytes. Whole bytes, not bit-fields: the commit tests and sets the paused flag at every step,
  // and clang reads and writes a bit-field with a load, a mask and a store.
  std::uint8_t mode_bits;
  bool paused_flag;
  // R33: whether its transition makes it arrive or leave over time (so that the commit tests one
  // byte of an entry it holds anyway), what put it on the stack and what took it off (a pop, the
  // default, costs no store), and whether entries left above it and may still be leaving: its
  // exit must not destroy it before them.
  std::uint8_t motion_bits;
  static constexpr unsigned arrives_bit = 1U;
  static constexpr unsigned leaves_bit = 2U;
  static constexpr unsigned by_replace_bit = 4U;
  static constexpr unsigned left_by_shift = 3U;
  static constexpr unsigned left_by_bits = 3U << left_by_shift;
  static constexpr unsigned below_leaving_bit = 32U;
  // Unused: named so that the entry's last word is whole, which compilers copy as one.
  std::uint8_t spare_byte = 0;

  entry(const type_ops<C, E>* type, void* state, ownership owned)
      : ops(type)
      , object(state)
      , extras(nullptr)
      , given_id(entry_id::none)
      , scale(type != nullptr ? type->time_scale : 1.0F)
      , mode_bits(static_cast<std::uint8_t>(static_cast<unsigned>(owned) << owned_shift))
      , paused_flag(false)
      , motion_bits(type != nullptr ? motion_of(type->transition) : 0U) {}
  entry()
      : entry(nullptr, nullptr, ownership::pooled) {}

  [[nodiscard]] entry_id id() const { return given_id; }
  void set_id(entry_id id) { given_id = id; }
  [[nodiscard]] strata::modality mode() const {
    return {(mode_bits & update_below_bit) != 0, (mode_bits & draw_below_bit) != 0,
            (mode_bits & input_below_bit) != 0};
  }
  void set_mode(strata::modality mode) {
    const unsigned bits = (mode.update_below ? update_below_bit : 0U) |
                          (mode.draw_below ? draw_below_bit : 0U) |
                          (mode.input_below ? input_below_bit : 0U);
    mode_bits = static_cast<std::uint8_t>((mode_bits & ~modality_bits) | bits);
  }
  [[nodiscard]] ownership owned() const {
    return static_cast<ownership>(static_cast<unsigned>(mode_bits) >> owned_shift);
  }
  [[nodiscard]] bool paused() const { return paused_flag; }

  // R33: the transition in force, the handle's or the type's.
  [[nodiscard]] strata::transition transition() const {
    return extras != nullptr && extras->transition_given ? extras->transition : ops->transition;
  }
  [[nodiscard]] bool arrives() const { return (motion_bits & arrives_bit) != 0; }
  [[nodiscard]] bool leaves() const { return (motion_bits & leaves_bit) != 0; }
  // Whether its exit may have to keep it for a while: it leaves over time, or may still arrive,
  // or entries may still be leaving above it. One test of one byte on the commit's hot path.
  [[nodiscard]] bool may_linger() const {
    return (motion_bits & (arrives_bit | leaves_bit | below_leaving_bit)) != 0;
  }
  void set_below_leaving() {
    motion_bits = static_cast<std::uint8_t>(motion_bits | below_leaving_bit);
  }
  // `still_arriving`: it keeps its arrives bit whatever `t` says (see change_transition()).
  void set_motion(const strata::transition& t, bool still_arriving = false) {
    motion_bits = static_cast<std::uint8_t>((motion_bits & ~(arrives_bit | leaves_bit)) |
                                            motion_of(t) | (still_arriving ? arrives_bit : 0U));
  }
  [[nodiscard]] strata::cause arrival_cause() const {
    return (motion_bits & by_replace_bit) != 0 ? cause::replace : cause::push;
  }
  // Stored as its distance from cause::pop (pop 0, replace 1, clear 2), so that a pop, the
  // default, costs no store.
  [[nodiscard]] strata::cause departure_cause() const {
    return static_cast<strata::cause>(((motion_bits & left_by_bits) >> left_by_shift) +
                                      static_cast<unsigned>(cause::pop));
  }
  void set_arrived_by_replace() {
    motion_bits = static_cast<std::uint8_t>(motion_bits | by_replace_bit);
  }
  // `why`: pop, replace or clear.
  void set_departure_cause(strata::cause why) {
    const unsigned code = static_cast<unsigned>(why) - static_cast<unsigned>(cause::pop);
    motion_bits =
        static_cast<std::uint8_t>((motion_bits & ~left_by_bits) | (code << left_by_shift));
  }
  [[nodiscard]] static constexpr std::uint8_t motion_of(const strata::transition& t) {
    return static_cast<std::uint8_t>((t.arrive > 0.0F ? arrives_bit : 0U) |
                                     (t.leave > 0.0F ? leaves_bit : 0U));
  }
  void set_paused(bool paused) { paused_flag = paused; }

  [[nodiscard]] name_copy* name_override() const {
    return extras != nullptr ? extras->name_override : nullptr;
  }
  [[nodiscard]] exit_callback<C>* on_exit() const {
    return extras != nullptr ? extras->on_exit : nullptr;
  }
  // R32: the factor on the dt of the covered updates below it.
  [[nodiscard]] float time_scale() const { return scale; }
  void set_time_scale(float time_scale) { scale = time_scale; }

  [[nodiscard]] std::string_view name() const {
    if (const name_copy* given = name_override(); given != nullptr) {
      return {given->text(), given->size};
    }
    return own_name();
  }
  // The name the state gives itself, or its type's: what name() shows without a .name().
  [[nodiscard]] std::string_view own_name() const {
    return ops->name_of != nullptr ? ops->name_of(object) : ops->type_name;
  }
};

// The entry for a state of type T, with the modality T declares (its own modality() if it has
// one): what a push stages before its handle changes anything.
template <class T, class C, class E>
entry<C, E> make_entry(T* object, ownership owned) {
  const type_ops<C, E>& type = ops_for<T, C, E>;
  entry<C, E> e{&type, object, owned};
  e.set_mode(declared_modality_of(type, object));
  return e;
}

// The entry for a T that `construct(memory)` builds in the pool (push<T>(...), a restore); the
// memory goes back to the pool if it throws.
template <class T, class C, class E, class Construct>
entry<C, E> make_pooled_entry(block_pool& pool, Construct&& construct) {
  void* memory = pool.allocate(sizeof(T), alignof(T));
  on_unwind give_back{[&] { pool.deallocate(memory, sizeof(T), alignof(T)); }};
  T* const object = std::forward<Construct>(construct)(memory);
  give_back.dismiss();
  return make_entry<T, C, E>(object, ownership::pooled);
}

} // namespace detail

// A read-only look at one entry; valid until the next request or commit. In the checked
// configuration a view from a stack_view checks each use against its stack (detail/checked.hpp).
template <class C, class E>
class entry_view {
public:
  entry_view(const detail::entry<C, E>& e, std::size_t depth)
      : entry_(&e)
      , depth_(depth) {}
#if STRATA_CHECKED
  entry_view(const detail::entry<C, E>& e, std::size_t depth, const detail::stack_checks& checks)
      : entry_(&e)
      , depth_(depth)
      , checks_(&checks)
      , generation_(checks.generation()) {}
#endif

  [[nodiscard]] std::string_view name() const {
    STRATA_IF_CHECKED(check_use("entry_view::name()");)
    return entry_->name();
  }
  [[nodiscard]] strata::modality modality() const {
    STRATA_IF_CHECKED(check_use("entry_view::modality()");)
    return entry_->mode();
  }
  // Position from the bottom of the view it came from, starting at 0.
  [[nodiscard]] std::size_t depth() const {
    STRATA_IF_CHECKED(check_use("entry_view::depth()");)
    return depth_;
  }
  [[nodiscard]] bool paused() const {
    STRATA_IF_CHECKED(check_use("entry_view::paused()");)
    return entry_->paused();
  }
  // R31: the entry's identity, the same in every view and in the observer's steps.
  [[nodiscard]] entry_id id() const {
    STRATA_IF_CHECKED(check_use("entry_view::id()");)
    return entry_->id();
  }
  // R32: the factor this entry applies to the dt of the covered updates below it.
  [[nodiscard]] float time_scale() const {
    STRATA_IF_CHECKED(check_use("entry_view::time_scale()");)
    return entry_->time_scale();
  }

  // The state object if it was pushed as exactly T, otherwise null.
  template <class T>
  [[nodiscard]] T* get() const {
    STRATA_IF_CHECKED(check_use("entry_view::get()");)
    return pushed_as<T>() ? static_cast<T*>(entry_->object) : nullptr;
  }
  template <class T>
  [[nodiscard]] bool is() const {
    STRATA_IF_CHECKED(check_use("entry_view::is()");)
    return pushed_as<T>();
  }

private:
  template <class T>
  [[nodiscard]] bool pushed_as() const {
    return entry_->ops == &detail::ops_for<T, C, E>;
  }

  const detail::entry<C, E>* entry_;
  std::size_t depth_;
#if STRATA_CHECKED
  // Null for a view the stack hands to a pop_until predicate, which lives for that call only.
  const detail::stack_checks* checks_ = nullptr;
  std::size_t generation_ = 0; // the stack's generation when the view was made

  void check_use(const char* what) const noexcept {
    if (checks_ == nullptr) {
      return;
    }
    checks_->check_thread(what);
    if (checks_->generation() != generation_) [[unlikely]] {
      detail::checked_failure({what, " called on a view (depth ", detail::decimal{depth_},
                               ") made before the stack changed; a view is valid until the next "
                               "request or commit"});
    }
  }
#endif
};

} // namespace strata
