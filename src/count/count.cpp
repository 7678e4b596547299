// SPDX-License-Identifier: MIT
// count(): split the search (CountSplit), check what is resumed, let worker threads take the
// rest from a shared counter in the split's schedule, about largest estimated cost first (many
// small tasks, and the big ones early, balance two cores far better than one task per first-row
// column), then tally.
#include "nqueens/count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "count/strata.hpp"
#include "count/tuning.hpp"
#include "nqueens/count_split.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nq {

namespace {

// The wall time left: each stratum's cost not yet counted at its own measured seconds per unit
// of cost (the ratio estimator of estimate.cpp, updated as the run goes), or at the rate of all
// the strata measured so far where its own is not known yet; divided among the workers. -1 while
// nothing is measured.
template <class Rates>
double seconds_left(const Rates& rates, unsigned workers) {
  double seconds = 0, cost = 0;
  for (const auto& r : rates) seconds += r.seconds, cost += r.cost;
  if (cost <= 0) return -1;
  double left = 0;
  for (const auto& r : rates) {
    left += std::max(0.0, r.left) * (r.cost > 0 ? r.seconds / r.cost : seconds / cost);
  }
  return left / std::max(1u, workers);
}

}  // namespace

CountEngine resolve_engine(CountEngine engine, int n) {
  if (engine != CountEngine::automatic) return engine;
  return n >= 12 && n <= kMaxHalvesN ? CountEngine::halves : CountEngine::backtrack;
}

const char* engine_name(CountEngine engine) {
  switch (engine) {
    case CountEngine::backtrack: return "backtrack";
    case CountEngine::halves: return "halves";
    default: return "auto";
  }
}

std::optional<CountEngine> engine_from_name(std::string_view name) {
  for (CountEngine e : {CountEngine::automatic, CountEngine::backtrack, CountEngine::halves}) {
    if (name == engine_name(e)) return e;
  }
  return std::nullopt;
}

CountEngine engine_named(std::string_view name) {
  if (const auto engine = engine_from_name(name)) return *engine;
  throw InvalidArgument("count: unknown engine '" + std::string(name) +
                        "' (auto, backtrack or halves)");
}

const char* isa_name(CountIsa isa) {
  switch (isa) {
    case CountIsa::generic: return "generic";
    case CountIsa::avx2: return "avx2";
    default: return "avx512";
  }
}

CountIsa count_isa_limit() {
  const char* const value = std::getenv(kCountIsaVariable);
  if (!value || !*value) return CountIsa::avx512;
  for (CountIsa isa : {CountIsa::generic, CountIsa::avx2, CountIsa::avx512}) {
    if (std::string_view(value) == isa_name(isa)) return isa;
  }
  throw InvalidArgument(std::string(kCountIsaVariable) + ": unknown instruction set '" + value +
                        "' (generic, avx2 or avx512)");
}

void check_count(const CountOptions& options, std::string_view job) {
  count_isa_limit();
  const int n =
      check_board_size(options.n < 0 ? 0 : static_cast<std::uint64_t>(options.n), kMaxCountN, job);
  if (resolve_engine(options.engine, n) == CountEngine::halves && (n < 4 || n > kMaxHalvesN)) {
    throw InvalidArgument(std::string(job) + ": the halves engine takes n from 4 to " +
                          std::to_string(kMaxHalvesN) + ", not " + std::to_string(n));
  }
}

