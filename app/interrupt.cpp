// SPDX-License-Identifier: MIT
// The signal handler only sets a sig_atomic_t flag (all it may safely do); a watcher thread
// polls it every 20 ms and forwards it to the stop source, which is not async-signal-safe.
#include "interrupt.hpp"

#include <chrono>
#include <csignal>

namespace nqcli {

namespace {
volatile std::sig_atomic_t g_signalled = 0;
extern "C" void on_signal(int) { g_signalled = 1; }
}  // namespace

InterruptGuard::InterruptGuard() {
  g_signalled = 0;
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  watcher_ = std::jthread([this](std::stop_token own) {
    while (!own.stop_requested()) {
      if (g_signalled) {
        source_.request_stop();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
}

InterruptGuard::~InterruptGuard() {
  watcher_.request_stop();
  watcher_.join();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
}

}  // namespace nqcli
