// SPDX-License-Identifier: MIT
// InterruptGuard: a signal becomes a stop request while the guard lives, a second one goes to the
// handler that was there before it (the default, or a host's such as libFuzzer's or Python's),
// and that handler comes back when the guard ends.
#include "interrupt.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <csignal>
#include <thread>

namespace {

volatile std::sig_atomic_t g_host_saw = 0;
extern "C" void host_handler(int signal) { g_host_saw = signal; }

bool wait_for_stop(const nqcli::InterruptGuard& guard) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!guard.interrupted() && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return guard.interrupted();
}

TEST(InterruptGuard, SignalsStopTheJobASecondGoesToTheHostThenAllDo) {
  for (int signal : {SIGINT, SIGTERM}) {
    struct sigaction host {
    }, before{}, after{};
    host.sa_handler = host_handler;
    sigemptyset(&host.sa_mask);
    ASSERT_EQ(sigaction(signal, &host, &before), 0);
    {
      nqcli::InterruptGuard guard;
      EXPECT_FALSE(guard.interrupted());
      g_host_saw = 0;
      ASSERT_EQ(raise(signal), 0);
      EXPECT_TRUE(wait_for_stop(guard)) << "signal " << signal;
      EXPECT_TRUE(guard.token().stop_requested());
      EXPECT_EQ(g_host_saw, 0) << "the guard, not the host, takes the signal while it lives";
      ASSERT_EQ(raise(signal), 0);
      EXPECT_EQ(g_host_saw, signal) << "a second signal goes to the host";
      g_host_saw = 0;
    }
    ASSERT_EQ(sigaction(signal, nullptr, &after), 0);
    ASSERT_EQ(after.sa_handler, host_handler) << "signal " << signal << "'s handler not restored";
    ASSERT_EQ(raise(signal), 0);
    EXPECT_EQ(g_host_saw, signal);
    ASSERT_EQ(sigaction(signal, &before, nullptr), 0);
  }
}

}  // namespace
