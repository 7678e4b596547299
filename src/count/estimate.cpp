// SPDX-License-Identifier: MIT
// estimate_count(): stratified sampling of a count's subproblems (see count_estimate.hpp).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "count/strata.hpp"
#include "nqueens/count_estimate.hpp"
#include "nqueens/count_split.hpp"

namespace nq {

namespace {

using Clock = std::chrono::steady_clock;

constexpr unsigned kDraws = 2;  // per stratum

using detail::Stratum;

// The ratio estimator: a stratum's total of y is its estimated cost C_h times R_h =
// sum(y) / sum(c) over its draws (drawn uniformly, so that the many small subproblems, whose
// fixed overheads the cost model does not see, are drawn as often as they occur), with the
// approximate variance N_h^2 (1 - n_h / N_h) s^2(y - R_h c) / n_h; summed over the strata, with a
// 95% range.
struct Draw {
  double y, c;
};
Range project(const std::vector<Stratum>& strata, const std::vector<std::vector<Draw>>& draws) {
  double total = 0, variance = 0;
  for (std::size_t h = 0; h < strata.size(); ++h) {
    const std::vector<Draw>& d = draws[h];
    double sy = 0, sc = 0;
    for (const Draw& x : d) sy += x.y, sc += x.c;
    const double ratio = sc > 0 ? sy / sc : 0;
    total += strata[h].cost * ratio;
    const double n = static_cast<double>(d.size()), big_n = static_cast<double>(strata[h].size);
    if (d.size() > 1) {
      double s2 = 0;
      for (const Draw& x : d) s2 += (x.y - ratio * x.c) * (x.y - ratio * x.c) / (n - 1);
      variance += big_n * big_n * (1 - n / big_n) * s2 / n;
    }
  }
  const double spread = 1.96 * std::sqrt(variance);
  return {total, std::max(0.0, total - spread), total + spread};
}

}  // namespace

CountEstimate estimate_count(const CountEstimateOptions& options) {
  const CountOptions& o = options.count;
  const unsigned threads =
      o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  const Clock::time_point setup_start = Clock::now();
  const CountSplit split(o.n, o.engine, threads, o.memory);
  const std::vector<std::uint64_t> ids = split.schedule();
  CountEstimate e;
  e.n = o.n;
  e.engine = split.engine();
  e.threads = threads;
  e.subproblems = split.size();
  e.memory_bytes = split.memory_bytes();
  e.ranks = std::max(1u, options.ranks);
  e.rank_threads = options.rank_threads ? options.rank_threads : threads;
  e.rank_memory_bytes =
      split.memory_bytes(e.rank_threads, options.rank_memory ? options.rank_memory : o.memory);
  e.setup_seconds = std::chrono::duration<double>(Clock::now() - setup_start).count();

  const std::vector<Stratum> strata = detail::make_strata(split, ids, options.strata);
  std::mt19937_64 rng(options.seed);
  // (position in the schedule, stratum), each position once; each round's in schedule order,
  // as the whole run takes them (n = 18 drawn whole in random order projected 1.41 s, 25% over
  // its run).
  std::vector<std::pair<std::size_t, std::size_t>> order;
  std::vector<bool> drawn(ids.size());
  auto usable = [&](std::size_t i) { return !drawn[i]; };
  // Adds `draws` more from each stratum; false when none was left to draw.
  auto draw_round = [&](unsigned draws) {
    const std::size_t before = order.size();
    for (std::size_t h = 0; h < strata.size(); ++h) {
      for (std::size_t i : detail::draw(strata[h], draws, rng, usable)) {
        drawn[i] = true;
        order.push_back({i, h});
      }
    }
    std::sort(order.begin() + static_cast<std::ptrdiff_t>(before), order.end());
    return order.size() > before;
  };

  std::vector<double> seconds, solutions, counts;
  std::mutex m;
  std::size_t next = 0;
  thread_local Clock::time_point started;
  thread_local std::size_t slot = 0;
  // Counts order[next..) on the threads, timing each subproblem.
  auto count_round = [&] {
    seconds.resize(order.size());
    solutions.resize(order.size());
    counts.resize(order.size());
    return split.run(
        threads,
        [&]() -> std::optional<std::uint64_t> {
          std::lock_guard lock(m);
          if (next == order.size()) return std::nullopt;
          slot = next;
          started = Clock::now();
          return ids[order[next++].first];
        },
        [&](const SubproblemCount& s) {
          seconds[slot] = std::chrono::duration<double>(Clock::now() - started).count();
          solutions[slot] = static_cast<double>(s.count) * s.weight;
          counts[slot] = static_cast<double>(s.count);
        },
        o.stop);
  };
  // Rounds of draws until the sample has taken options.min_sample_seconds, each round up to 8
  // times as large as all before it: a sample of a few dozen milliseconds (n = 19's first 512
  // draws take about 25 ms on 2 threads) is at the mercy of one preemption of a thread, and
  // projected 8.4 to 15.2 s for a 9.1 s run.
  const Clock::time_point sample_start = Clock::now();
  e.complete = true;
  for (bool more = draw_round(kDraws); more;) {
    const std::size_t begin = next;
    const CountSplit::RunStats stats = count_round();
    e.sampled += stats.counted;
    if (stats.counted != order.size() - begin) {
      e.complete = false;
      break;
    }
    const double elapsed = std::chrono::duration<double>(Clock::now() - sample_start).count();
    if (elapsed >= options.min_sample_seconds) break;
    const double per_stratum =
        static_cast<double>(order.size()) / static_cast<double>(strata.size());
    const double grow =
        std::clamp(options.min_sample_seconds / std::max(elapsed, 1e-3) - 1, 1.0, 8.0);
    more = draw_round(static_cast<unsigned>(std::ceil(per_stratum * grow)));
  }
  e.sample_seconds = std::chrono::duration<double>(Clock::now() - sample_start).count();
  if (!e.complete) return e;
  std::vector<std::vector<Draw>> times(strata.size()), weighted(strata.size()),
      unweighted(strata.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    const double c = split.cost(ids[order[k].first]);
    times[order[k].second].push_back({seconds[k], c});
    weighted[order[k].second].push_back({solutions[k], c});
    unweighted[order[k].second].push_back({counts[k], c});
  }
  e.cpu_seconds = project(strata, times);
  e.total = project(strata, weighted);
  e.mean_count = project(strata, unweighted).value /
                 static_cast<double>(std::max<std::uint64_t>(1, e.subproblems));
  const double t = static_cast<double>(e.ranks) * e.rank_threads;
  e.wall_seconds = {e.setup_seconds + e.cpu_seconds.value / t,
                    e.setup_seconds + e.cpu_seconds.low / t,
                    e.setup_seconds + e.cpu_seconds.high / t};
  return e;
}

}  // namespace nq
