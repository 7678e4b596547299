// SPDX-License-Identifier: MIT
// progress.hpp: the progress line of long counts, and its heartbeat while nothing ends.
#include "progress.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace {

using namespace std::chrono_literals;

// What the printer says over `wait` with its heartbeat running (a terminal's interval: 0.5 s).
template <class Do>
std::string said(nqcli::ProgressPrinter& printer, std::chrono::milliseconds wait, Do&& act) {
  testing::internal::CaptureStderr();
  {
    std::jthread beat([&printer](std::stop_token stop) { printer.heartbeat(stop); });
    act();
    std::this_thread::sleep_for(wait);
  }
  return testing::internal::GetCapturedStderr();
}

}  // namespace

TEST(progress, clock_time_reads_as_a_clock) {
  EXPECT_EQ(nqcli::clock_time(62), "1:02");
  EXPECT_EQ(nqcli::clock_time(3723), "1:02:03");
}

// A set-up of minutes and a first subproblem of minutes (n = 28) are never silent: the
// heartbeat says the set-up is running, the end of the set-up is said once, then the heartbeat
// says the count runs while no subproblem has ended, and then the line is the usual one.
TEST(progress, a_long_set_up_and_a_long_first_subproblem_are_never_silent) {
  nqcli::ProgressPrinter printer(28, true);
  const std::string setting_up = said(printer, 1200ms, [] {});
  EXPECT_NE(setting_up.find("count 28: setting up, 0:0"), std::string::npos) << setting_up;
  const std::string started = said(printer, 1200ms, [&] { printer.started(10034104, 2); });
  EXPECT_NE(started.find("; 10034104 subproblems (2 resumed)\n"), std::string::npos) << started;
  EXPECT_NE(started.find("count 28: set up in 0:0"), std::string::npos) << started;
  EXPECT_NE(started.find("count 28: counting for 0:0"), std::string::npos) << started;
  EXPECT_NE(started.find("no subproblem finished yet"), std::string::npos) << started;
  const nq::CountProgress p{.subproblems_done = 3,
                            .subproblems = 10,
                            .work_done = 30,
                            .work_total = 100,
                            .seconds_left = 90};
  const std::string counting = said(printer, 1200ms, [&] { printer(p); });
  EXPECT_NE(counting.find("count 28: 30.0% (3/10 subproblems)"), std::string::npos) << counting;
  EXPECT_NE(counting.find("ETA 1:30"), std::string::npos) << counting;
  EXPECT_EQ(counting.find("setting up"), std::string::npos) << counting;
}
