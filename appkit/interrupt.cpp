// SPDX-License-Identifier: MIT
// The signal handler only sets a sig_atomic_t flag (about all it may safely do); a watcher thread
// polls it every 20 ms and forwards it to the stop source, which is not async-signal-safe. The
// watcher waits on its own stop token, so the guard's destructor does not wait out a poll.
#include "interrupt.hpp"

#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>

namespace nqcli {

namespace {
volatile std::sig_atomic_t g_signalled = 0;
struct sigaction g_previous_int {
}, g_previous_term{};  // the handler's copies of the guard's
// A second signal goes where signals went before the guard (by default it ends the process, as
// kill does: a checkpoint keeps its last save and its journal): a job that does not stop soon
// enough is still the user's to end. sigaction and raise are async-signal-safe.
extern "C" void on_signal(int signal) {
  if (g_signalled) {
    sigaction(signal, signal == SIGINT ? &g_previous_int : &g_previous_term, nullptr);
    raise(signal);
    return;
  }
  g_signalled = 1;
}
}  // namespace

InterruptGuard::InterruptGuard() {
  g_signalled = 0;
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, nullptr, &g_previous_int);
  sigaction(SIGTERM, nullptr, &g_previous_term);
  sigaction(SIGINT, &action, &previous_int_);
  sigaction(SIGTERM, &action, &previous_term_);
  watcher_ = std::jthread([this](std::stop_token own) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    while (!own.stop_requested()) {
      if (g_signalled) {
        source_.request_stop();
        return;
      }
      wake.wait_for(lock, own, std::chrono::milliseconds(20), [] { return false; });
    }
  });
}

InterruptGuard::~InterruptGuard() {
  watcher_.request_stop();
  watcher_.join();
  // Whatever handled the signals before (the default, or a host such as libFuzzer) does again.
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
}

}  // namespace nqcli
