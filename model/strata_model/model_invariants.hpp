// model/strata_model/model_invariants.hpp: checks a recorded trace against the lifecycle rules
// without any model. It rebuilds the committed stack from the observer's steps and the hooks' ids,
// and holds every state to the grammar `enter (pause | resume | focus | unfocus)* exit`: pause and
// resume alternate (coalesced, a paused state may exit), exit only on the committed top; focus and
// unfocus alternate from focus, focus only on the committed top while it is not paused and
// nothing else is focused, no exit while focused, and after a commit that ended without error its
// top is focused. Hooks of the passes run only on committed states (draw also on states that
// exited and are not destroyed yet, R33), and every state that entered exits once before its
// destruction (R2, R3, R8, R9, R25, R29).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <strata/observer.hpp>

#include "model_program.hpp"
#include "model_trace.hpp"

namespace strata_model {

class lifecycle_checker {
public:
  // Reads more of the trace; false from the first violation on (problem() says which).
  bool feed(std::span<const event> events) {
    for (const event& e : events) {
      if (!problem_.empty()) {
        break;
      }
      check(e);
      ++position_;
    }
    return problem_.empty();
  }

  // After the stack's destructor: nothing committed is left, every state that entered exited.
  bool finish() {
    if (!problem_.empty()) {
      return false;
    }
    if (pending_id_ >= 0) {
      violation("a hook was never followed by its step");
    } else if (!committed_.empty()) {
      violation(std::to_string(committed_.size()) + " states still committed after destruction");
    } else {
      for (std::size_t id = 0; id < lives_.size(); ++id) {
        if (lives_[id] == life::entered) {
          violation("#" + std::to_string(id) + " entered and never exited");
          break;
        }
      }
    }
    return problem_.empty();
  }

  // After each operation from outside; `committing` for commit() and frame(). False from the
  // first violation on.
  bool operation_done(bool committing) {
    if (problem_.empty() && committing && !troubled_ && !committed_.empty()) {
      if (committed_.back().paused) {
        violation("a commit that ended without error left its top paused");
      } else if (!committed_.back().focused) {
        violation("a commit that ended without error left its top without focus");
      }
    }
    troubled_ = false;
    return problem_.empty();
  }

  [[nodiscard]] const std::string& problem() const { return problem_; }

private:
  enum class life : std::uint8_t { unseen, entered, exited, destroyed, never_entered };
  // (No name: .name() at push may rename a state an observer's commit already entered.)
  struct slot {
    int id; // -1 for a state without lifecycle hooks, until its on_exit tells
    bool paused;
    bool hooked; // has enter, exit, pause and resume: each of those steps follows its hook
    bool focused = false;
  };

  void violation(const std::string& what) {
    problem_ = "event " + std::to_string(position_) + ": " + what;
  }

  life& life_of(int id) {
    if (lives_.size() <= static_cast<std::size_t>(id)) {
      lives_.resize(static_cast<std::size_t>(id) + 1, life::unseen);
    }
    return lives_[static_cast<std::size_t>(id)];
  }

  [[nodiscard]] bool is_top(int id) const {
    return !committed_.empty() && committed_.back().id == id;
  }
  [[nodiscard]] bool is_committed(int id) const { return find(id) != nullptr; }
  // By the depth each id was entered at: a stack thousands deep costs no search per event.
  [[nodiscard]] const slot* find(int id) const {
    const auto at = static_cast<std::size_t>(id);
    if (id < 0 || at >= depths_.size() || depths_[at] < 0) {
      return nullptr;
    }
    return &committed_[static_cast<std::size_t>(depths_[at])];
  }
  slot* find(int id) { return const_cast<slot*>(std::as_const(*this).find(id)); }
  [[nodiscard]] bool any_focused() const { return focused_count_ > 0; }
  // A state known by its id from now on, at the committed depth `depth`.
  void place(int id, std::size_t depth) {
    if (depths_.size() <= static_cast<std::size_t>(id)) {
      depths_.resize(static_cast<std::size_t>(id) + 1, -1);
    }
    depths_[static_cast<std::size_t>(id)] = static_cast<int>(depth);
  }
  void set_focused(slot& at, bool focused) {
    focused_count_ += (focused ? 1 : 0) - (at.focused ? 1 : 0);
    at.focused = focused;
  }

  void check(const event& e) {
    switch (e.kind) {
    case event_kind::hook: check_hook(static_cast<hook_kind>(e.what), e.value); break;
    case event_kind::throws: check_throw(static_cast<hook_kind>(e.what), e.value); break;
    case event_kind::on_exit: check_on_exit(e.value); break;
    case event_kind::destroyed: check_destroyed(e.value); break;
    case event_kind::observed:
      check_step(static_cast<strata::step>(e.what), e.name, e.value);
      break;
    case event_kind::setting:
      if (e.what == 0) {
        coalesced_ = e.value != 0;
      }
      break;
    case event_kind::failed:
    case event_kind::caught: troubled_ = true; break;
    default: break;
    }
  }

