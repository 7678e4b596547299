// SPDX-License-Identifier: MIT
// classic::compare: each method in turn under its own Deadline, so that one slow method cannot
// eat the others' time, and a skip decided from the estimate before anything runs.
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "nqueens/classic.hpp"
#include "nqueens/deadline.hpp"

namespace nq::classic {

namespace {

// The rate assumed when estimating a method's time from its step count: a conservative figure
// for simple steps on our machines (the textbook methods do a few nanoseconds of work each).
constexpr double kStepsPerSecond = 1e8;

std::string over_estimate(double estimate, double budget) {
  char text[128];
  std::snprintf(text, sizeof text, "estimated %.3g s, over the budget of %g s", estimate, budget);
  return text;
}

std::string stopped_at(double budget) {
  char text[128];
  std::snprintf(text, sizeof text, "stopped at the budget of %g s", budget);
  return text;
}

}  // namespace

CompareResult compare(const CompareOptions& options) {
  if (options.n < 1 || options.n > kMaxN) {
    throw std::invalid_argument("compare: n must be between 1 and " + std::to_string(kMaxN));
  }
  if (!(options.budget_seconds > 0)) {
    throw std::invalid_argument("compare: the budget must be a positive number of seconds");
  }
  std::vector<Method> methods = options.methods;
  if (methods.empty()) methods.assign(kAllMethods.begin(), kAllMethods.end());

  CompareResult result;
  for (Method method : methods) {
    CompareRow row;
    row.method = method;
    const double estimate = estimated_steps(method, options.n) / kStepsPerSecond;
    if (estimate > options.budget_seconds) {
      row.skipped = over_estimate(estimate, options.budget_seconds);
      result.rows.push_back(row);
      continue;
    }
    const Deadline deadline(options.stop, options.budget_seconds);
    const auto start = std::chrono::steady_clock::now();
    const Result r = run(method, {.n = options.n, .mode = Mode::count, .stop = deadline.token()});
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.stop.stop_requested()) return result;  // interrupted: the rows finished so far
    row.ran = true;
    row.finished = r.complete;
    row.solutions = r.count;
    row.counters = r.counters;
    if (!r.complete) {
      row.skipped = stopped_at(options.budget_seconds);
    }
    result.rows.push_back(row);
  }
  result.complete = true;
  return result;
}

}  // namespace nq::classic
