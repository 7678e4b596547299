// SPDX-License-Identifier: MIT
// classic::compare: each method in turn under its own Deadline, so that one slow method cannot
// eat the others' time, and a skip decided from the estimate before anything runs. The nine run
// through classic::run, counting or stopping at the first solution as options.mode says; random
// and first through the public nq::trace::run (the engines of solve with the trace's counters),
// with no event told.
#include "nqueens/compare.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "nqueens/deadline.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/solve.hpp"

namespace nq::classic {

namespace {

using Clock = std::chrono::steady_clock;

// The rate assumed when estimating a method's time from its step count: a conservative figure
// for simple steps on our machines (the textbook methods do a few nanoseconds of work each).
constexpr double kStepsPerSecond = 1e8;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

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

// One run of a method: what it found and its work.
struct Run {
  bool complete = false;
  std::uint64_t solutions = 0;
  Counters counters;
};
using Runner = std::function<Run(std::stop_token)>;

Run run_classic(Method method, int n, Mode mode, std::stop_token stop) {
  const Result r = run(method, {.n = n, .mode = mode, .stop = stop});
  return {.complete = r.complete, .solutions = r.count, .counters = r.counters};
}

Run run_traced(trace::Method method, int n, std::uint64_t seed, std::stop_token stop) {
  static const std::function<void(const trace::Event&)> kNoEvent = [](const trace::Event&) {};
  const trace::Summary s =
      trace::run({.n = n, .method = method, .kinds = 0, .seed = seed, .stop = stop}, kNoEvent);
  return {.complete = s.complete, .solutions = s.solutions, .counters = s.work};
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t half = values.size() / 2;
  return values.size() % 2 ? values[half] : (values[half - 1] + values[half]) / 2;
}

struct Timing {
  double seconds = 0;  // the median time of one run
  std::uint64_t repeats = 0;
};

// The timing rule of compare.hpp, from a first run of `once` that took `first` seconds: samples
// of k runs, k doubled until a sample takes kCompareSampleSeconds, until there are
// kCompareMinSamples and kCompareTimedSeconds of them, or the next sample would end past the
// budget (the method began at `began`), or `stop` ends one (it is not counted). If no sample
// was long enough, the longest batch timed stands for them.
Timing median_time(const Runner& once, double first, std::stop_token stop, Clock::time_point began,
                   double budget) {
  std::vector<double> per_run;
  std::uint64_t repeats = 0;
  double timed = 0;
  std::uint64_t runs = 1;  // the batch just timed: `runs` runs in `last` seconds
  double last = first;
  Timing fallback{.seconds = first, .repeats = 1};
  for (;;) {
    std::uint64_t next_runs = runs;
    if (last >= kCompareSampleSeconds) {
      per_run.push_back(last / static_cast<double>(runs));
      repeats += runs;
      timed += last;
    } else {
      fallback = {.seconds = last / static_cast<double>(runs), .repeats = runs};
      next_runs = runs * 2;  // too short to time well: twice the runs in the next sample
    }
    if (static_cast<int>(per_run.size()) >= kCompareMinSamples && timed >= kCompareTimedSeconds) {
      break;
    }
    const double next = last * static_cast<double>(next_runs) / static_cast<double>(runs);
    if (seconds_since(began) + next > budget) break;
    const Clock::time_point start = Clock::now();
    bool complete = true;
    for (std::uint64_t i = 0; i < next_runs && complete; ++i) complete = once(stop).complete;
    if (!complete) break;
    last = seconds_since(start);
    runs = next_runs;
  }
  if (per_run.empty()) return fallback;
  return {.seconds = median(per_run), .repeats = repeats};
}

// Where blind and permutations find the lexicographically first solution: the candidates each
// tests up to it and that one, its rank in their lexicographic orders plus one (the odometer's
// reading as a number in base n; the permutation's Lehmer code).
double blind_candidates(const Placement& first) {
  const auto columns = first.columns();
  const double n = static_cast<double>(columns.size());
  double rank = 0;
  for (Column c : columns) rank = rank * n + c;
  return rank + 1;
}

double permutation_candidates(const Placement& first) {
  const auto columns = first.columns();
  double rank = 0;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const auto smaller_after =
        std::count_if(columns.begin() + static_cast<std::ptrdiff_t>(i) + 1, columns.end(),
                      [&](Column c) { return c < columns[i]; });
    rank = rank * static_cast<double>(columns.size() - i) + static_cast<double>(smaller_after);
  }
  return rank + 1;
}

// Roughly the seconds a method needs, or nullopt where compare does not estimate it (random
// and first: none to speak of up to kMaxN).
//
// Counting, the whole search (estimated_steps). Stopping at the first solution:
//   - blind and permutations: their candidates up to the lexicographically first solution
//     (`first`, solve_first's: milliseconds up to kMaxN), each tested on up to n(n-1)/2 pairs as
//     estimated_steps counts them. Blind at n = 8 tests 1.30 M boards of 16.8 M, which counting
//     would skip at a budget of 2 s; at n = 12, 1.5e11 of 8.9e12: skipped either way. No solution
//     (n = 2, 3; or the search was stopped): the whole enumeration.
//   - functional: the whole search too, since it builds every level before it looks at a board.
//   - the six row-by-row backtrackers: none, so never skipped. Their work up to the first
//     solution is the part of the tree left of it, which no formula of n gives: a small part for
//     most n (solve's plain backtracking, the same order, finds it in under a second for every
//     n up to 33, docs/journal/first.md), and the budget stops one that runs past it. Their
//     memory is a row's worth, so running to the budget costs nothing but the budget.
std::optional<double> estimated_seconds(trace::Method method, int n, Mode mode,
                                        const std::optional<Placement>& first) {
  const auto classic = trace::classic_method(method);
  if (!classic) return std::nullopt;
  const double whole = estimated_steps(*classic, n) / kStepsPerSecond;
  if (mode == Mode::count || *classic == Method::functional) return whole;
  const double pairs = static_cast<double>(n) * (n - 1) / 2;
  if (*classic == Method::blind) {
    return first ? blind_candidates(*first) * (1 + pairs) / kStepsPerSecond : whole;
  }
  if (*classic == Method::permutations) {
    return first ? permutation_candidates(*first) * (1 + pairs) / kStepsPerSecond : whole;
  }
  return std::nullopt;
}

std::string compare_method_names() {
  std::string names;
  for (trace::Method m : kCompareMethods) {
    names += (names.empty() ? "" : ", ") + std::string(trace::to_string(m));
  }
  return names;
}

}  // namespace

