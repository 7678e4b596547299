// SPDX-License-Identifier: MIT
// The timer is a thread that sleeps until the deadline or until it is stopped (its jthread is
// stopped and joined on destruction), whichever comes first, so a job that finishes early ends
// at once.
#include "nqueens/deadline.hpp"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace nq {

Deadline::Deadline(std::stop_token interrupt, double seconds) {
  forward_.emplace(interrupt, std::function<void()>([this] { source_.request_stop(); }));
  if (seconds <= 0) return;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  timer_ = std::jthread([this, end](std::stop_token own) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    if (wake.wait_until(lock, own, end, [] { return false; }) || own.stop_requested()) return;
    expired_ = true;
    source_.request_stop();
  });
}

}  // namespace nq