CountResult count(const CountOptions& options) {
  check_count(options);
  const auto start = std::chrono::steady_clock::now();
  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const CountSplit split(options.n, options.engine, threads, options.memory, options.stop);
  const std::uint64_t size = split.size();

  if (options.resume_subproblems != 0 && options.resume_subproblems != size) {
    throw std::invalid_argument("count: the resumed results are for " +
                                std::to_string(options.resume_subproblems) +
                                " subproblems, but this search has " + std::to_string(size));
  }
  std::vector<SubproblemCount> finished;
  finished.reserve(options.only.empty() ? size : options.only.size() + options.resume.size());
  std::vector<char> done(size, 0);
  CountProgress progress{0, size, 0, split.total_cost()};
  for (const SubproblemCount& r : options.resume) {
    if (r.id >= size) {
      throw std::invalid_argument("count: resumed subproblem " + std::to_string(r.id) +
                                  " does not exist (there are " + std::to_string(size) + ")");
    }
    if (done[r.id]) {
      throw std::invalid_argument("count: subproblem " + std::to_string(r.id) +
                                  " is resumed twice");
    }
    done[r.id] = 1;
    finished.push_back(r);
    ++progress.subproblems_done;
    progress.work_done += split.cost(r.id);
  }
  const std::uint64_t resumed = finished.size();

  std::vector<char> chosen(size, options.only.empty() ? 1 : 0);
  for (std::uint64_t id : options.only) {
    if (id >= size) {
      throw std::invalid_argument("count: subproblem " + std::to_string(id) +
                                  " does not exist (there are " + std::to_string(size) +
                                  ", numbered from 0)");
    }
    if (chosen[id]++) {
      throw std::invalid_argument("count: subproblem " + std::to_string(id) + " asked twice");
    }
  }
  // The order: positions in the schedule, about largest cost first (CountSplit::schedule). A whole
  // run that reports progress first counts two subproblems drawn from each stratum of the schedule
  // (strata.hpp), so that the time left is projected from every stratum's own rate within its first
  // minutes; the sample is part of the count, not extra work.
  const std::vector<std::uint64_t> schedule = split.schedule();
  const bool rates = options.on_progress && options.only.empty();
  const std::vector<detail::Stratum> strata =
      rates ? detail::make_strata(split, schedule, detail::kTuning.progress_strata)
            : std::vector<detail::Stratum>{};
  std::vector<std::size_t> order;
  std::vector<char> first(rates ? schedule.size() : 0, 0);
  std::mt19937_64 rng(1);
  for (const detail::Stratum& s : strata) {
    for (std::size_t i :
         detail::draw(s, 2, rng, [&](std::size_t i) { return !done[schedule[i]]; })) {
      order.push_back(i);
      first[i] = 1;
    }
  }
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (chosen[schedule[i]] && !done[schedule[i]] && !(rates && first[i])) order.push_back(i);
  }
  const unsigned workers =
      static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(order.size(), 1)));
  // Per stratum: the estimated cost not yet counted, and the measured seconds and estimated cost
  // of what was counted here.
  struct Rate {
    double left = 0, seconds = 0, cost = 0;
    std::size_t pending = 0;  // subproblems not yet counted (left is then exactly 0)
  };
  std::vector<Rate> rate(strata.size());
  auto stratum_of = [&](std::size_t position) {
    return static_cast<std::size_t>(
        std::upper_bound(strata.begin(), strata.end(), position,
                         [](std::size_t p, const detail::Stratum& s) { return p < s.first; }) -
        strata.begin() - 1);
  };
  if (rates) {
    for (std::size_t i : order) {
      Rate& r = rate[stratum_of(i)];
      r.left += split.cost(schedule[i]);
      ++r.pending;
    }
  }
  thread_local std::size_t began_at = 0;

  if (options.on_start) options.on_start(size);
  std::atomic<std::size_t> next{0};
  // The drawn subproblems run apart from their neighbours in the schedule, so each is counted
  // after its worker loads what the one counted before it would have read (detail::counted_before),
  // as the rest find it; the rates take the counting time only.
  const CountSplit::RunStats stats = split.run_shares(
      workers,
      [&]() -> std::optional<CountSplit::Share> {
        const std::size_t i = next++;
        if (i >= order.size()) return std::nullopt;
        const std::size_t at = order[i];
        began_at = at;
        CountSplit::Share share{schedule[at], 1, 0};
        if (rates && first[at]) share.after = detail::counted_before(schedule, at, workers);
        return share;
      },
      [&](const CountSplit::ShareCount& c) {
        const SubproblemCount s{c.id, c.count, split.weight(c.id)};
        finished.push_back(s);
        ++progress.subproblems_done;
        const double cost = split.cost(s.id);
        progress.work_done += cost;
        if (rates) {
          Rate& r = rate[stratum_of(began_at)];
          r.left = --r.pending == 0 ? 0 : r.left - cost;
          r.seconds += c.seconds;
          r.cost += cost;
          progress.seconds_left = seconds_left(rate, workers);
        }
        if (options.on_done) options.on_done(s);
        if (options.on_progress) options.on_progress(progress);
      },
      options.stop);

  CountResult result;
  try {
    result = split.tally(finished, options.collect);
  } catch (const InconsistentCounts& e) {
    if (resumed == 0) throw;
    throw InvalidArgument(e.resumed());
  }
  result.nodes += stats.nodes;
  result.subproblems_resumed = resumed;
  result.threads = workers;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nq