trace::Method compare_method_named(std::string_view name) {
  if (const auto method = trace::method_from_string(name)) return *method;
  throw InvalidArgument("unknown method '" + std::string(name) + "' (" + compare_method_names() +
                        ")");
}

CompareResult compare(const CompareOptions& options) {
  if (options.n < 1 || options.n > kMaxN) {
    throw std::invalid_argument("compare: n must be between 1 and " + std::to_string(kMaxN));
  }
  if (!(options.budget_seconds > 0)) {
    throw std::invalid_argument("compare: the budget must be a positive number of seconds");
  }
  if (options.mode != Mode::count && options.mode != Mode::first) {
    throw std::invalid_argument("compare: the mode must be count or first");
  }
  const int n = options.n;
  const Mode mode = options.mode;
  std::vector<trace::Method> methods = options.methods;
  if (methods.empty()) methods.assign(kCompareMethods.begin(), kCompareMethods.end());

  // Stopping at the first solution, blind's and permutations' estimates need it: found once, on
  // one thread, under a budget of its own (if that stopped it, they would be estimated whole).
  std::optional<Placement> lexicographically_first;
  if (mode == Mode::first && std::any_of(methods.begin(), methods.end(), [](trace::Method m) {
        return m == trace::Method::blind || m == trace::Method::permutations;
      })) {
    const Deadline deadline(options.stop, options.budget_seconds);
    lexicographically_first =
        solve_first({.n = n, .stop = deadline.token(), .threads = 1}).solution;
    if (options.stop.stop_requested()) return {};
  }

  CompareResult result;
  for (trace::Method method : methods) {
    CompareRow row;
    row.method = method;
    const auto classic = trace::classic_method(method);
    row.mode = classic ? mode : Mode::first;
    const std::optional<double> estimate =
        estimated_seconds(method, n, mode, lexicographically_first);
    if (estimate && *estimate > options.budget_seconds) {
      row.skipped = over_estimate(*estimate, options.budget_seconds);
      result.rows.push_back(row);
      continue;
    }
    if (method == trace::Method::random && (n == 2 || n == 3)) {
      row.skipped = "n = " + std::to_string(n) + " has no solution for the local search to find";
      result.rows.push_back(row);
      continue;
    }
    const Deadline deadline(options.stop, options.budget_seconds);
    const Clock::time_point began = Clock::now();
    Runner once;
    Run first;
    double first_seconds = 0;
    if (method == trace::Method::random) {
      // Each seed once; the row is the run of median nodes (the lower seed of equals), or the
      // run the budget stopped.
      std::array<std::pair<Run, double>, kCompareSeeds> runs;
      std::array<std::uint64_t, kCompareSeeds> order{};
      std::uint64_t chosen = kCompareSeeds;
      for (std::uint64_t i = 0; i < kCompareSeeds && chosen == kCompareSeeds; ++i) {
        const Clock::time_point start = Clock::now();
        runs[i].first = run_traced(method, n, i + 1, deadline.token());
        runs[i].second = seconds_since(start);
        order[i] = i;
        if (!runs[i].first.complete) chosen = i;
      }
      if (chosen == kCompareSeeds) {
        std::stable_sort(order.begin(), order.end(), [&](std::uint64_t a, std::uint64_t b) {
          return runs[a].first.counters.nodes < runs[b].first.counters.nodes;
        });
        chosen = order[kCompareSeeds / 2];
      }
      first = runs[chosen].first;
      first_seconds = runs[chosen].second;
      once = [n, seed = chosen + 1](std::stop_token stop) {
        return run_traced(trace::Method::random, n, seed, stop);
      };
    } else {
      if (classic) {
        once = [n, m = *classic, mode](std::stop_token stop) {
          return run_classic(m, n, mode, stop);
        };
      } else {
        once = [n, method](std::stop_token stop) { return run_traced(method, n, 1, stop); };
      }
      const Clock::time_point start = Clock::now();
      first = once(deadline.token());
      first_seconds = seconds_since(start);
    }
    if (options.stop.stop_requested()) return result;  // interrupted: the rows finished so far
    row.ran = true;
    row.finished = first.complete;
    row.solutions = first.solutions;
    row.counters = first.counters;
    if (first.complete) {
      const Timing t =
          median_time(once, first_seconds, deadline.token(), began, options.budget_seconds);
      if (options.stop.stop_requested()) return result;
      row.seconds = t.seconds;
      row.repeats = t.repeats;
    } else {
      row.seconds = first_seconds;
      row.skipped = stopped_at(options.budget_seconds);
    }
    result.rows.push_back(row);
  }
  result.complete = true;
  return result;
}

}  // namespace nq::classic
