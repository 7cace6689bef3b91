// model/strata_model/model_world.hpp: the model side of the model test. Plays requests on the
// reference model (model.hpp) the way model_real.hpp plays them on a strata::stack: same ids, same
// arms, same harness-owned objects destroyed at the same moments.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "model.hpp"
#include "model_harness.hpp"
#include "model_program.hpp"

namespace strata_model {

class model_world final : public model_events {
public:
  model_world()
      : stack_(*this) {}

  harness_core core;

  [[nodiscard]] reference_stack& stack() { return stack_; }
  [[nodiscard]] const reference_stack& stack() const { return stack_; }
  // R31, R33: the entry id of the index-th newest kept handle (whose entry may have gone since),
  // 0 for none.
  [[nodiscard]] std::uint64_t kept_id(std::size_t index) const {
    return index < kept_.size() ? kept_[index].eid : 0;
  }

  // A request from outside (top_level), or one armed in a hook or the observer; what it throws
  // is caught here, as the real harness does: a strata::error is reported with its code (in
  // builds without exceptions the handler reported it already), a hook's exception as caught.
  void perform(const request& r, bool top_level) {
    // A request made inside another operation (by a hook, the observer, a destructor) reports
    // its own error; the one of the operation around it stays as it was. Every such request
    // comes through here, so the stack's last error is still this request's when it returns.
    const strata::errc outer_error = stack_.last_error();
    const outcome result = execute(r, top_level);
    if (result == outcome::failed && exceptions_on) {
      core.trace.failed(stack_.last_error());
    } else if (result == outcome::thrown) {
      core.trace.caught();
    }
    stack_.restore_error(outer_error);
  }

  void destroy() {
    core.arms.disarm_throws();
    core.trace.teardown();
    stack_.destroy();
  }

  // ---- model_events ----

  outcome call(int id, std::uint8_t base_name, hook_kind hook, double dt,
               const strata::presence* seen) override {
    if (seen != nullptr) {
      core.trace.drawn(id, *seen);
    } else {
      core.trace.hook(hook, id, dt);
    }
    if (core.arms.tearing_down()) {
      core.trace.queried(stack_.pending(), stack_.leaving()); // Issue 10 item 10
    }
    request armed;
    bool escapes = false;
    if (core.arms.take_hook_request(hook, base_name, armed, escapes)) {
      sites_.push_back({site_kind::hook, hook, id, 0});
      bool escaped = false;
      if (!escapes) {
        perform(armed, false);
      } else {
        escaped = execute(armed, false) == outcome::failed;
      }
      sites_.pop_back();
      if (escaped) {
        // The error leaves the hook like an exception of its own (R25), and is reported where
        // the operation from outside catches it.
        core.trace.throws(hook, id);
        return outcome::failed;
      }
    }
    if (core.arms.take_throw(hook, base_name) && exceptions_on) {
      core.trace.throws(hook, id);
      return outcome::thrown;
    }
    return outcome::ok;
  }

  void observe(strata::step step, std::uint8_t name, std::size_t depth,
               std::uint64_t eid) override {
    core.trace.observed(step, name, depth, eid);
    request armed;
    bool replace_observer =
        false; // the model's observer is the same before and after (issue 10 item 4)
    if (core.arms.take_observer_request(step, name, armed, replace_observer)) {
      sites_.push_back({site_kind::observer, hook_kind::enter, -1, eid});
      perform(armed, false);
      sites_.pop_back();
    }
  }

  outcome ran_on_exit(int id) override {
    core.trace.on_exit(id);
    // Never from the stack's destructor, which is noexcept.
    const bool throws =
        std::as_const(stack_).entry(id).on_exit == on_exit_throws && !core.arms.tearing_down();
    return throws && exceptions_on ? outcome::thrown : outcome::ok;
  }
  void replaced_on_exit(int /*id*/) override { perform(audio_push(), false); }
  void destroyed(int id) override { destroyed(id, std::as_const(stack_).entry(id).base_name); }
  void error(strata::errc code) override { core.trace.failed(code); }

private:
  outcome execute(const request& r, bool top_level) {
    switch (r.kind) {
    case request_kind::push:
    case request_kind::replace:
    case request_kind::push_first_on_top: return stage(r);
    case request_kind::pop: return stack_.pop(leaving(r));
    case request_kind::clear: return stack_.clear(leaving(r));
    case request_kind::pop_until_name: return stack_.pop_until_name(r.name);
    case request_kind::pop_until_depth: return stack_.pop_until_depth(r.depth);
    case request_kind::pop_to: return stack_.pop_to(r.depth);
    case request_kind::close: {
      bool closed = false;
      const outcome result = stack_.close(close_id(r), closed);
      if (result != outcome::failed || !exceptions_on) {
        core.trace.closed(closed); // what close() returned, where it returns
      }
      return result;
    }
    case request_kind::set_time_scale:
      return stack_.set_time_scale(r.depth < kept_.size() ? kept_[r.depth].id : -1,
                                   time_scales[r.scale]);
    case request_kind::set_transition:
      return stack_.set_transition(r.depth < kept_.size() ? kept_[r.depth].id : -1,
                                   transitions[r.transition]);
    case request_kind::commit: return stack_.commit();
    case request_kind::update: return stack_.update(dts[r.dt]);
    case request_kind::draw: return stack_.draw();
    case request_kind::handle: {
      bool used = false;
      const outcome result = stack_.handle(used);
      if (result == outcome::ok && top_level) {
        core.trace.handled(used);
      }
      return result;
    }
    case request_kind::frame: return stack_.frame(r.depth % 3U, dts[r.dt]);
    case request_kind::finish_transitions: return stack_.finish_transitions();
    case request_kind::destroy: core.trace.aborted(destruction_site()); return outcome::ok;
    }
    return outcome::ok;
  }

