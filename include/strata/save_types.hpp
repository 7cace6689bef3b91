// strata/save_types.hpp: which state types a game can save, and how each is rebuilt (issue 14,
// docs/save-restore.md). A type is registered under a stable key, separate from its display
// name, and a version, so that a save written by older code can still be read:
//
//   strata::save_types<game> types;
//   types.add<title>("title");
//   types.add<level>("level", 2); // level::save(record&) const, level(game&, record&)
//
// A state saves itself with `void save(strata::record&) const` (a type without one saves no
// fields) and is rebuilt by the first of these that it has: a constructor T(Context&, record&),
// T(record&), T(Context&) or T(), or a factory given to add(). A type not registered is not
// savable. A result handed down with on_exit(strata::to_below<&S::f>) is saved too once f is
// registered with result<&S::f>(key); a closure cannot be.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "detail/attachments.hpp"
#include "detail/block_pool.hpp"
#include "detail/hooks.hpp"
#include "detail/scope_guard.hpp"
#include "entry.hpp"
#include "error.hpp"
#include "placeholders.hpp"
#include "record.hpp"
#include "to_below.hpp"

namespace strata {

template <class T>
concept saves_itself = requires(const T& state, record& out) {
  state.save(out);
};

template <class Context = no_context, class Event = no_event>
class save_types {
public:
  using entry = detail::entry<Context, Event>;
  // Builds a state from what it saved: into `e` and true, or false with the record failed.
  using builder = std::function<bool(Context&, record&, detail::block_pool&, entry& e)>;

  // What a state is before the overrides of its push: save() keeps only what differs.
  struct plain_state {
    std::string_view name;
    modality mode = modality::screen;
    float time_scale = 1.0F;
    transition motion{};
  };

  // What one registered kind is.
  struct kind {
    std::string key;
    std::uint32_t version; // what save() writes
    std::uint32_t oldest;  // the oldest version restore accepts
    // A typed kind (add<T>) is told by its type's table; a hosted one (add_hosted) by holds().
    const detail::type_ops<Context, Event>* ops;
    std::function<bool(const detail::type_ops<Context, Event>& type, const void* state)> holds;
    std::function<void(const void* state, record& out)> save; // null: it saves no fields
    builder build;
    std::function<plain_state(const void* state)> plain; // a hosted kind's; see plain_of()
  };

  // A kind of state told apart at run time rather than by its C++ type, for a binding whose
  // states share their C++ types (the C API's are four types, told apart by the strata_state
  // each was pushed with). Everything add<T>() learns from T is given by hand: `holds` says
  // whether a state of the type whose table is `type` is one; `build` makes one from its
  // record into an entry (make_pooled_entry, or adopted) as its kind's plain state, which
  // `plain` tells save() (name, modality, time scale, transition).
  struct hosted_kind {
    std::string key;
    std::uint32_t version = 1;
    std::uint32_t oldest = 1;
    decltype(kind::holds) holds;
    decltype(kind::save) save; // may be null: it saves no fields
    builder build;
    decltype(kind::plain) plain;
  };

  // T rebuilt by its constructor (see the top of this file). `oldest`: the oldest saved version
  // its constructor still reads (record::version() tells it which one it reads).
  template <class T>
  void add(std::string_view key, std::uint32_t version = 1, std::uint32_t oldest = 1) {
    static_assert(std::constructible_from<T, Context&, record&> ||
                      std::constructible_from<T, record&> || std::constructible_from<T, Context&> ||
                      std::default_initializable<T>,
                  "strata: a registered state needs a constructor T(Context&, record&), "
                  "T(record&), T(Context&) or T(), or a factory given to add()");
    admit<T>(key, version, oldest,
             [](Context& context, record& saved, detail::block_pool& pool, entry& e) {
               e = detail::make_pooled_entry<T, Context, Event>(
                   pool, [&](void* memory) { return construct<T>(memory, context, saved); });
               return true;
             });
  }

  // T rebuilt by `factory(Context&, record&)`, which returns a std::unique_ptr<T>: null (or a
  // failed record) refuses the restore.
  template <class T, class Factory>
  requires std::is_invocable_r_v<std::unique_ptr<T>, Factory&, Context&, record&> void
  add(std::string_view key, std::uint32_t version, Factory factory, std::uint32_t oldest = 1) {
    admit<T>(key, version, oldest,
             [make = std::move(factory)](Context& context, record& saved, detail::block_pool&,
                                         entry& e) mutable {
               std::unique_ptr<T> state = make(context, saved);
               if (state == nullptr) {
                 saved.fail("its factory made no state");
                 return false;
               }
               e = detail::make_entry<T, Context, Event>(state.release(),
                                                         detail::ownership::adopted);
               return true;
             });
  }

  void add_hosted(hosted_kind hosted) {
    std::string problem = problem_with_key(hosted.key, hosted.version, hosted.oldest);
    if (problem.empty() && (!hosted.holds || !hosted.build || !hosted.plain)) {
      problem = "needs its holds, build and plain functions";
    }
    if (!problem.empty()) {
      refuse("strata: save_types::add_hosted(\"" + hosted.key + "\") " + problem);
      return;
    }
    kinds_.push_back(kind{std::move(hosted.key), hosted.version, hosted.oldest, nullptr,
                          std::move(hosted.holds), std::move(hosted.save), std::move(hosted.build),
                          std::move(hosted.plain)});
  }

