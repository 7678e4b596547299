// SPDX-License-Identifier: MIT
#include "coordinator.hpp"

#include <algorithm>
#include <string>

namespace nqmpi {

namespace {
// state_ of an id: free, resumed, held by rank r (r >= 0), or done by rank r (kDoneBy - r).
constexpr int kFree = -1;
constexpr int kResumed = -2;
constexpr int kDoneBy = -3;
}  // namespace

Coordinator::Coordinator(const nq::CountSplit& split,
                         const std::vector<nq::SubproblemCount>& resumed, int ranks,
                         double min_batch_seconds)
    : size_(split.size()),
      costs_(split.size()),
      state_(split.size(), kFree),
      held_(ranks, 0),
      given_(ranks, 0),
      min_batch_seconds_(min_batch_seconds),
      threads_(ranks, 0) {
  progress_.subproblems = size_;
  for (std::uint64_t id = 0; id < size_; ++id) {
    costs_[id] = split.cost(id);
    progress_.work_total += costs_[id];
  }
  for (const nq::SubproblemCount& s : resumed) {
    if (s.id >= size_ || state_[s.id] == kResumed) {
      throw std::invalid_argument("nqueens-mpi: resumed subproblem " + std::to_string(s.id) +
                                  " is unknown or repeated");
    }
    state_[s.id] = kResumed;
    finished_.push_back({s.id, s.count, 0});
    ++progress_.subproblems_done;
    progress_.work_done += costs_[s.id];
  }
  resumed_cost_ = progress_.work_done;
  for (std::uint64_t id : split.schedule()) {
    if (state_[id] == kFree) {
      order_.push_back(id);
      unassigned_cost_ += costs_[id];
    }
  }
}

void Coordinator::set_threads(int rank, unsigned threads) {
  threads_[rank] = std::max(1u, threads);
}

std::vector<std::uint64_t> Coordinator::assign(int rank, double seconds) {
  std::vector<std::uint64_t> batch;
  if (exhausted()) return batch;
  unsigned workers = 0;
  for (unsigned t : threads_) workers += t;
  // Ranks that have not said yet count as one thread each.
  workers += static_cast<unsigned>(std::count(threads_.begin(), threads_.end(), 0u));
  const unsigned threads = std::max(1u, threads_[rank]);
  const double speed =  // estimated cost per thread-second, 0 while unknown
      seconds > 0 ? (progress_.work_done - resumed_cost_) / (seconds * workers) : 0;
  const double target =
      std::max(unassigned_cost_ / (2.0 * workers), speed * min_batch_seconds_ * threads);
  double cost = 0;
  // At least one id per thread of the rank, so none of them waits for the next batch.
  const std::size_t at_least = threads;
  while (!exhausted() && (batch.size() < at_least || cost < target) && batch.size() < 4096) {
    const std::uint64_t id = order_[next_++];
    batch.push_back(id);
    cost += costs_[id];
    state_[id] = rank;
  }
  unassigned_cost_ = std::max(0.0, unassigned_cost_ - cost);
  held_[rank] += batch.size();
  given_[rank] += batch.size();
  return batch;
}

void Coordinator::refuse(int rank, std::uint64_t id) const {
  const std::string what =
      "rank " + std::to_string(rank) + " reported subproblem " + std::to_string(id);
  if (id >= size_) {
    throw FaultError(what + ", which does not exist (there are " + std::to_string(size_) + ")");
  }
  const int state = state_[id];
  if (state == kDoneBy - rank) throw FaultError(what + " a second time");
  std::string whose;
  if (state == kResumed) whose = " (it was resumed)";
  if (state <= kDoneBy) whose = " (rank " + std::to_string(kDoneBy - state) + " counted it)";
  throw FaultError(what + ", which it was not given" + whose);
}

void Coordinator::accept(int rank, std::uint64_t id, std::uint64_t count) {
  if (id >= size_ || state_[id] != rank) refuse(rank, id);
  state_[id] = kDoneBy - rank;
  --held_[rank];
  finished_.push_back({id, count, 0});
  ++progress_.subproblems_done;
  progress_.work_done += costs_[id];
}

}  // namespace nqmpi