  // R33: the t of pop(t) and clear(t), or none.
  static const strata::transition* leaving(const request& r) {
    return r.leaving == no_choice ? nullptr : &transitions[r.leaving % transitions.size()];
  }

  // R31: the id a close request names (see close_target).
  [[nodiscard]] std::uint64_t close_id(const request& r) const {
    const std::vector<int>& staged = stack_.staged();
    switch (static_cast<close_target>(r.which)) {
    case close_target::kept: return r.depth < kept_.size() ? kept_[r.depth].eid : 0;
    case close_target::staged:
      return r.depth < staged.size() ? stack_.entry(staged[staged.size() - 1 - r.depth]).eid : 0;
    case close_target::self:
      if (sites_.empty()) {
        return 0;
      }
      return sites_.back().kind == site_kind::hook ? stack_.id_of(sites_.back().id)
                                                   : sites_.back().eid;
    case close_target::none: return 0;
    case close_target::unknown: return unknown_id(r.depth);
    }
    return 0;
  }

  // The handle of a push or replace that returned one: its state (-1 for the inert handle of a
  // push that failed) and that entry's id. The newest first.
  void keep(int id) {
    kept_.insert(kept_.begin(), {id, id < 0 ? 0 : std::as_const(stack_).entry(id).eid});
    if (kept_.size() > kept_handles) {
      kept_.pop_back();
    }
  }

  // What strata's abort message names as the place the stack was destroyed from (R24), from
  // the hooks and observer calls under way.
  [[nodiscard]] std::string destruction_site() const {
    const auto commit_hook = std::find_if(sites_.rbegin(), sites_.rend(), [](const site& s) {
      return s.kind == site_kind::hook && is_lifecycle(s.hook);
    });
    const bool in_commit_hook = commit_hook != sites_.rend() && stack_.committing();
    const bool observing = std::any_of(sites_.begin(), sites_.end(),
                                       [](const site& s) { return s.kind == site_kind::observer; });
    if (observing && !in_commit_hook) {
      return "from inside the observer";
    }
    if (stack_.tearing_down()) {
      return "while the stack is being destroyed";
    }
    if (in_commit_hook) {
      return "from inside '" + std::string(state_names[stack_.entry(commit_hook->id).shown_name]) +
             "'." + std::string(hook_names[static_cast<std::size_t>(commit_hook->hook)]) + "()";
    }
    const auto pass_hook = std::find_if(sites_.rbegin(), sites_.rend(),
                                        [](const site& s) { return s.kind == site_kind::hook; });
    switch (pass_hook == sites_.rend() ? hook_kind::enter : pass_hook->hook) {
    case hook_kind::update:
    case hook_kind::update_covered:
    case hook_kind::update_always: return "during update()";
    case hook_kind::draw: return "during draw()";
    case hook_kind::handle: return "during handle()";
    default: return "(outside any hook)";
    }
  }

  // A state of the stack or of the harness is destroyed; its destructor may be armed.
  void destroyed(int id, std::uint8_t base_name) {
    core.trace.destroyed(id);
    request armed;
    if (core.arms.take_destructor_request(base_name, armed)) {
      sites_.push_back({site_kind::destructor, hook_kind::enter, id, 0});
      perform(armed, false);
      sites_.pop_back();
    }
  }

