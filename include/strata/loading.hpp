// strata/loading.hpp: building the next state in the background (R37, docs/threads.md). A
// `loading<Built, Screen, Context, Event>` is a state that shows the game's own `Screen` (a plain
// class, whose hooks it forwards) while the plan's work runs on an executor; when the work has
// ended, the minimum time has passed and the hold is released, it replaces itself with the
// `Built` state:
//
//   strata::push_loading<level, loading_screen>(states, {.executor = &loads, .work = read_level});
//
// which pushes a strata::loading<level, loading_screen, game> with a plan posting to `states`.
//
// The work runs on the executor's thread and returns the step that makes the state on the game
// thread; so the built state is made, and destroyed, on the game thread only. Not included by
// strata.hpp; needs std::jthread and std::stop_token (load_executor.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>

#include "load_executor.hpp"
#include "poster.hpp"
#include "pushed.hpp"

#ifndef STRATA_NO_EXCEPTIONS
#include <exception>
#endif

namespace strata {

// The fraction of the work done, reported by the work on its thread and read by the loading
// state on the game thread.
class load_progress {
public:
  void report(double fraction) noexcept {
    fraction_.store(std::clamp(fraction, 0.0, 1.0), std::memory_order_relaxed);
  }
  [[nodiscard]] double fraction() const noexcept {
    return fraction_.load(std::memory_order_relaxed);
  }

private:
  std::atomic<double> fraction_{0.0};
};

// What the screen of a loading state is shown at each update, when its update takes it as a
// third argument: `void update(Context&, double dt, strata::load_status& load)`.
struct load_status {
  double progress = 0; // the work's last report, 1 once its result is here
  double elapsed = 0;  // seconds of updates since the loading state entered
  bool done = false;   // the work has ended and its result waits on the game thread
  bool held = false;   // the switch waits for release()
  void release() noexcept { held = false; }
};

template <class Built, class Context, class Event = no_event>
struct load_plan {
  using stack_type = stack<Context, Event>;
  // The game-thread step, run when the switch is due (GPU uploads in a real engine): makes the
  // state from what the work prepared, which it owns. Null, or a null state: the load failed.
  using builder = std::function<std::unique_ptr<Built>(Context&)>;

  poster<Context, Event> post{};     // the stack's, from stack.poster(); push_loading() sets it
  load_executor* executor = nullptr; // where the work runs; must outlive the load
  // Runs on the executor's thread: reads files, decodes, reports progress, returns the builder.
  // Should return early once `stop` is requested (the loading state is gone).
  std::function<builder(std::stop_token stop, load_progress& progress)> work{};
  double min_time = 0; // seconds of updates the loading state shows at least
  bool hold = false;   // wait for load_status::release() before switching
  // Called on the game thread with the loading state on top of the staged stack, when the work
  // or the builder failed (threw, or returned nothing): e.g. s.replace<load_failed>(message).
  // Without it, the loading state pops itself.
  std::function<void(stack_type& s, std::string_view message)> on_failure{};
  // Called on the game thread with the handle of the built state's replace, as it takes the
  // loading state's place: to finish its push as a push of the built state would be finished,
  // e.g. `.on_exit(strata::to_below<&world::level_done>)` (the state below the loading state is
  // the built state's below), `.name()` or `.transition()`.
  std::function<void(pushed<stack_type, Built> built)> on_switch{};
};

template <class Built, class Screen, class Context, class Event = no_event>
class loading {
public:
  using plan_type = load_plan<Built, Context, Event>;
  using stack_type = stack<Context, Event>;
  static constexpr std::string_view name = "loading";

  template <class... ScreenArgs>
  explicit loading(plan_type plan, ScreenArgs&&... args)
      : plan_(std::move(plan))
      , screen_(std::forward<ScreenArgs>(args)...) {
    status_.held = plan_.hold;
  }
  loading(const loading&) = delete;
  loading& operator=(const loading&) = delete;
  loading(loading&&) = delete;
  loading& operator=(loading&&) = delete;
  // R37: on the game thread. The work is told to stop; its result, when it comes, finds no
  // owner and is destroyed on the game thread by the post that brings it.
  ~loading() {
    if (job_ != nullptr) {
      job_->stop.request_stop();
      job_->owner = nullptr;
    }
  }

  void enter(Context& c) {
    start();
    if constexpr (requires { screen_.enter(c); }) {
      screen_.enter(c);
    }
  }
  void update(Context& c, double dt) {
    status_.elapsed += dt;
    status_.progress = status_.done ? 1.0 : job_->progress.fraction();
    if constexpr (requires { screen_.update(c, dt, status_); }) {
      screen_.update(c, dt, status_);
    } else if constexpr (requires { screen_.update(c, dt); }) {
      screen_.update(c, dt);
    }
    // R37: the switch is due once the result is here, the minimum time shown and the hold off;
    // a failure at once.
    const bool due =
        !failure_.empty() || (status_.done && status_.elapsed >= plan_.min_time && !status_.held);
    if (due && !finish_posted_) {
      finish_posted_ = true; // once; again only if finish() found this state covered
      plan_.post.post([job = job_](stack_type& s) {
        if (job->owner != nullptr) {
          job->owner->finish(s);
        }
      });
    }
  }
  void exit(Context& c) requires requires(Screen& s) { s.exit(c); }
  { screen_.exit(c); }
  void pause(Context& c) requires requires(Screen& s) { s.pause(c); }
  { screen_.pause(c); }
  void resume(Context& c) requires requires(Screen& s) { s.resume(c); }
  { screen_.resume(c); }
  void draw(Context& c) requires requires(Screen& s) { s.draw(c); }
  { screen_.draw(c); }
  bool handle(Context& c, const Event& e) requires requires(Screen& s) { s.handle(c, e); }
  { return screen_.handle(c, e); }

