// SPDX-License-Identifier: MIT
// The bookkeeping of rank 0 in nqueens-mpi, without any MPI: which subproblems are left, which
// rank holds which, what has come back. Batches follow the split's schedule (about largest
// estimated cost first, see CountSplit::schedule) and shrink as the work runs out (guided
// self-scheduling: each batch is about 1/(2W) of the estimated work not yet handed out, W being the
// worker threads of all ranks), so early batches are few and large and the last ones small enough
// to fill the gaps. A batch also holds at least one id per thread of its rank and, once the speed
// of the count is known, at least `min_batch_seconds` of work per thread, so that the tail of many
// tiny subproblems does not turn into a stream of round trips. Every report is checked: a rank may
// only report what it was given, and only once.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "nqueens/count.hpp"
#include "nqueens/count_split.hpp"

namespace nqmpi {

// A rank broke the protocol (reported what it was not given, or twice, or a wrong split).
struct FaultError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Coordinator {
 public:
  // `resumed` (from a checkpoint) is counted as done and never handed out; `ranks` ranks take
  // part, rank 0 included.
  Coordinator(const nq::CountSplit& split, const std::vector<nq::SubproblemCount>& resumed,
              int ranks, double min_batch_seconds = 0.05);

  // A rank says how many worker threads it runs (the batch size depends on the sum).
  void set_threads(int rank, unsigned threads);

  // The next batch for `rank`; empty when nothing is left to hand out. `seconds` is the time
  // since the counting started, from which the speed (estimated cost per thread-second) of
  // the work finished so far is known.
  std::vector<std::uint64_t> assign(int rank, double seconds = 0);

  // A finished subproblem from `rank`. Throws FaultError if the id does not exist, was never
  // given to this rank, or was already reported.
  void accept(int rank, std::uint64_t id, std::uint64_t count);

  bool exhausted() const { return next_ == order_.size(); }  // everything handed out
  bool finished() const { return finished_.size() == size_; }
  std::uint64_t held_by(int rank) const { return held_[rank]; }  // given and not reported
  std::uint64_t given_to(int rank) const { return given_[rank]; }
  const nq::CountProgress& progress() const { return progress_; }
  // Resumed and accepted results, in the order they came (weights left 0: tally() uses the
  // split's).
  const std::vector<nq::SubproblemCount>& results() const { return finished_; }

 private:
  [[noreturn]] void refuse(int rank, std::uint64_t id) const;

  std::uint64_t size_;
  std::vector<double> costs_;         // the split's estimates, at hand
  std::vector<int> state_;            // per id: free, resumed, held by or done by a rank
  std::vector<std::uint64_t> order_;  // ids still to hand out from next_, in schedule order
  std::size_t next_ = 0;
  double unassigned_cost_ = 0;
  std::vector<std::uint64_t> held_, given_;
  double min_batch_seconds_;
  double resumed_cost_ = 0;
  std::vector<unsigned> threads_;
  std::vector<nq::SubproblemCount> finished_;
  nq::CountProgress progress_;
};

}  // namespace nqmpi
