// SPDX-License-Identifier: MIT
#include "mpi/coordinator.hpp"

#include <algorithm>
#include <string>

namespace nqmpi {

namespace {
constexpr int kFree = -1;
constexpr int kDone = -2;
}  // namespace

Coordinator::Coordinator(const nq::CountSplit& split,
                         const std::vector<nq::SubproblemCount>& resumed, int ranks,
                         double min_batch_seconds)
    : split_(split),
      size_(split.size()),
      owner_(split.size(), kFree),
      reporter_(split.size(), -1),
      held_(ranks, 0),
      given_(ranks, 0),
      min_batch_seconds_(min_batch_seconds),
      threads_(ranks, 0) {
  progress_.subproblems = size_;
  progress_.work_total = split.total_cost();
  for (const nq::SubproblemCount& s : resumed) {
    if (s.id >= size_ || owner_[s.id] == kDone) {
      throw std::invalid_argument("nqueens-mpi: resumed subproblem " + std::to_string(s.id) +
                                  " is unknown or repeated");
    }
    owner_[s.id] = kDone;
    finished_.push_back({s.id, s.count, split.weight(s.id)});
    ++progress_.subproblems_done;
    progress_.work_done += split.cost(s.id);
  }
  resumed_cost_ = progress_.work_done;
  for (std::uint64_t id : split.schedule()) {
    if (owner_[id] == kFree) {
      order_.push_back(id);
      unassigned_cost_ += split.cost(id);
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
    cost += split_.cost(id);
    owner_[id] = rank;
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
  if (owner_[id] == kDone && reporter_[id] == rank) throw FaultError(what + " a second time");
  std::string whose;
  if (owner_[id] == kDone) {
    whose = reporter_[id] >= 0 ? " (rank " + std::to_string(reporter_[id]) + " counted it)"
                               : " (it was resumed)";
  }
  throw FaultError(what + ", which it was not given" + whose);
}

void Coordinator::accept(int rank, std::uint64_t id, std::uint64_t count) {
  if (id >= size_ || owner_[id] != rank) refuse(rank, id);
  owner_[id] = kDone;
  reporter_[id] = rank;
  --held_[rank];
  finished_.push_back({id, count, split_.weight(id)});
  ++progress_.subproblems_done;
  progress_.work_done += split_.cost(id);
}

}  // namespace nqmpi