  void check_hook(hook_kind hook, int id) {
    if (pending_id_ >= 0) {
      violation(std::string(hook_names[static_cast<std::size_t>(hook)]) + " of #" +
                std::to_string(id) + " inside the " +
                std::string(hook_names[static_cast<std::size_t>(pending_hook_)]) + " of #" +
                std::to_string(pending_id_));
      return;
    }
    const std::string what =
        "#" + std::to_string(id) + "." + std::string(hook_names[static_cast<std::size_t>(hook)]);
    switch (hook) {
    case hook_kind::enter:
      if (life_of(id) != life::unseen) {
        violation(what + " on a state that entered before");
      } else if (!committed_.empty() && !committed_.back().paused) {
        violation(what + " above a top that is not paused");
      }
      break;
    case hook_kind::exit:
    case hook_kind::pause:
    case hook_kind::resume:
      if (!is_top(id)) {
        violation(what + " on a state that is not the committed top");
      } else if (hook == hook_kind::pause && committed_.back().paused) {
        violation(what + " on a paused state");
      } else if (hook == hook_kind::resume && !committed_.back().paused) {
        violation(what + " on a state that is not paused");
      } else if (hook == hook_kind::exit && committed_.back().paused && !coalesced_) {
        violation(what + " on a paused state without resume first");
      } else if (hook == hook_kind::exit && committed_.back().focused) {
        violation(what + " on a focused state without unfocus first");
      }
      break;
    case hook_kind::focus:
      if (!is_top(id)) {
        violation(what + " on a state that is not the committed top");
      } else if (committed_.back().paused) {
        violation(what + " on a paused state");
      } else if (any_focused()) {
        violation(what + " while a state is focused");
      }
      break;
    case hook_kind::unfocus:
      if (find(id) == nullptr || !find(id)->focused) {
        violation(what + " on a state that is not focused");
      }
      break;
    case hook_kind::update:
      if (!is_top(id)) {
        violation(what + " on a state that is not the committed top");
      }
      return;
    case hook_kind::update_covered:
      if (!is_committed(id) || is_top(id)) {
        violation(what + " on a state that is not a covered committed state");
      }
      return;
    case hook_kind::update_always:
    case hook_kind::handle:
      if (!is_committed(id)) {
        violation(what + " on a state that is not committed");
      }
      return;
    case hook_kind::draw: // R33: a state that exited is drawn while it leaves, until destroyed
      if (!is_committed(id) && life_of(id) != life::exited) {
        violation(what + " on a state that is neither committed nor leaving");
      }
      return;
    }
    pending_id_ = id;
    pending_hook_ = hook;
  }

  // R25: what a lifecycle hook that throws leaves behind. Issue 10 item 11: a state whose exit
  // throws has left, and its exit step is still reported: the hook stays open until that step.
  void check_throw(hook_kind hook, int id) {
    troubled_ = true;
    if (!is_lifecycle(hook)) {
      return;
    }
    if (pending_id_ != id || pending_hook_ != hook) {
      violation("#" + std::to_string(id) + " throws from a hook that is not running");
      return;
    }
    if (hook == hook_kind::exit) {
      life_of(id) = life::exited;
      return;
    }
    pending_id_ = -1;
    switch (hook) {
    case hook_kind::enter: life_of(id) = life::never_entered; break;
    case hook_kind::pause: committed_.back().paused = true; break;
    case hook_kind::resume: committed_.back().paused = false; break;
    case hook_kind::focus: set_focused(committed_.back(), true); break; // R29: counts as focused
    case hook_kind::unfocus: set_focused(*find(id), false); break;      // and as unfocused
    default: break;
    }
  }

  // R19: right after the exit hook; for a state without one, right before its exit step.
  void check_on_exit(int id) {
    const bool after_hook = pending_id_ == id && pending_hook_ == hook_kind::exit;
    const bool hookless_top = pending_id_ < 0 && !committed_.empty() && committed_.back().id < 0;
    if (!after_hook && !hookless_top) {
      violation("on_exit of #" + std::to_string(id) + " not right after its exit");
    } else if (hookless_top) {
      committed_.back().id = id; // now known: its exit step follows
      place(id, committed_.size() - 1);
      life_of(id) = life::entered;
    }
  }

  void check_destroyed(int id) {
    life& state = life_of(id);
    if (state == life::entered) {
      violation("#" + std::to_string(id) + " destroyed without exit");
    } else if (state == life::destroyed) {
      violation("#" + std::to_string(id) + " destroyed twice");
    } else {
      state = life::destroyed;
    }
  }

