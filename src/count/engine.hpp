// SPDX-License-Identifier: MIT
// What count() needs from a counting engine: a fixed list of subproblems (the id is the index,
// so the same id always denotes the same piece of the board), each with a symmetry weight and a
// rough cost, and workers that count the solutions of one subproblem. A worker owns its scratch
// memory, so threads never share mutable state; the engine itself is read-only once built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stop_token>

#include "count/pair_count.hpp"

namespace nq::detail {

class Worker {
 public:
  virtual ~Worker() = default;
  // Unweighted solutions of subproblem `id`; `nodes` grows by the work done (queens placed, or
  // partial boards built and pairs tested, depending on the engine).
  virtual std::uint64_t run(std::size_t id, std::uint64_t& nodes) = 0;
  // A worker whose subproblems can take minutes (halves at n >= 26) gives up on one when `stop`
  // is requested; gave_up() then says that the last run()'s result means nothing.
  void watch(std::stop_token stop) { stop_ = std::move(stop); }
  bool gave_up() const { return gave_up_; }
  // For estimates of counts whose subproblems take minutes (count --estimate at n >= 26): the
  // next runs count only a random share (0 < share <= 1) of each subproblem, the part `seed`
  // picks, so that the count divided by the share estimates the whole without bias. An engine
  // that cannot sample returns false and counts whole subproblems.
  virtual bool sample(double share, std::uint64_t seed) {
    (void)seed;
    return share >= 1;
  }
  // For the time of such a subproblem where a share of it would be too thin to time (see
  // halves_projection.cpp): the next run counts a window of the subproblem as dense as the whole
  // run's chunks, `seed` placing it, only to project the whole's time by whole_seconds(); its count
  // estimates nothing. An engine that cannot returns false and counts the whole subproblem.
  virtual bool window(std::uint64_t seed) {
    (void)seed;
    return false;
  }
  // After a run: the seconds the whole subproblem would take on this thread, projected from what
  // the run timed (its fixed parts once, the parts that grow with the share scaled up); 0 when the
  // engine does not time itself (the caller's measurement stands), NaN when this part cannot
  // tell.
  virtual double whole_seconds() const { return 0; }
  // The share the last run counted: what sample() asked for where the engine can sample, else 1.
  virtual double last_share() const { return 1; }
  // Loads what subproblem `id` reads, as counting it would, without counting it: an estimate
  // times a drawn subproblem after loading its schedule neighbour's tables, as a whole run would
  // have them (see Engine::locality).
  virtual void prepare(std::size_t id) { (void)id; }

 protected:
  std::stop_token stop_;
  bool gave_up_ = false;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::size_t size() const = 0;                    // number of subproblems
  virtual std::uint32_t weight(std::size_t id) const = 0;  // solutions each one stands for
  virtual double cost(std::size_t id) const = 0;           // relative estimate, > 0
  virtual std::unique_ptr<Worker> worker() const = 0;
  virtual std::uint64_t memory_bytes() const = 0;  // what the engine planned for, all workers
  // What it would plan for `threads` workers under `budget` (0: none), e.g. on another machine;
  // throws MemoryBudgetError when the budget is too small.
  virtual std::uint64_t memory_bytes(unsigned threads, std::uint64_t budget) const = 0;
  // Whether subproblems that share a locality key (below 2^32) read the same memory, so that the
  // schedule should put them side by side (CountSplit::schedule); false: every key is 0.
  virtual bool grouped() const { return false; }
  virtual std::uint64_t locality(std::size_t id) const {
    (void)id;
    return 0;
  }
};

// Border split + bitmask backtracking (any n from 1 to kMaxCountN).
std::unique_ptr<Engine> make_backtrack_engine(int n);
// Half boards joined in the middle (4 <= n <= kMaxHalvesN), for `threads` workers, keeping the
// whole process under `memory_budget` bytes (0: no limit); throws MemoryBudgetError when it
// cannot, and CountStopped when `stop` is requested while it builds. `threads` also builds the
// shared tables.
// `tables` forces where the quarter slices come from (for tests); the default chooses.
enum class HalvesTables { choose, shared, per_worker };
// `tuning` forces the pair count's bucket scheme (for tests, so that the paths wide patterns take
// at n >= 26 run at small n): `cut` bucket bits above the words (at least 1, and at least as many
// as leave the rest in a word; the words then keep fewer bits), at most `dense` of the bucket bits
// in a dense table, binary search below, and `word_bits`-bit words (32 or 64); 0 keeps the
// engine's choice. The counts do not depend on it. `window_pairs` (0: the engine's, 2^37) is the
// most pairs of half-board entries a window (Worker::window) joins whole; above, its joins follow
// a random share of the prefix pairs, that many on average, and are timed so. A join whose
// shorter run of half-boards has at most `direct_run` of them compares the two runs unsorted
// (0: the engine's, 256; negative: never). `kernel` is the pair count's (pair_count.hpp): best,
// or sliced to send every block below the cut to the sliced kernel, or avx512 to send none.
struct HalvesTuning {
  int cut = 0;
  int dense = 0;
  double window_pairs = 0;
  int word_bits = 0;
  long direct_run = 0;
  PairKernel kernel = PairKernel::best;
};
std::unique_ptr<Engine> make_halves_engine(int n, unsigned threads, std::uint64_t memory_budget,
                                           HalvesTables tables = HalvesTables::choose,
                                           HalvesTuning tuning = {}, std::stop_token stop = {});

// What a halves subproblem is, for tests that count it another way: the row of the middle
// column's queen (odd n; -1 for even n) and the rows whose queen is in the east half. Its count
// weighs each solution by the transpose rule of HalvesWorker::pairs (class_join.cpp): 0, 1 or 2.
// `engine` must come from make_halves_engine.
struct HalvesPiece {
  int middle_row;
  std::uint32_t east_rows;
};
HalvesPiece halves_piece(const Engine& engine, std::size_t id);

}  // namespace nq::detail
