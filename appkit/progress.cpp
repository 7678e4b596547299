// SPDX-License-Identifier: MIT
#include "progress.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace nqcli {

std::string clock_time(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

void ProgressPrinter::operator()(const nq::CountProgress& p) {
  const auto now = Clock::now();
  if (!first_) first_ = p;
  const bool last = p.subproblems_done == p.subproblems;
  if (now - printed_ < (terminal_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10)) &&
      !last) {
    return;
  }
  printed_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double fraction = p.work_total > 0 ? p.work_done / p.work_total : 1.0;
  const double work_rate = (p.work_done - first_->work_done) / std::max(elapsed, 1e-9);
  if (work_rate <= 0 && !last) return;  // nothing to say yet (the tables are still being built)
  const double rate =
      static_cast<double>(p.subproblems_done - first_->subproblems_done) / std::max(elapsed, 1e-9);
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