  // The step the observer reports closes the hook that ran for it, if the state has that hook.
  int take_pending(hook_kind hook, const std::string& what) {
    if (pending_id_ < 0) {
      return -1;
    }
    if (pending_hook_ != hook) {
      violation(what + " reported while the " +
                std::string(hook_names[static_cast<std::size_t>(pending_hook_)]) + " of #" +
                std::to_string(pending_id_) + " runs");
      return -1;
    }
    const int id = pending_id_;
    pending_id_ = -1;
    return id;
  }

  void check_step(strata::step step, std::uint8_t name, int depth) {
    const std::string what = "step " + std::string(strata::to_string(step)) + " of " +
                             std::string(name < state_names.size() ? state_names[name] : "?") +
                             "@" + std::to_string(depth);
    const int size = static_cast<int>(committed_.size());
    switch (step) {
    case strata::step::push:
    case strata::step::pop:
    case strata::step::discard: return; // requests are legal anywhere, inside hooks too
    case strata::step::enter: {
      const int id = take_pending(hook_kind::enter, what);
      if (depth != size) {
        violation(what + ": the committed stack holds " + std::to_string(size));
      } else if (size > 0 && !committed_.back().paused) {
        violation(what + " above a top that is not paused");
      } else {
        committed_.push_back({id, false, id >= 0});
        if (id >= 0) {
          place(id, committed_.size() - 1);
        }
        if (id >= 0) {
          life_of(id) = life::entered;
        }
      }
      return;
    }
    case strata::step::exit:
    case strata::step::pause:
    case strata::step::resume: {
      const hook_kind hook = step == strata::step::exit    ? hook_kind::exit
                             : step == strata::step::pause ? hook_kind::pause
                                                           : hook_kind::resume;
      const int id = take_pending(hook, what);
      if (depth != size - 1) {
        violation(what + " not on the committed top");
        return;
      }
      slot& top = committed_.back();
      if (top.hooked ? id != top.id : id >= 0) {
        violation(what + " after the hook of #" + std::to_string(id) + ", not of the top");
      } else if (step == strata::step::pause && top.paused) {
        violation(what + " on a paused state");
      } else if (step == strata::step::resume && !top.paused) {
        violation(what + " on a state that is not paused");
      } else if (step == strata::step::exit && top.paused && !coalesced_) {
        violation(what + " on a paused state without resume first");
      } else if (step == strata::step::exit && top.focused) {
        violation(what + " on a focused state without unfocus first");
      } else if (step == strata::step::exit) {
        if (top.id >= 0) {
          life_of(top.id) = life::exited;
        }
        if (top.id >= 0) {
          depths_[static_cast<std::size_t>(top.id)] = -1;
        }
        committed_.pop_back();
      } else {
        top.paused = step == strata::step::pause;
      }
      return;
    }
    case strata::step::focus:
    case strata::step::unfocus: check_focus_step(step, depth, what); return;
    }
  }

  // R29: a focus step follows the state's focus hook if it has one (a state without it is still
  // told), on the top while not paused and nothing else is focused; an unfocus step on the
  // focused state, wherever it is.
  void check_focus_step(strata::step step, int depth, const std::string& what) {
    const bool focus = step == strata::step::focus;
    const int id = take_pending(focus ? hook_kind::focus : hook_kind::unfocus, what);
    if (!problem_.empty()) {
      return;
    }
    if (depth < 0 || static_cast<std::size_t>(depth) >= committed_.size()) {
      violation(what + " not on a committed state");
      return;
    }
    slot& at = committed_[static_cast<std::size_t>(depth)];
    if (id >= 0 && at.id >= 0 && id != at.id) {
      violation(what + " after the hook of #" + std::to_string(id));
    } else if (focus && static_cast<std::size_t>(depth) + 1 != committed_.size()) {
      violation(what + " not on the committed top");
    } else if (focus && at.paused) {
      violation(what + " on a paused state");
    } else if (focus && any_focused()) {
      violation(what + " while a state is focused");
    } else if (!focus && !at.focused) {
      violation(what + " on a state that is not focused");
    } else {
      set_focused(at, focus);
    }
  }

  std::vector<slot> committed_;
  std::vector<life> lives_; // by id
  std::vector<int> depths_; // by id: the committed depth of a state known by its id, or -1
  int focused_count_ = 0;   // slots focused: 0 or 1 while the trace keeps R29
  bool coalesced_ = false;
  bool troubled_ = false; // the operation under way reported an error or an exception
  int pending_id_ = -1;   // the lifecycle hook running, until its step or its throw
  hook_kind pending_hook_ = hook_kind::enter;
  std::size_t position_ = 0;
  std::string problem_;
};

} // namespace strata_model
