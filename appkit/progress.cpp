// SPDX-License-Identifier: MIT
#include "progress.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <condition_variable>

namespace nqcli {

std::string clock_time(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

ProgressPrinter::ProgressPrinter(int n, bool terminal)
    : n_(n), terminal_(terminal), s_(std::make_shared<State>()) {}

ProgressPrinter::Clock::duration ProgressPrinter::interval() const {
  if (terminal_) return std::chrono::milliseconds(500);
  return std::chrono::seconds(10);
}

void ProgressPrinter::operator()(const nq::CountProgress& p) {
  const std::lock_guard lock(s_->mutex);
  const auto now = Clock::now();
  if (!s_->first) s_->first = p;
  s_->last = p;
  if (now - s_->printed < interval() && p.subproblems_done != p.subproblems) return;
  print(p, now, false);
}

void ProgressPrinter::started(std::uint64_t subproblems, std::uint64_t resumed) {
  const std::lock_guard lock(s_->mutex);
  const auto now = Clock::now();
  s_->started = true;
  s_->printed = now;
  const double seconds = std::chrono::duration<double>(now - s_->start).count();
  fmt::print(stderr, "{}count {}: set up in {}; {} subproblems ({} resumed)\n",
             terminal_ ? "\r" : "", n_, clock_time(seconds), subproblems, resumed);
}

void ProgressPrinter::heartbeat(std::stop_token stop) {
  std::mutex m;
  std::condition_variable_any wake;
  std::unique_lock lock(m);
  for (;;) {
    wake.wait_for(lock, stop, interval(), [] { return false; });  // false: timed out or stopped
    if (stop.stop_requested()) return;
    const std::lock_guard state(s_->mutex);
    const auto now = Clock::now();
    if (now - s_->printed < interval()) continue;
    if (s_->last) {
      print(*s_->last, now, true);
      continue;
    }
    s_->printed = now;
    const double seconds = std::chrono::duration<double>(now - s_->start).count();
    if (!s_->started) {
      fmt::print(stderr, "{}count {}: setting up, {}{}", terminal_ ? "\r" : "", n_,
                 clock_time(seconds), terminal_ ? "  " : "\n");
    } else {
      fmt::print(stderr, "{}count {}: counting for {}, no subproblem finished yet{}",
                 terminal_ ? "\r" : "", n_, clock_time(seconds), terminal_ ? "  " : "\n");
    }
  }
}

// With the state's lock held.
void ProgressPrinter::print(const nq::CountProgress& p, Clock::time_point now, bool beat) {
  const bool last = p.subproblems_done == p.subproblems;
  const double elapsed = std::chrono::duration<double>(now - s_->start).count();
  const double fraction = p.work_total > 0 ? p.work_done / p.work_total : 1.0;
  const double work_rate = (p.work_done - s_->first->work_done) / std::max(elapsed, 1e-9);
  if (work_rate <= 0 && !last && !beat) return;  // nothing to say yet
  s_->printed = now;
  const double rate = static_cast<double>(p.subproblems_done - s_->first->subproblems_done) /
                      std::max(elapsed, 1e-9);
  // The library's projection by strata where it has one; else the cost left at the rate so far
  // (which reads high early: the largest subproblems run first and take the most per unit).
  const std::string eta = p.seconds_left >= 0 ? clock_time(p.seconds_left)
                          : work_rate > 0     ? clock_time((p.work_total - p.work_done) / work_rate)
                                              : "?";
  fmt::print(stderr, "{}count {}: {:.1f}% ({}/{} subproblems), {:.0f}/s, ETA {}{}",
             terminal_ ? "\r" : "", n_, 100.0 * fraction, p.subproblems_done, p.subproblems, rate,
             eta, terminal_ && !last ? "  " : "\n");
}

bool progress_wanted(const std::string& progress, bool quiet) {
  if (quiet || progress == "never") return false;
  return progress == "always" || isatty(STDERR_FILENO) != 0;
}

}  // namespace nqcli
