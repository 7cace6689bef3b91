// tests/support/thread_flag.hpp: a flag one thread raises and others wait for, and a start line
// two threads wait at together, made of a mutex and a condition variable. The tests that hand
// work between threads use these rather than std::atomic<bool>::wait, std::latch or the
// semaphores: MinGW's builds of those (CI runs the tests under wine) let a waiter sleep through
// its notification, which hung a test for good.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace strata_test {

class thread_flag {
public:
  void raise() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      raised_ = true;
    }
    changed_.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return raised_; });
  }
  // Down again, for another round (with no thread waiting).
  void lower() {
    const std::lock_guard<std::mutex> lock(mutex_);
    raised_ = false;
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool raised_ = false;
};

// `count` threads each arrive and wait until all have (std::latch's arrive_and_wait()).
class start_line {
public:
  explicit start_line(std::size_t count)
      : waiting_(count) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    if (--waiting_ == 0) {
      changed_.notify_all();
      return;
    }
    changed_.wait(lock, [this] { return waiting_ == 0; });
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t waiting_;
};

} // namespace strata_test
