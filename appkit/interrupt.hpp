// SPDX-License-Identifier: MIT
// Ctrl-C for long jobs: while an InterruptGuard lives, SIGINT and SIGTERM request a stop on its
// token instead of killing the process, so the job can report what it finished (exit 130). A
// second signal is handled as it was before the guard (by default, the process ends).
#pragma once

#include <signal.h>

#include <stop_token>
#include <thread>

namespace nqcli {

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  std::stop_token token() const { return source_.get_token(); }
  bool interrupted() const { return source_.stop_requested(); }

 private:
  std::stop_source source_;
  struct sigaction previous_int_ {
  }, previous_term_{};    // restored by the destructor
  std::jthread watcher_;  // turns the signal flag into source_.request_stop()
};

}  // namespace nqcli
