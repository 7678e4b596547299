// SPDX-License-Identifier: MIT
// A stop token that fires on Ctrl-C (the InterruptGuard's token) or when --timeout runs out,
// whichever comes first, and says which it was.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <stop_token>
#include <thread>

namespace nqcli {

class Deadline {
 public:
  Deadline(std::stop_token interrupt, double seconds);  // seconds <= 0: no time limit
  std::stop_token token() const { return source_.get_token(); }
  bool expired() const { return expired_; }

 private:
  std::stop_source source_;
  std::atomic<bool> expired_{false};
  std::optional<std::stop_callback<std::function<void()>>> forward_;
  std::jthread timer_;
};

}  // namespace nqcli