  [[nodiscard]] Screen& screen() noexcept { return screen_; }
  [[nodiscard]] load_status& status() noexcept { return status_; }

private:
  using builder = typename plan_type::builder;
  // Shared by the loading state (game thread) and the work (the executor's thread). `owner`
  // is read and written on the game thread only: by the loading state, and by the posts.
  struct job {
    std::stop_source stop;
    load_progress progress;
    loading* owner = nullptr;
  };
  // What the work hands to the game thread: the builder, or why there is none.
  struct outcome {
    builder build;
    std::string failure;
  };

  void start() {
    job_ = std::make_shared<job>();
    job_->owner = this;
    if (plan_.executor == nullptr || !plan_.work) {
      failure_ = "strata: a load_plan needs an executor and a work";
      return;
    }
    plan_.executor->start([j = job_, work = std::move(plan_.work), post = plan_.post]() mutable {
      outcome result = attempt(work, j->stop.get_token(), j->progress);
      // R37: the result goes to the game thread in the post; refused (the stack is gone),
      // it is destroyed here, with no state ever made from it.
      post.post([j, result = std::move(result)](stack_type& /*s*/) mutable {
        if (j->owner != nullptr) {
          j->owner->arrive(std::move(result));
        }
      });
    });
  }

  static outcome attempt(auto& work, std::stop_token stop, load_progress& progress) {
    outcome result;
#ifndef STRATA_NO_EXCEPTIONS
    try {
      result.build = work(std::move(stop), progress);
    } catch (const std::exception& e) {
      result.failure = e.what();
      return result;
    } catch (...) {
      result.failure = "strata: the load's work threw";
      return result;
    }
#else
    result.build = work(std::move(stop), progress);
#endif
    if (!result.build) {
      result.failure = "strata: the load's work returned no builder";
    }
    return result;
  }

  // On the game thread, at the start of a commit.
  void arrive(outcome result) {
    if (!result.failure.empty()) {
      failure_ = std::move(result.failure);
      return;
    }
    build_ = std::move(result.build);
    status_.done = true;
  }

  // On the game thread, at the start of a commit: the switch, if this state is still the
  // staged top (else the next update posts it again). A failure is reported once.
  void finish(stack_type& s) {
    const auto top = s.staged().top();
    if (!top || top->id() != s.id_of(*this)) {
      finish_posted_ = false;
      return;
    }
    std::unique_ptr<Built> built = failure_.empty() ? make(s.context()) : nullptr;
    if (built == nullptr) {
      fail(s, failure_);
      return;
    }
    build_ = nullptr; // what it owned is the state's now, or was destroyed with it
    // R37: from here the stack owns it, on the game thread.
    pushed<stack_type, Built> switched = s.replace(std::move(built));
    if (plan_.on_switch) {
      plan_.on_switch(std::move(switched));
    }
  }

  std::unique_ptr<Built> make(Context& c) {
    std::unique_ptr<Built> built;
#ifndef STRATA_NO_EXCEPTIONS
    try {
      built = build_(c);
    } catch (const std::exception& e) {
      failure_ = e.what();
    } catch (...) {
      failure_ = "strata: the load's builder threw";
    }
#else
    built = build_(c);
#endif
    if (built == nullptr && failure_.empty()) {
      failure_ = "strata: the load's builder made no state";
    }
    return built;
  }

  void fail(stack_type& s, const std::string& message) {
    if (plan_.on_failure) {
      plan_.on_failure(s, message);
    } else {
      s.close(s.id_of(*this));
    }
  }

  plan_type plan_;
  Screen screen_;
  load_status status_;
  std::shared_ptr<job> job_;
  builder build_;
  std::string failure_;
  bool finish_posted_ = false;
};

// Pushes a loading state whose plan posts to `s`: the plan's `post` is set to s.poster(), so that
// the game writes only what its load needs:
//
//   strata::push_loading<level, loading_screen>(states, {.executor = &loads, .work = read_level});
template <class Built, class Screen, class Context, class Event, class... ScreenArgs>
auto push_loading(stack<Context, Event>& s, load_plan<Built, Context, Event> plan,
                  ScreenArgs&&... screen_args) {
  plan.post = s.poster();
  return s.template push<loading<Built, Screen, Context, Event>>(
      std::move(plan), std::forward<ScreenArgs>(screen_args)...);
}

} // namespace strata
