// SPDX-License-Identifier: MIT
// Counting all solutions of the n-queens problem and the unique ones (classes under the 8
// symmetries of the square).
//
// Contract: count() returns the exact total (OEIS A000170) and unique count (A002562) for
// 1 <= n <= kMaxCountN, or, when stopped through options.stop, a partial result with
// complete == false (the total then covers only the subproblems finished, and the unique count
// and class breakdown are left at 0); a stop during the set-up, before the first subproblem (the
// halves engine's tables take most of a minute at n = 28), throws CountStopped instead. Throws
// std::invalid_argument for n outside the range (or above kMaxHalvesN for the halves engine, or a
// resume entry that does not fit), MemoryBudgetError (an invalid_argument) when the halves engine
// cannot run within options.memory, std::overflow_error if a sum would not fit in 64 bits (it
// cannot for n <= 28), and InvalidArgument when resumed counts give a total that the symmetric
// counts show to be impossible (only damaged or forged resumed results can: exit 2 on the command
// line, as for any checkpoint refused).
//
// The search is split into subproblems with stable ids (0 .. subproblems - 1 for a given n and
// engine): the same id always denotes the same piece of the search and always has the same count.
// Each finished subproblem is reported through on_done, and a later run given those results in
// `resume` skips them, which is how checkpoints, resumed runs and distributed runs share work.
//
// Engines (see docs/algorithms.md):
//  - backtrack: the queens on the four edges of the board are placed first, one canonical
//    placement per symmetry class weighted by its class size (8, 4, 2 or 1), and the rows between
//    are filled by bitmask backtracking.
//  - halves: meet in the middle; west and east half-boards are built from quarter boards and the
//    pairs that share no diagonal are counted. Much faster from n = 12 or so. Its quarter tables
//    grow about 3x per n; under a memory budget they are built a slice at a time per worker
//    instead, and the half-boards are joined in chunks, so any n up to kMaxHalvesN runs in a
//    bounded amount of memory without changing a subproblem's id, weight or count.
//  - automatic: halves for 12 <= n <= kMaxHalvesN, backtrack otherwise.
// The unique count follows from Burnside's lemma, unique = (total + P + 2R) / 8, with P and R
// counted by two small searches over boards symmetric under the half turn and the quarter turn.
//
// Example:
//   nq::CountResult r = nq::count({.n = 8});
//   // r.total == 92, r.unique == 12, r.complete == true
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace nq {

inline constexpr int kMaxCountN = 32;   // masks are 64-bit; diagonals need 2n - 1 bits
inline constexpr int kMaxHalvesN = 28;  // patterns of 54 bits: 22 bucket bits and a 32-bit rest

// Thrown when the halves engine cannot count within the memory budget at all; what() is one line
// that says how much it needs.
class MemoryBudgetError : public std::invalid_argument {
 public:
  MemoryBudgetError(const std::string& what, std::uint64_t needed)
      : std::invalid_argument(what), needed_(needed) {}
  std::uint64_t needed() const { return needed_; }  // the least budget that works, in bytes

 private:
  std::uint64_t needed_;
};

// Thrown when a stop is requested while the engine is being set up, before any subproblem has
// been counted: there is nothing to report, and nothing was changed.
class CountStopped : public std::runtime_error {
 public:
  CountStopped()
      : std::runtime_error("interrupted while setting up, before any subproblem was counted") {}
};

// Thrown when finished counts add up to a total that the symmetric counts show to be impossible:
// one of them is wrong. count() blames resumed results (then it throws InvalidArgument, since only
// a damaged or forged checkpoint can give one); a count made here alone would be an engine's
// fault.
class InconsistentCounts : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  // The message for a count that resumed results: they are to blame.
  std::string resumed() const {
    return std::string(what()) + " (resumed from a damaged or forged checkpoint)";
  }
};

// The widest instruction set the counting kernels use: the processor's widest, or a narrower one
// that the environment variable NQUEENS_ISA names (generic, avx2 or avx512), so that each build of
// a kernel can be tested and timed on one machine that has them all. generic is the baseline
// x86-64 (or any other processor); avx2 adds AVX2, BMI2 and POPCNT; avx512 the AVX-512 sets.
enum class CountIsa { generic, avx2, avx512 };
inline constexpr const char* kCountIsaVariable = "NQUEENS_ISA";
const char* isa_name(CountIsa isa);  // "generic", "avx2", "avx512"
// NQUEENS_ISA's set, avx512 where it is unset or empty (the widest, capped by the processor's).
// Throws InvalidArgument "NQUEENS_ISA: unknown instruction set 'NAME' (generic, avx2 or avx512)"
// for any other value; every count checks it before it starts.
CountIsa count_isa_limit();