  // A strata::to_below<Member> result, saved under `key`, so that a restored entry gets it back.
  template <auto Member>
  void result(std::string_view key) {
    using member = detail::result_member<decltype(Member)>;
    const void* const tag = &detail::binding_tag<Member>;
    std::string problem;
    if (!is_save_word(key)) {
      problem = "is not a key: " + std::string(save_word_rule);
    } else if (find_result(key) != nullptr) {
      problem = "is registered already";
    } else if (find_result(tag) != nullptr) {
      problem = "names a member registered already, as '" + find_result(tag)->key + "'";
    }
    if (!problem.empty()) {
      refuse("strata: save_types::result(\"" + std::string(key) + "\") " + problem);
      return;
    }
    results_.push_back(result_binding{std::string(key), tag,
                                      &detail::ops_for<typename member::state, Context, Event>,
                                      &detail::ops_for<typename member::below, Context, Event>,
                                      &detail::give_below_callback<Member, Context, Event>});
  }

  // What result() registered.
  struct result_binding {
    std::string key;
    const void* tag;                                   // detail::binding_tag<Member>
    const detail::type_ops<Context, Event>* state_ops; // the state it receives
    const detail::type_ops<Context, Event>* below_ops; // the state it calls
    void (*give)(detail::block_pool&, entry&);
  };
  [[nodiscard]] const result_binding* find_result(const void* tag) const {
    return first_with(results_, &result_binding::tag, tag);
  }
  [[nodiscard]] const result_binding* find_result(std::string_view key) const {
    return first_with(results_, &result_binding::key, key);
  }
  // A string literal would otherwise convert to the tag's `const void*`, not to a key.
  [[nodiscard]] const result_binding* find_result(const char* key) const {
    return find_result(std::string_view(key));
  }

  // The typed kind registered for a state type, or null.
  [[nodiscard]] const kind* find(const detail::type_ops<Context, Event>* ops) const {
    return first_with(kinds_, &kind::ops, ops);
  }
  // The kind of the state an entry holds, typed or hosted, or null.
  [[nodiscard]] const kind* kind_of(const entry& e) const {
    const auto found = std::find_if(kinds_.begin(), kinds_.end(), [&](const kind& k) {
      return k.ops == e.ops || (k.holds && k.holds(*e.ops, e.object));
    });
    return found == kinds_.end() ? nullptr : &*found;
  }
  // Kinds are numbered 0 to kind_count() - 1, in the order they were registered. number_of()
  // takes a kind of this registry, as kind_of() and find() give them.
  [[nodiscard]] std::size_t kind_count() const { return kinds_.size(); }
  [[nodiscard]] std::size_t number_of(const kind& k) const {
    return static_cast<std::size_t>(&k - kinds_.data());
  }
  // What the state an entry holds is before its push's overrides: its kind's plain(), or for a
  // typed kind the name and modality it gives itself and its type's time scale and transition.
  [[nodiscard]] static plain_state plain_of(const kind& k, const entry& e) {
    if (k.plain) {
      return k.plain(e.object);
    }
    return {e.own_name(), detail::declared_modality_of(*e.ops, e.object), e.ops->time_scale,
            e.ops->transition};
  }
  [[nodiscard]] const kind* find(std::string_view key) const {
    return first_with(kinds_, &kind::key, key);
  }

private:
  // The first of `list` whose `field` equals `value`, or null.
  template <class Item, class Field, class Value>
  [[nodiscard]] static const Item* first_with(const std::vector<Item>& list, Field Item::*field,
                                              const Value& value) {
    const auto found = std::find_if(list.begin(), list.end(),
                                    [&](const Item& item) { return item.*field == value; });
    return found == list.end() ? nullptr : &*found;
  }

  template <class T>
  static T* construct(void* memory, Context& context, record& saved) {
    if constexpr (std::constructible_from<T, Context&, record&>) {
      return ::new (memory) T(context, saved);
    } else if constexpr (std::constructible_from<T, record&>) {
      return ::new (memory) T(saved);
    } else if constexpr (std::constructible_from<T, Context&>) {
      return ::new (memory) T(context);
    } else {
      return ::new (memory) T();
    }
  }

  template <class T>
  void admit(std::string_view key, std::uint32_t version, std::uint32_t oldest, builder build) {
    const detail::type_ops<Context, Event>* ops = &detail::ops_for<T, Context, Event>;
    std::string problem = problem_with_key(key, version, oldest);
    if (problem.empty() && find(ops) != nullptr) {
      problem = "names a type registered already, as '" + find(ops)->key + "'";
    }
    if (!problem.empty()) {
      refuse("strata: save_types::add<" + std::string(ops->type_name) + ">(\"" + std::string(key) +
             "\") " + problem);
      return;
    }
    decltype(kind::save) save;
    if constexpr (saves_itself<T>) {
      save = [](const void* state, record& out) { static_cast<const T*>(state)->save(out); };
    }
    kinds_.push_back(kind{std::string(key), version, oldest, ops, {}, save, std::move(build), {}});
  }

  // Why a kind cannot be registered under `key` with these versions, or nothing.
  [[nodiscard]] std::string problem_with_key(std::string_view key, std::uint32_t version,
                                             std::uint32_t oldest) const {
    if (!is_save_word(key)) {
      return "is not a key: " + std::string(save_word_rule);
    }
    if (find(key) != nullptr) {
      return "is registered already";
    }
    if (version == 0 || oldest == 0 || oldest > version) {
      return "has version " + std::to_string(version) + " and oldest " + std::to_string(oldest) +
             ": both must be 1 or more, the oldest no newer";
    }
    return {};
  }

  // A registration is set-up code: with exceptions it throws strata::error; without, it aborts
  // with the message, as there is no stack to report it through.
  [[noreturn]] static void refuse(const std::string& message) {
#ifndef STRATA_NO_EXCEPTIONS
    throw error(errc::bad_registration, message);
#else
    std::fputs(message.c_str(), stderr);
    std::fputc('\n', stderr);
    std::abort();
#endif
  }

  std::vector<kind> kinds_;
  std::vector<result_binding> results_;
};

} // namespace strata
