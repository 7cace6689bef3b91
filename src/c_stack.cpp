// src/c_stack.cpp: the state a strata_stack handle keeps besides its strata::stack: options,
// observer, last error, and the calls under way.
#include "c_stack.hpp"

#include <limits>

#include <strata/detail/scope_guard.hpp>

namespace {

// The observer's steps keep their order in the C API.
static_assert(static_cast<int>(strata::step::push) == STRATA_STEP_PUSH);
static_assert(static_cast<int>(strata::step::pop) == STRATA_STEP_POP);
static_assert(static_cast<int>(strata::step::discard) == STRATA_STEP_DISCARD);
static_assert(static_cast<int>(strata::step::enter) == STRATA_STEP_ENTER);
static_assert(static_cast<int>(strata::step::exit) == STRATA_STEP_EXIT);
static_assert(static_cast<int>(strata::step::pause) == STRATA_STEP_PAUSE);
static_assert(static_cast<int>(strata::step::resume) == STRATA_STEP_RESUME);
static_assert(static_cast<int>(strata::step::focus) == STRATA_STEP_FOCUS);
static_assert(static_cast<int>(strata::step::unfocus) == STRATA_STEP_UNFOCUS);

// strata_id holds every strata::entry_id (strata.h picks the type per platform).
static_assert(std::numeric_limits<strata_id>::digits == 64 &&
              !std::numeric_limits<strata_id>::is_signed);

} // namespace

strata_stack::strata_stack(void* env, const strata_options* options)
    : memory_(options != nullptr ? options->allocator : nullptr)
    , names_(&memory_)
    , context_{this, env, &failures_}
    , core_(context_, core_options(options, *this)) {}

strata::options strata_stack::core_options(const strata_options* options, strata_stack& owner) {
  strata::options settings;
  settings.memory = &owner.memory_;
  if (options != nullptr) {
    settings.coalesced = options->coalesced != 0;
    settings.max_transitions =
        strata::capi::limit_or_default(options->max_transitions, settings.max_transitions);
    settings.max_depth = strata::capi::limit_or_default(options->max_depth, settings.max_depth);
  }
  return settings;
}

strata_stack::call_scope::call_scope(strata_stack& owner, const char* what, bool runs_hooks)
    : owner_(owner)
    , failable_(owner.failures_) {
  if (owner_.depth_ == 0) {
    owner_.outermost_ = what;
    owner_.hooks_running_ = runs_hooks;
  }
  ++owner_.depth_;
}

strata_stack::call_scope::~call_scope() {
  if (--owner_.depth_ == 0) {
    owner_.outermost_ = nullptr;
    owner_.hooks_running_ = false;
  }
}

int strata_stack::refuse(const char* what) const {
  return fail(STRATA_E_REENTRANT, {"strata: ", what, " called from inside a callback of ",
                                   outermost_, "; only requests may be made there"});
}

int strata_stack::check_call(const char* what) const {
  if (readable()) {
    return STRATA_OK;
  }
  return fail(STRATA_E_REENTRANT, {"strata: ", what,
                                   " called from inside the stack's allocator; an allocator must "
                                   "not call into the stack it serves"});
}

int strata_stack::check_destroy() {
  if (const int refused = check_call("strata_destroy()"); refused != STRATA_OK) {
    return refused;
  }
  if (depth_ == 0) {
    return STRATA_OK;
  }
  return fail(STRATA_E_REENTRANT, {"strata: strata_destroy() called from inside a callback of ",
                                   outermost_, "; a stack must outlive its callbacks"});
}

void strata_stack::begin_destroy() {
  depth_ = 1;
  outermost_ = "strata_destroy()";
  hooks_running_ = true;
  destroying_ = true;
}

void strata_stack::set_observer(strata_observer_fn observer, void* user) {
  observer_ = observer;
  observer_user_ = user;
  // Installed once and left in place, so that an observer may replace or remove itself while
  // the core is calling it.
  if (observer != nullptr && !observer_installed_) {
    core_.set_observer([this](const strata::step_info& info) { notify(info); });
    observer_installed_ = true;
  }
}

int strata_stack::fail_callback(const char* message) {
  if (const int refused = check_call("strata_fail()"); refused != STRATA_OK) {
    return refused;
  }
  // The destructor of the core cannot let a failure through, and a state leaves anyway.
  if (destroying_) {
    return fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_fail() called while the stack is being "
                                        "destroyed; the state leaves all the same"});
  }
  if (!failures_.fail(message)) {
    return fail(STRATA_E_BAD_ARGUMENT,
                {"strata: strata_fail() called outside an enter, exit, pause, resume, focus, "
                 "unfocus, active, inactive, always, draw or event callback of this stack"});
  }
  return STRATA_OK;
}

void strata_stack::notify(const strata::step_info& info) {
  if (observer_ != nullptr) {
    // An observer's request may tell another observer call its own step: each reads its own.
    const strata::detail::at_scope_exit restore{[this, outer = told_] { told_ = outer; }};
    told_ = info.id;
    // Every name on a C stack is null-terminated: c_state::c_name(), or a name a restore gave
    // (the core copies names with a terminator).
    observer_(this, observer_user_, static_cast<int>(info.step), info.state.data(), info.depth);
  }
}

int strata_stack::fail(int code, std::initializer_list<std::string_view> message) const noexcept {
  last_code_ = code;
  strata::capi::join_cut(last_message_, message);
  return code;
}

namespace strata::capi {

namespace {

template <class... States>
c_state& state_among(const core_stack::view::value_type& entry) {
  c_state* found = nullptr;
  ((found = found != nullptr ? found : entry.get<States>()), ...);
  return *found;
}

} // namespace

c_state& state_of(const core_stack::view::value_type& entry) {
  return state_among<c_state, c_state_with<true, false>, c_state_with<false, true>,
                     c_state_with<true, true>>(entry);
}

core_stack::pushed<c_state> staged_handle(core_stack& core, std::size_t depth,
                                          strata::entry_id id) {
  // The handle's slot is the entry's staged position and id, which its push would have given it.
  // Its type names no state type for these calls: any C state's entry takes them.
  return core_stack::pushed<c_state>{&core, {depth, id}};
}

strata_entry to_entry(const core_stack::view::value_type& entry) {
  const c_state& state = state_of(entry);
  return strata_entry{entry.name().data(),       state.kind(),      state.data(),
                      to_bits(entry.modality()), entry.depth(),     entry.paused() ? 1 : 0,
                      to_id(entry.id()),         entry.time_scale()};
}

} // namespace strata::capi
