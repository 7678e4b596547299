// SPDX-License-Identifier: MIT
// Counting all solutions of the n-queens problem and the unique ones (classes under the 8
// symmetries of the square).
//
// Contract: count() returns the exact total (OEIS A000170) and unique count (A002562) for
// 1 <= n <= kMaxCountN, or, when stopped through options.stop, a partial result with
// complete == false (the total then covers only the subproblems finished, and the unique count
// and class breakdown are left at 0). Throws std::invalid_argument for n outside the range and
// std::overflow_error if a sum would not fit in 64 bits (it cannot for n <= 28).
//
// Method: row-by-row bitmask backtracking over subproblems (the first rows pre-placed, first
// queen in the left half: mirror symmetry halves the work), run on all threads; the unique count
// follows from Burnside's lemma, unique = (total + P + 2R) / 8, with P and R counted by two small
// searches over boards that are symmetric under the half turn and the quarter turn.
//
// Example:
//   nq::CountResult r = nq::count({.n = 8});
//   // r.total == 92, r.unique == 12, r.complete == true
#pragma once

#include <cstdint>
#include <functional>
#include <stop_token>

namespace nq {

inline constexpr int kMaxCountN = 32;  // masks are 64-bit; diagonals need 2n - 1 bits

struct CountProgress {
  std::uint64_t subproblems_done = 0;  // finished so far
  std::uint64_t subproblems = 0;       // in all
};

struct CountOptions {
  int n = 8;                  // board size, 1..kMaxCountN
  unsigned threads = 0;       // worker threads; 0 = std::thread::hardware_concurrency()
  std::stop_token stop = {};  // request_stop() ends the count early (complete == false)
  std::function<void(const CountProgress&)> on_progress = {};  // after each subproblem; may
                                                               // be called from any worker
};

struct CountResult {
  int n = 0;
  std::uint64_t total = 0;                // all solutions (A000170)
  std::uint64_t unique = 0;               // symmetry classes (A002562)
  std::uint64_t symmetric180 = 0;         // solutions fixed by the half turn, P (A032522)
  std::uint64_t symmetric90 = 0;          // solutions fixed by the quarter turn, R (A033148)
  std::uint64_t classes_of_size[4] = {};  // classes of size 1, 2, 4, 8
  std::uint64_t nodes = 0;                // queens placed during the search
  std::uint64_t subproblems = 0;          // pieces the search was split into
  std::uint64_t subproblems_done = 0;     // of which finished
  unsigned threads = 0;                   // worker threads used
  double seconds = 0;                     // wall time
  bool complete = false;                  // false when stopped early
};

CountResult count(const CountOptions& options);

// Solutions fixed by the half turn (P) and by the quarter turn (R), by direct searches over
// symmetric boards; exposed for tests and for other engines that need Burnside's lemma.
struct SymmetricCounts {
  std::uint64_t half_turn = 0;     // P
  std::uint64_t quarter_turn = 0;  // R
  std::uint64_t nodes = 0;
};
SymmetricCounts count_symmetric(int n);

}  // namespace nq
