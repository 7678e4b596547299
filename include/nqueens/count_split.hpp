// SPDX-License-Identifier: MIT
// The subproblems a count is split into, for programs that schedule the work themselves (the
// distributed runner nqueens-mpi, checkpointing front ends); count() is built on this.
//
// A CountSplit builds one engine's tables for one n, once. Its subproblems have stable ids
// 0 .. size() - 1, each with a symmetry weight and an estimated cost, and the same id gives the
// same count in every process and on every machine that runs the same version. run() counts the
// ids a caller feeds it on worker threads; tally() adds finished counts into a CountResult.
//
// Example (two halves of the work, e.g. on two machines):
//   nq::CountSplit split(14, nq::CountEngine::backtrack);
//   std::vector<nq::SubproblemCount> done;
//   std::vector<std::uint64_t> ids = split.schedule();  // about largest first
//   std::size_t next = 0;
//   std::mutex m;
//   split.run(2, [&]() -> std::optional<std::uint64_t> {
//     std::lock_guard lock(m);
//     if (next == ids.size()) return std::nullopt;
//     return ids[next++];
//   }, [&](const nq::SubproblemCount& s) { done.push_back(s); });
//   nq::CountResult r = split.tally(done);  // r.total == 365596, r.unique == 45752
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

#include "nqueens/count.hpp"

namespace nq {

namespace detail {
class Engine;
}

class CountSplit {
 public:
  // Builds the tables of `engine` (automatic is resolved for n) with `threads` threads (0: all
  // cores), planning for at most that many workers within `memory` bytes (0: no limit). Throws
  // std::invalid_argument for n outside the engine's range, MemoryBudgetError when the budget
  // cannot hold the smallest unit of work, and CountStopped when `stop` is requested before the
  // tables are built.
  CountSplit(int n, CountEngine engine, unsigned threads = 0, std::uint64_t memory = 0,
             std::stop_token stop = {});
  ~CountSplit();
  CountSplit(CountSplit&&) noexcept;
  CountSplit& operator=(CountSplit&&) noexcept;

  int n() const { return n_; }
  CountEngine engine() const { return engine_; }  // never automatic
  std::uint64_t size() const;                     // number of subproblems
  std::uint32_t weight(std::uint64_t id) const;   // solutions each of its solutions stands for
  double cost(std::uint64_t id) const;            // relative estimate, > 0
  double total_cost() const;
  std::uint64_t memory_bytes() const;  // the engine's memory plan (tables and workers)
  // The plan the engine would make for `threads` workers under `budget` bytes (0: no limit), as
  // on another machine; throws MemoryBudgetError when that budget cannot hold it.
  std::uint64_t memory_bytes(unsigned threads, std::uint64_t budget) const;

  // Every id, largest estimated cost first: the order that balances threads and machines best,
  // since the big pieces start early and the small ones fill the gaps at the end. Where the
  // engine's subproblems share memory (the halves engine's quarter slices), the ids go by bands
  // of cost, each band's largest cost under twice its smallest (bands largest first), and within
  // a band those that read the same slices side by side, so that each finds them in the cache or
  // already built; else strictly by cost, ties by id.
  std::vector<std::uint64_t> schedule() const;

  struct RunStats {
    std::uint64_t nodes = 0;    // work done, in the engine's unit (see CountResult::nodes)
    double busy_seconds = 0;    // summed over the threads: time spent counting
    std::uint64_t counted = 0;  // subproblems finished
  };
  // Counts subproblems on `threads` threads (0: all cores) until next() returns nullopt or
  // `stop` is requested. next() is called from the worker threads concurrently and may block
  // until work arrives; it must not return the same id twice. done() is called after each
  // subproblem, one call at a time. Throws std::invalid_argument if next() returns an id that
  // does not exist (the threads are stopped first).
  RunStats run(unsigned threads, const std::function<std::optional<std::uint64_t>()>& next,
               const std::function<void(const SubproblemCount&)>& done,
               std::stop_token stop = {}) const;

  // For estimates (count_estimate.hpp) of counts whose subproblems take minutes: as run(), but
  // each id comes with the share of it to count (0 < share <= 1) and a seed that picks which part,
  // and done() gets that part's count, which divided by the share estimates the subproblem's
  // without bias, the seconds it took, and the seconds the whole subproblem would take on its
  // thread, projected by the engine from what it timed (measured, for a whole one; NaN where the
  // part is too thin to tell, see count_estimate.hpp). An engine that cannot count a part
  // (backtrack) counts the whole and reports share 1.
  //
  // With `window` set, the share is ignored and the engine counts a window of the subproblem that
  // `seed` places, as dense as the whole run's work, only for its time (whole_seconds, never NaN):
  // where a part would be too thin to time. The window's count estimates nothing. An engine that
  // cannot counts the whole subproblem.
  //
  // With `after`, the worker first loads what subproblem `after` reads (untimed, not counted),
  // as if it had just counted it: an estimate times a drawn id after its neighbour in the
  // schedule, as a whole run would.
  struct Share {
    std::uint64_t id = 0;
    double share = 1;
    std::uint64_t seed = 0;
    bool window = false;
    std::optional<std::uint64_t> after = std::nullopt;
  };
  struct ShareCount {
    std::uint64_t id = 0;
    std::uint64_t count = 0;  // of the part counted, unweighted
    double share = 1;         // the share counted
    double seconds = 0;       // the part's time
    double whole_seconds = 0;
  };
  RunStats run_shares(unsigned threads, const std::function<std::optional<Share>()>& next,
                      const std::function<void(const ShareCount&)>& done,
                      std::stop_token stop = {}) const;

  // A CountResult from finished counts, given in any order, each id at most once: the weighted
  // total with overflow checks, subproblems_done, and, when every id is there, complete == true
  // with the unique count and the class sizes by Burnside's lemma. The weights in `results` are
  // ignored (the split's own are used). Throws std::invalid_argument for an unknown or repeated
  // id, std::overflow_error past 2^64, and InconsistentCounts when the total is inconsistent
  // with the symmetric counts (a wrong count was fed in).
  CountResult tally(const std::vector<SubproblemCount>& results, bool collect = false) const;

 private:
  int n_ = 0;
  CountEngine engine_ = CountEngine::backtrack;
  std::unique_ptr<detail::Engine> impl_;
};

}  // namespace nq