  outcome stage(const request& r) {
    std::array<int, 4> ids{};
    if (!core.prepare(
            r, ids, [&](std::size_t slot) { return use_of(slot); }, [](std::size_t) {})) {
      return outcome::ok;
    }
    const lender_claim claim(core, r);
    std::array<model_entry, 4> entries{};
    for (std::size_t i = 0; i < r.count; ++i) {
      entries[i] = make_entry(r.items[i], ids[i]);
      if (r.kind == request_kind::push_first_on_top && r.items[i].own != ownership::borrowed) {
        // The harness builds one C++ type per ownership there (model/src/model_real_push.cpp).
        entries[i].type =
            r.items[i].own == ownership::pooled ? probe_type::full : probe_type::virtual_base;
        entries[i].scale = 1.0F;
        entries[i].transition = {};
      }
    }
    std::size_t taken = 0;
    std::size_t prepared = 0; // a failed push_first_on_top's items the stack took over
    outcome result = outcome::ok;
    if (r.kind == request_kind::push_first_on_top) {
      result = stack_.push_first_on_top(std::span(entries.data(), r.count), taken, prepared);
    } else {
      bool staged = false;
      result = r.kind == request_kind::push ? stack_.push(entries[0], staged)
                                            : stack_.replace(entries[0], staged);
      taken = staged ? 1 : 0;
      if (r.items[0].own == ownership::adopted && !staged) {
        // The unique_ptr's state dies before push() or replace() returns: dropped by the stack,
        // which took it over, when it could not stage it; else with the parameter.
        if (r.kind == request_kind::push && result == outcome::failed &&
            stack_.last_error() == strata::errc::depth_limit) {
          stack_.drop_taken([&] { destroyed(ids[0], r.items[0].name); });
        } else {
          destroyed(ids[0], r.items[0].name);
        }
        taken = 1;
      }
      // The harness keeps every handle it gets, once push() or replace() has returned it.
      const bool handle_returned = result != outcome::failed || !exceptions_on;
      if (handle_returned) {
        keep(staged ? entries[0].id : -1);
      }
      outcome scaled = outcome::ok;
      const bool finished = staged && stack_.finish_push(entries[0].id, r.items[0], scaled);
      // The harness finishes any handle push() returns (a request that fails throws instead);
      // an on_exit_replaced callback the stack did not take dies with the harness's temporary.
      if (!finished && handle_returned && r.items[0].on_exit == on_exit_replaced) {
        perform(audio_push(), false);
      }
      if (scaled != outcome::ok) {
        result = scaled; // .time_scale() came last
      }
    }
    // The harness still holds the states the stack did not take (push_first_on_top takes them
    // from the last on): its locals destroy them, last first, once the call is over.
    for (std::size_t i = r.count - taken; i-- > 0;) {
      const bool held =
          r.items[i].own == ownership::adopted ||
          (r.items[i].own == ownership::pooled && r.kind == request_kind::push_first_on_top);
      if (held && i >= r.count - prepared) {
        stack_.drop_taken([&] { destroyed(ids[i], r.items[i].name); });
      } else if (held) {
        destroyed(ids[i], r.items[i].name);
      }
    }
    return result;
  }

  model_entry make_entry(const item& what, int id) const {
    model_entry made;
    made.id = id;
    made.type = what.type;
    made.base_name = what.name;
    made.mode =
        what.type == probe_type::bare ? strata::modality::screen : modalities[what.declared];
    made.type_parameter =
        what.type == probe_type::moving ? what.declared_transition : what.declared_scale;
    made.scale = what.type == probe_type::scaled ? time_scales[what.declared_scale] : 1.0F;
    if (what.type == probe_type::moving) {
      made.transition = transitions[what.declared_transition]; // R33: the type's
    }
    made.consumes = what.consumes;
    made.null = what.own == ownership::null;
    if (what.own == ownership::borrowed) {
      made.borrow_slot = what.borrow_slot;
    }
    return made;
  }

  [[nodiscard]] slot_use use_of(std::size_t slot) const {
    const auto holds = [&](const std::vector<int>& ids) {
      for (const int id : ids) {
        if (stack_.entry(id).borrow_slot == static_cast<int>(slot)) {
          return true;
        }
      }
      return false;
    };
    if (holds(stack_.staged())) {
      return stack_.entry(stack_.staged().back()).borrow_slot == static_cast<int>(slot)
                 ? slot_use::staged_top
                 : slot_use::staged;
    }
    return holds(stack_.committed()) ? slot_use::retiring : slot_use::free;
  }

  // What runs where an armed request is made, innermost last: a hook of state `id`, the
  // observer told of a step of entry `eid`, or the destructor of state `id`.
  enum class site_kind : std::uint8_t { hook, observer, destructor };
  struct site {
    site_kind kind;
    hook_kind hook;
    int id;
    std::uint64_t eid;
  };
  struct kept_handle {
    int id;
    std::uint64_t eid;
  };

  reference_stack stack_;
  std::vector<site> sites_;
  std::vector<kept_handle> kept_; // the newest first
};

} // namespace strata_model
