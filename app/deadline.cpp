// SPDX-License-Identifier: MIT
// The timer is a thread that sleeps in 10 ms steps, so it ends promptly when the job finishes
// first (its jthread is stopped and joined on destruction).
#include "deadline.hpp"

#include <chrono>
#include <functional>

namespace nqcli {

Deadline::Deadline(std::stop_token interrupt, double seconds) {
  forward_.emplace(interrupt, std::function<void()>([this] { source_.request_stop(); }));
  if (seconds <= 0) return;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  timer_ = std::jthread([this, end](std::stop_token own) {
    while (!own.stop_requested()) {
      if (std::chrono::steady_clock::now() >= end) {
        expired_ = true;
        source_.request_stop();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  });
}

}  // namespace nqcli
