// SPDX-License-Identifier: MIT
// The progress line of long counts, on stderr: percent of the estimated work, subproblems per
// second and the time left. On a terminal it is rewritten in place twice a second; otherwise
// (--progress always into a file or a cluster job's log) a new line every 10 seconds.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "nqueens/count.hpp"

namespace nqcli {

// "1:02:03" or "2:03".
std::string clock_time(double seconds);

class ProgressPrinter {
 public:
  ProgressPrinter(int n, bool terminal) : n_(n), terminal_(terminal) {}
  void operator()(const nq::CountProgress& p);

 private:
  using Clock = std::chrono::steady_clock;
  int n_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point printed_ = start_;  // the first line after one interval, with a rate
  std::optional<nq::CountProgress> first_;
};

// Whether `--progress auto|always|never` (with --quiet) asks for the line; `auto` means when
// stderr is a terminal.
bool progress_wanted(const std::string& progress, bool quiet);

}  // namespace nqcli
