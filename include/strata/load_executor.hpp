// strata/load_executor.hpp: where the work of a background load runs (R37, docs/threads.md). A
// loading state (loading.hpp) hands its work to a `load_executor`; a game with a job system of
// its own implements start() to run the work there. `thread_executor` is the one strata gives: a
// std::jthread per load, joined when the executor is destroyed.
//
// Needs std::jthread and std::stop_token (C++20 <thread>, <stop_token>); libc++ 14 lacks both,
// and there this header refuses to compile rather than offering a fallback of its own.
#pragma once

#include <version>
#if !defined(__cpp_lib_jthread)
#error                                                                                             \
    "strata/load_executor.hpp needs std::jthread and std::stop_token, which this standard library lacks (libc++ 14 does)"
#endif

#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace strata {

class load_executor {
public:
  load_executor(const load_executor&) = delete;
  load_executor& operator=(const load_executor&) = delete;
  load_executor(load_executor&&) = delete;
  load_executor& operator=(load_executor&&) = delete;
  virtual ~load_executor() = default;

  // R37: called on the game thread when a loading state enters. Must call `work` exactly once,
  // on any thread but the game thread's own frame (the work may take seconds), and must not
  // wait for it to end. `work` reaches the stack only through its poster, so it may run after
  // the loading state, or the stack, is gone.
  virtual void start(std::function<void()> work) = 0;

protected:
  load_executor() = default;
};

// A std::jthread per load. The threads whose work has ended are joined at the next start();
// the destructor joins the rest, waiting for their work to end: declare the executor before the
// stack, so that it outlives the loading states, whose destruction requests their work to stop.
class thread_executor final : public load_executor {
public:
  thread_executor() = default;
  thread_executor(const thread_executor&) = delete;
  thread_executor& operator=(const thread_executor&) = delete;
  thread_executor(thread_executor&&) = delete;
  thread_executor& operator=(thread_executor&&) = delete;
  ~thread_executor() override = default; // each std::jthread joins

  void start(std::function<void()> work) override {
    std::erase_if(workers_,
                  [](const worker& w) { return w.ended->load(std::memory_order_acquire); });
    auto ended = std::make_shared<std::atomic<bool>>(false);
    workers_.push_back(worker{std::jthread{[work = std::move(work), ended] {
                                work();
                                ended->store(true, std::memory_order_release);
                              }},
                              ended});
  }

  // The threads not joined yet: those running, and those ended since the last start().
  [[nodiscard]] std::size_t threads() const noexcept { return workers_.size(); }

  // Blocks until every work started so far has ended, and joins its thread. For runs that must
  // replay frame for frame (tests, recorded inputs): a game that waits after each frame sees
  // each load end in the frame it started. Never needed for correctness.
  void wait() {
    for (worker& w : workers_) {
      w.thread.join();
    }
    workers_.clear();
  }

private:
  struct worker {
    std::jthread thread;
    std::shared_ptr<std::atomic<bool>> ended;
  };
  std::vector<worker> workers_;
};

} // namespace strata
