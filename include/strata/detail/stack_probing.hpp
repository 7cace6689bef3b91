// strata/detail/stack_probing.hpp: what a stack does for its probe (R36): installs it, tells it
// of each hook call (around the call), request, frame, change through a handle and the steps the
// observer is not told of, and gives the passes the way to call hooks through it. A stack without
// a probe never runs this: each commit step, request, frame and change through a handle tests the
// observer's flag, which an installed probe sets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "../probe.hpp"
#include "scope_guard.hpp"
#include "stack_core.hpp"

namespace strata::detail {

template <class Context, class Event>
class stack_probing : protected stack_core<Context, Event> {
  using core = stack_core<Context, Event>;

protected:
  using core::as_probe_code;
  using core::cold_;
  using core::core;
  using core::entries_;
  using core::fail;
  using core::focused_;
  using core::guard_;
  using core::observed;
  using core::observed_;
  using core::passes_;
  using core::settings_;
  using core::where;
  using typename core::entry;

  // R36: only between calls, so that no probe call is under way, nor a hook call told to the old
  // probe whose end the new one would hear of.
  void replace_probe(strata::probe* watcher) {
    if (!guard_.may_end()) {
      fail(errc::reentrant_call,
           guard_.request_code != nullptr
               ? guard_.inside_request_message("set_probe()")
               : join({"strata: set_probe() called ", where(),
                       "; a probe is installed or removed between calls to the stack"}));
      return;
    }
    if (watcher == probe_installed()) {
      return; // installed already (or none, and none asked for): it knows the stack
    }
    cold_members& cold = cold_.get(settings_.memory);
    strata::probe* const previous = cold.probe;
    if (previous != nullptr && cold.in_frame) {
      // The frame under way ends for the probe that leaves, so that its record of it is whole.
      as_probe_code([&] { previous->frame_end(cold.frame); });
    }
    install(cold, watcher);
    if (watcher != nullptr) {
      // A probe that throws while it is told the stack (a recorder out of memory) is not left
      // installed, where its owner, told it failed, may destroy it: the one before it is back.
      on_unwind put_back{[&] { install(cold, previous); }};
      tell_the_stack_so_far();
      put_back.dismiss();
    }
  }
  void install(cold_members& cold, strata::probe* watcher) {
    cold.probe = watcher;
    cold.in_frame = false;
    observed_ = cold.watched();
    passes_.set_probed(watcher != nullptr); // the passes leave their plain paths for it
  }

  // A probe installed on a stack that holds states is told of them as if it had watched them
  // come: a push of each staged entry and an enter of each committed one, bottom first, then the
  // focus, so that what it rebuilds from the steps starts from the stack as it is.
  void tell_the_stack_so_far() {
    const auto& staged = entries_.staged();
    for (std::size_t depth = 0; depth < staged.size(); ++depth) {
      tell_probe_only(step::push, staged[depth], depth);
    }
    for (std::size_t depth = 0; depth < entries_.committed_size(); ++depth) {
      tell_probe_only(step::enter, entries_.committed_at(depth), depth);
    }
    for (std::size_t depth = 0; depth < entries_.committed_size(); ++depth) {
      if (entries_.committed_at(depth).id() == focused_) {
        tell_probe_only(step::focus, entries_.committed_at(depth), depth);
      }
    }
  }

  // A step the observer is not told of: the stack unstaged or staged an entry again without a
  // request (an enter that threw, R25; the transition limit, R23).
  void tell_probe_only(step what, const entry& e, std::size_t depth) {
    cold_members& cold = *cold_.find();
    if (cold.probe != nullptr) {
      const step_call told{step_info{what, e.name(), depth, e.id()}, e.mode(), cold.frame};
      as_probe_code([&] { cold.probe->step(told); });
    }
  }

  // The probe, if one is installed.
  [[nodiscard]] strata::probe* probe_installed() const {
    const cold_members* const cold = cold_.find();
    return cold != nullptr ? cold->probe : nullptr;
  }

  // Runs `call`, the call of hook `which` of `e` at `depth`, with the probe told around it.
  template <class Call>
  void probed(hook which, const entry& e, std::size_t depth, Call&& call) {
    cold_members& cold = *cold_.find();
    strata::probe* const watcher = cold.probe;
    if (watcher == nullptr) {
      std::forward<Call>(call)();
      return;
    }
    hook_call told{which, e.id(), e.name(), depth, cold.frame};
    as_probe_code([&] { watcher->hook_begin(told); });
    const marked<hook_call*> running{cold.running, &told};
    at_scope_exit end{[&] { as_probe_code([&] { watcher->hook_end(told); }); }};
    std::forward<Call>(call)();
  }

  // What a pass calls each hook through: directly, or with the probe told around it.
  struct direct_call {
    template <class Call>
    void operator()(hook /*which*/, const entry& /*e*/, std::size_t /*depth*/, Call&& call) const {
      std::forward<Call>(call)();
    }
  };
  struct probed_call {
    stack_probing* self;
    template <class Call>
    void operator()(hook which, const entry& e, std::size_t depth, Call&& call) const {
      self->probed(which, e, depth, std::forward<Call>(call));
    }
  };
  // Runs `pass(calls)` with the calls the pass makes probed if a probe is installed.
  template <class Pass>
  decltype(auto) with_probe_if_any(Pass&& pass) {
    if (probe_installed() != nullptr) {
      return std::forward<Pass>(pass)(probed_call{this});
    }
    return std::forward<Pass>(pass)(direct_call{});
  }

  // A request was admitted (stack_requests::admit()).
  [[gnu::noinline]] void probe_request(const char* what) {
    cold_members& cold = *cold_.find();
    if (cold.probe == nullptr) {
      return;
    }
    const bool from_hook =
        cold.running != nullptr && !guard_.observing() && !guard_.in_error_handler;
    const request_call told{what, from_hook ? cold.running : nullptr,
                            from_hook ? std::string_view{} : guard_.where_outside_hooks(),
                            cold.frame};
    as_probe_code([&] { cold.probe->request(told); });
  }

  // A frame begins or ends: stack::frame(), or the game's begin_frame() and end_frame().
  void mark_frame(bool begins) {
    if (observed()) [[unlikely]] {
      probe_frame(begins);
    }
  }
  [[gnu::noinline]] void probe_frame(bool begins) {
    cold_members& cold = *cold_.find();
    if (cold.probe == nullptr) {
      return;
    }
    if (cold.in_frame) {
      cold.in_frame = false; // a frame begun without an end ends here
      as_probe_code([&] { cold.probe->frame_end(cold.frame); });
    }
    if (begins) {
      cold.in_frame = true;
      ++cold.frame;
      as_probe_code([&] { cold.probe->frame_begin(cold.frame); });
    }
  }
  // R36: the entry at `depth` of the staged stack changed its name, modality or time scale
  // through its handle. A renamed entry whose hook runs also keeps the probe's record of that
  // call true. Only while observed(); out of line, as handles seldom change an observed entry.
  [[gnu::noinline]] void probe_changed(const entry& e, std::size_t depth) {
    cold_members& cold = *cold_.find();
    if (cold.running != nullptr && cold.running->id == e.id()) {
      cold.running->state = e.name();
    }
    if (cold.probe != nullptr) {
      const change_call told{e.id(), e.name(), depth, e.mode(), e.time_scale(), cold.frame};
      as_probe_code([&] { cold.probe->changed(told); });
    }
  }
};

} // namespace strata::detail
