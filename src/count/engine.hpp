// SPDX-License-Identifier: MIT
// What count() needs from a counting engine: a fixed list of subproblems (the id is the index,
// so the same id always denotes the same piece of the board), each with a symmetry weight and a
// rough cost, and workers that count the solutions of one subproblem. A worker owns its scratch
// memory, so threads never share mutable state; the engine itself is read-only once built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace nq::detail {

class Worker {
 public:
  virtual ~Worker() = default;
  // Unweighted solutions of subproblem `id`; `nodes` grows by the work done (queens placed, or
  // partial boards built and pairs tested, depending on the engine).
  virtual std::uint64_t run(std::size_t id, std::uint64_t& nodes) = 0;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::size_t size() const = 0;                    // number of subproblems
  virtual std::uint32_t weight(std::size_t id) const = 0;  // solutions each one stands for
  virtual double cost(std::size_t id) const = 0;           // relative estimate, > 0
  virtual std::unique_ptr<Worker> worker() const = 0;
  virtual std::uint64_t memory_bytes() const = 0;  // what the engine planned for, all workers
};

// Border split + bitmask backtracking (any n from 1 to kMaxCountN).
std::unique_ptr<Engine> make_backtrack_engine(int n);
// Half boards joined in the middle (4 <= n <= kMaxHalvesN), for `threads` workers, keeping the
// whole process under `memory_budget` bytes (0: no limit); throws MemoryBudgetError when it
// cannot. `threads` also builds the shared tables.
// `tables` forces where the quarter slices come from (for tests); the default chooses.
enum class HalvesTables { choose, shared, per_worker };
std::unique_ptr<Engine> make_halves_engine(int n, unsigned threads, std::uint64_t memory_budget,
                                           HalvesTables tables = HalvesTables::choose);

// What a halves subproblem is, for tests that count it another way: the row of the middle
// column's queen (odd n; -1 for even n) and the rows whose queen is in the east half. Its count
// weighs each solution by the transpose rule of HalvesWorker::pairs (halves.cpp): 0, 1 or 2.
// `engine` must come from make_halves_engine.
struct HalvesPiece {
  int middle_row;
  std::uint32_t east_rows;
};
HalvesPiece halves_piece(const Engine& engine, std::size_t id);

}  // namespace nq::detail
