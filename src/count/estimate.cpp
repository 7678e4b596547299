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
#include "count/tuning.hpp"
#include "nqueens/count_estimate.hpp"
#include "nqueens/count_split.hpp"
#include "nqueens/deadline.hpp"

namespace nq {

namespace {

using Clock = std::chrono::steady_clock;

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
  const CountSplit split(o.n, o.engine, threads, o.memory, o.stop);
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
  // as the whole run takes them (drawn in random order they projected high:
  // docs/journal/count.md, "Cutting the slope: the half-boards of odd n, the set-up, the
  // sample").
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

  // Seconds per unit of estimated cost, for the share of a draw to count (below): first from a
  // pilot, the schedule's largest subproblem counted in ever larger shares until the share takes
  // about 20 ms, then from every draw counted. Where a part's whole time is not projected (too
  // thin), its time over its share stands in: good enough to choose shares by.
  auto rough_whole = [](const CountSplit::ShareCount& c) {
    return std::isnan(c.whole_seconds) ? c.seconds / c.share : c.whole_seconds;
  };
  const std::uint64_t seed_base = options.seed * 0x9e3779b97f4a7c15;
  double rate_seconds = 0, rate_cost = 0;
  if (!ids.empty() && options.draw_seconds > 0) {
    for (double share = std::ldexp(1.0, -20);; share = std::min(1.0, share * 16)) {
      bool given = false, counted = false;
      double whole = 0;
      split.run_shares(
          1,
          [&]() -> std::optional<CountSplit::Share> {
            if (given) return std::nullopt;
            given = true;
            return CountSplit::Share{ids[0], share, seed_base};
          },
          [&](const CountSplit::ShareCount& c) {
            counted = true;
            whole = rough_whole(c);
            share = c.share;
          },
          o.stop);
      if (!counted) return e;  // stopped: e.complete is false
      // The share's own part, not the fixed one, must take the 20 ms: a projection scales it up.
      if (share >= 1 || whole * share >= 0.02) {
        rate_seconds = whole;
        rate_cost = split.cost(ids[0]);
        break;
      }
    }
  }
  // A draw's share: what should take about options.draw_seconds by the rate so far.
  auto share_of = [&](std::uint64_t id) {
    if (options.draw_seconds <= 0 || rate_seconds <= 0) return 1.0;
    return std::min(1.0, options.draw_seconds * rate_cost / (rate_seconds * split.cost(id)));
  };

  // Where the schedule groups subproblems that read the same tables (CountSplit::schedule), a
  // draw is timed after loading those of the one its worker would have counted before it
  // (detail::counted_before), or it would pay for tables the whole run finds loaded, and project
  // high where the slices are built per worker (docs/journal/count.md, "Subproblems that read the
  // same slices, side by side").
  auto before = [&](std::size_t i) { return detail::counted_before(ids, i, threads); };
  std::vector<double> seconds, solutions, counts;
  std::mutex m;
  std::size_t next = 0;
  thread_local std::size_t slot = 0;
  // Counts order[next..) on the threads, each in the share share_of gives it; the engine projects
  // each one's whole time.
  auto count_round = [&] {
    seconds.resize(order.size());
    solutions.resize(order.size());
    counts.resize(order.size());
    return split.run_shares(
        threads,
        [&]() -> std::optional<CountSplit::Share> {
          std::lock_guard lock(m);
          if (next == order.size()) return std::nullopt;
          slot = next;
          const std::size_t at = order[next++].first;
          const std::uint64_t id = ids[at];
          return CountSplit::Share{id, share_of(id), seed_base ^ id, false, before(at)};
        },
        [&](const CountSplit::ShareCount& c) {
          const double count = static_cast<double>(c.count) / c.share;
          seconds[slot] = c.whole_seconds;
          solutions[slot] = count * split.weight(c.id);
          counts[slot] = count;
          e.sampled_in_part += c.share < 1;
          std::lock_guard lock(m);
          rate_seconds += rough_whole(c);
          rate_cost += split.cost(c.id);
        },
        o.stop);
  };
  // Times again, each in a window of its subproblem (CountSplit::Share), the draws of
  // order[begin..) whose part was too thin to time, while options.window_seconds of wall time
  // last over all rounds; a window cut off leaves its time NaN. False if stopped.
  double windows_left = options.window_seconds;
  auto time_windows = [&](std::size_t begin) {
    std::vector<std::size_t> thin;
    for (std::size_t k = begin; k < order.size(); ++k) {
      if (std::isnan(seconds[k])) thin.push_back(k);
    }
    e.thin_parts += thin.size();
    if (thin.empty() || windows_left <= 0) return true;
    const Clock::time_point windows_start = Clock::now();
    const Deadline deadline(o.stop, windows_left);
    std::size_t at = 0;
    split.run_shares(
        threads,
        [&]() -> std::optional<CountSplit::Share> {
          std::lock_guard lock(m);
          if (at == thin.size()) return std::nullopt;
          slot = thin[at++];
          const std::uint64_t id = ids[order[slot].first];
          return CountSplit::Share{id, 1, ~(seed_base ^ id), true, before(order[slot].first)};
        },
        [&](const CountSplit::ShareCount& c) { seconds[slot] = c.whole_seconds; },
        deadline.token());
    windows_left -= std::chrono::duration<double>(Clock::now() - windows_start).count();
    return !o.stop.stop_requested();
  };
  // Rounds of draws until the sample has taken options.min_sample_seconds, each round up to 8
  // times as large as all before it: a sample of a few dozen milliseconds is at the mercy of one
  // preemption of a thread (docs/journal/count.md, "Cutting the slope: the half-boards of odd n,
  // the set-up, the sample").
  const Clock::time_point sample_start = Clock::now();
  e.complete = true;
  for (bool more = draw_round(detail::kTuning.estimate_draws); more;) {
    const std::size_t begin = next;
    const CountSplit::RunStats stats = count_round();
    e.sampled += stats.counted;
    if (stats.counted != order.size() - begin || !time_windows(begin)) {
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
  e.total = project(strata, weighted);
  e.mean_count = project(strata, unweighted).value /
                 static_cast<double>(std::max<std::uint64_t>(1, e.subproblems));
  e.untimed = static_cast<std::uint64_t>(
      std::count_if(seconds.begin(), seconds.end(), [](double s) { return std::isnan(s); }));
  if (e.untimed > 0) return e;  // no time: e.cpu_seconds and e.wall_seconds stay 0
  e.cpu_seconds = project(strata, times);
  const double t = static_cast<double>(e.ranks) * e.rank_threads;
  e.wall_seconds = {e.setup_seconds + e.cpu_seconds.value / t,
                    e.setup_seconds + e.cpu_seconds.low / t,
                    e.setup_seconds + e.cpu_seconds.high / t};
  return e;
}

}  // namespace nq
