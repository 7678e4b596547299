// SPDX-License-Identifier: MIT
// A stop token that fires when another one does (a Ctrl-C handler's, a caller's) or when a time
// limit runs out, whichever comes first, and says which it was: a --timeout for the command
// line, a per-method budget for classic::compare.
//
// Example:
//   nq::Deadline deadline(interrupt_token, 2.5);
//   nq::count({.n = 20, .stop = deadline.token()});  // stopped after 2.5 s or at Ctrl-C
//   deadline.expired();                              // true if the time ran out
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <stop_token>
#include <thread>

namespace nq {

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

}  // namespace nq
