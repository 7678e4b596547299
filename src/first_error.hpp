// SPDX-License-Identifier: MIT
// Exceptions on worker threads. An exception that escapes a thread's function ends the process
// (std::terminate), so every worker runs its body through FirstError::run(): the first exception
// of the job is kept, the job is told to wind down (on_failure, e.g. a stop request), and the
// calling thread rethrows it once every worker has been joined. Later exceptions are dropped:
// they are usually consequences of the first.
//
// Example:
//   FirstError errors([&] { stop.request_stop(); });
//   { std::vector<std::jthread> pool; for (...) pool.emplace_back([&] { errors.run(work); }); }
//   errors.rethrow();
#pragma once

#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <utility>

namespace nq::detail {

class FirstError {
 public:
  explicit FirstError(std::function<void()> on_failure = {}) : on_failure_(std::move(on_failure)) {}

  template <class F>
  void run(F&& f) noexcept {
    try {
      std::forward<F>(f)();
    } catch (...) {
      keep(std::current_exception());
    }
  }

  bool failed() const { return failed_.load(std::memory_order_acquire); }

  // On the calling thread, after the workers are joined.
  void rethrow() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void keep(std::exception_ptr error) noexcept {
    {
      std::lock_guard lock(mutex_);
      if (error_) return;
      error_ = std::move(error);
      failed_.store(true, std::memory_order_release);
    }
    if (on_failure_) {
      try {
        on_failure_();
      } catch (...) {  // telling the others to stop must not itself end the process
      }
    }
  }

  std::function<void()> on_failure_;
  std::mutex mutex_;
  std::exception_ptr error_;
  std::atomic<bool> failed_{false};
};

}  // namespace nq::detail