enum class CountEngine { automatic, backtrack, halves };

// The engine `automatic` stands for at this n.
CountEngine resolve_engine(CountEngine engine, int n);
const char* engine_name(CountEngine engine);  // "auto", "backtrack", "halves"
// The inverse of engine_name; nullopt for any other text.
std::optional<CountEngine> engine_from_name(std::string_view name);

// The same, throwing InvalidArgument "count: unknown engine 'NAME' (auto, backtrack or halves)".
CountEngine engine_named(std::string_view name);

struct SubproblemCount {
  std::uint64_t id = 0;
  std::uint64_t count = 0;   // solutions of this subproblem, before its weight is applied
  std::uint32_t weight = 0;  // solutions each one stands for (filled in by count(); ignored
                             // in `resume`)
};

struct CountProgress {
  std::uint64_t subproblems_done = 0;  // finished so far (resumed ones included)
  std::uint64_t subproblems = 0;       // in all
  double work_done = 0;                // estimated cost of the finished ones
  double work_total = 0;               // estimated cost of all
  // The wall time left, from the measured rate of each stratum of subproblems of like cost
  // (count() counts two of each first); -1 until one subproblem is measured, and when the run
  // counts chosen subproblems only.
  double seconds_left = -1;
};

struct CountOptions {
  int n = 8;             // board size, 1..kMaxCountN
  unsigned threads = 0;  // worker threads; 0 = std::thread::hardware_concurrency()
  CountEngine engine = CountEngine::automatic;
  std::uint64_t memory = 0;   // budget in bytes for the whole process (halves engine); 0 = none
  std::stop_token stop = {};  // request_stop() ends the count early (complete == false)
  std::vector<SubproblemCount> resume = {};  // finished earlier: counted, not searched again
  std::uint64_t resume_subproblems = 0;      // if not 0: how many subproblems `resume` was made for
  std::vector<std::uint64_t> only = {};      // if not empty: search just these ids (for audits)
  bool collect = false;                      // fill CountResult::results
  // Called once, on the calling thread, when the subproblems are known and before any is run
  // (an exception thrown here leaves count() before any work):
  std::function<void(std::uint64_t subproblems)> on_start = {};
  // Called after each subproblem, from any worker, one call at a time:
  std::function<void(const CountProgress&)> on_progress = {};
  std::function<void(const SubproblemCount&)> on_done = {};
};

struct CountResult {
  int n = 0;
  std::uint64_t total = 0;                      // all solutions (A000170)
  std::uint64_t unique = 0;                     // symmetry classes (A002562)
  std::uint64_t symmetric180 = 0;               // solutions fixed by the half turn, P (A032522)
  std::uint64_t symmetric90 = 0;                // solutions fixed by the quarter turn, R (A033148)
  std::uint64_t classes_of_size[4] = {};        // classes of size 1, 2, 4, 8
  std::uint64_t nodes = 0;                      // queens placed during the search
  std::uint64_t subproblems = 0;                // pieces the search was split into
  std::uint64_t subproblems_done = 0;           // of which finished (resumed ones included)
  std::uint64_t subproblems_resumed = 0;        // of which taken from options.resume
  CountEngine engine = CountEngine::automatic;  // the engine that ran
  std::uint64_t memory_bytes = 0;               // the engine's memory plan, all workers
  std::vector<SubproblemCount> results;         // with options.collect: every finished one, by id
  unsigned threads = 0;                         // worker threads used
  double seconds = 0;                           // wall time
  bool complete = false;                        // false when stopped early
};

// Throws InvalidArgument, in the words the command line prints, for an n outside 1..kMaxCountN
// ("N = 40 is too large for count (at most 32)") or outside the halves engine's 4..kMaxHalvesN
// ("count: the halves engine takes n from 4 to 28, not 29"); `job` names the command in them.
// count() runs it first.
void check_count(const CountOptions& options, std::string_view job = "count");

CountResult count(const CountOptions& options);

// Solutions fixed by the half turn (P) and by the quarter turn (R), by direct searches over
// symmetric boards; exposed for tests and for other engines that need Burnside's lemma.
struct SymmetricCounts {
  std::uint64_t half_turn = 0;     // P
  std::uint64_t quarter_turn = 0;  // R
  std::uint64_t nodes = 0;
};
SymmetricCounts count_symmetric(int n);

// The published values (OEIS A000170 and A002562), n = 1..kMaxKnownN; nullopt beyond.
inline constexpr int kMaxKnownN = 27;
struct KnownCount {
  std::uint64_t total = 0;
  std::uint64_t unique = 0;
};
std::optional<KnownCount> known_count(int n);

}  // namespace nq
