// bench/baselines/pending_list.hpp: baseline 3, the pending list of the usual tutorial: the
// stack owns its states in a std::vector of std::unique_ptr, requests are queued as push, pop
// and clear changes applied after each update, and states are made by id through a std::map of
// std::function factories.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

#include "virtual_state.hpp"

namespace bench {

class pending_list {
public:
  enum class state_id { pause_menu };

  template <class T>
  void register_state(state_id id) {
    factories_[id] = [] { return std::make_unique<T>(); };
  }

  void request_push(state_id id) { pending_.push_back({action::push, id}); }
  void request_pop() { pending_.push_back({action::pop, {}}); }
  void request_clear() { pending_.push_back({action::clear, {}}); }

  // Top to bottom, then the requests made meanwhile.
  void update(double dt) {
    for (std::size_t depth = stack_.size(); depth-- > 0;) {
      stack_[depth]->update(dt);
    }
    apply_pending();
  }

  void apply_pending() {
    for (const change& request : pending_) {
      switch (request.what) {
      case action::push: push_now(request.id); break;
      case action::pop: pop_now(); break;
      case action::clear:
        while (!stack_.empty()) {
          pop_now();
        }
        break;
      }
    }
    pending_.clear();
  }

private:
  enum class action { push, pop, clear };
  struct change {
    action what;
    state_id id;
  };

  void push_now(state_id id) {
    if (!stack_.empty()) {
      stack_.back()->pause();
    }
    stack_.push_back(factories_.at(id)());
    stack_.back()->enter();
  }

  void pop_now() {
    stack_.back()->exit();
    stack_.pop_back();
    if (!stack_.empty()) {
      stack_.back()->resume();
    }
  }

  std::vector<std::unique_ptr<virtual_state>> stack_;
  std::vector<change> pending_;
  std::map<state_id, std::function<std::unique_ptr<virtual_state>()>> factories_;
};

class pending_list_subject {
public:
  static constexpr std::string_view label = "pending_list";
  static constexpr std::size_t state_bytes_per_push = sizeof(busy_state);

  // The tutorial design grows its vectors as it goes; it takes no capacity.
  explicit pending_list_subject(std::size_t /*capacity*/) {
    list_.register_state<busy_state>(pending_list::state_id::pause_menu);
  }
  pending_list_subject(const pending_list_subject&) = delete;
  pending_list_subject& operator=(const pending_list_subject&) = delete;
  pending_list_subject(pending_list_subject&&) = delete;
  pending_list_subject& operator=(pending_list_subject&&) = delete;
  // Gives every state its exit, as strata's destructor does.
  ~pending_list_subject() {
    list_.request_clear();
    list_.apply_pending();
  }

  void push() { list_.request_push(pending_list::state_id::pause_menu); }
  void pop() { list_.request_pop(); }
  void commit() { list_.apply_pending(); }
  void update(double dt) { list_.update(dt); }

private:
  pending_list list_;
};

} // namespace bench
