// SPDX-License-Identifier: MIT
// The progress line of long counts, on stderr: percent of the estimated work, subproblems per
// second and the time left. On a terminal it is rewritten in place twice a second; otherwise
// (--progress always into a file or a cluster job's log) a new line every 10 seconds. A line
// says when the set-up is over (the halves engine's tables take minutes from n = 27 on), and a
// heartbeat keeps the line coming while no subproblem ends (the first ones of n = 28 take more
// than ten minutes), so that a long run is never silent.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>

#include "nqueens/count.hpp"

namespace nqcli {

// "1:02:03" or "2:03".
std::string clock_time(double seconds);

// Copies share one line: the count's callbacks and the heartbeat's thread may call any of them.
class ProgressPrinter {
 public:
  ProgressPrinter(int n, bool terminal);
  void operator()(const nq::CountProgress& p);  // a subproblem ended
  // The set-up is over: "count 28: set up in 4:31; 10034104 subproblems (12 resumed)".
  void started(std::uint64_t subproblems, std::uint64_t resumed);
  // Until `stop`, a line each interval in which nothing else was printed: the set-up's time so
  // far, or the count's progress with the time it has run.
  void heartbeat(std::stop_token stop);

 private:
  using Clock = std::chrono::steady_clock;
  struct State {
    std::mutex mutex;
    Clock::time_point start = Clock::now();
    Clock::time_point printed = start;  // the first line after one interval, with a rate
    std::optional<nq::CountProgress> first, last;
    bool started = false;
  };
  void print(const nq::CountProgress& p, Clock::time_point now, bool beat);
  Clock::duration interval() const;
  int n_;
  bool terminal_;
  std::shared_ptr<State> s_;
};

// Whether `--progress auto|always|never` (with --quiet) asks for the line; `auto` means when
// stderr is a terminal.
bool progress_wanted(const std::string& progress, bool quiet);

}  // namespace nqcli
