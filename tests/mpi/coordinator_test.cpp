// SPDX-License-Identifier: MIT
// The scheduling of nqueens-mpi without MPI: batches, fault checks and the worker threads.
#include "coordinator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <vector>

#include "local_workers.hpp"
#include "nqueens/count_split.hpp"

using nqmpi::Coordinator;
using nqmpi::FaultError;

TEST(coordinator, hands_out_every_id_once_largest_first_in_shrinking_batches) {
  const nq::CountSplit split(16, nq::CountEngine::halves, 1);
  Coordinator c(split, {}, 3);
  c.set_threads(0, 2);
  c.set_threads(1, 1);
  c.set_threads(2, 4);
  std::vector<std::uint64_t> order;
  std::vector<std::size_t> sizes;
  std::vector<double> costs;
  const std::size_t threads[] = {2, 1, 4};
  for (int rank = 0; !c.exhausted(); rank = (rank + 1) % 3) {
    const std::size_t left = split.size() - order.size();
    const std::vector<std::uint64_t> batch = c.assign(rank);
    ASSERT_FALSE(batch.empty());
    EXPECT_GE(batch.size(), std::min(threads[rank], left)) << "a thread of the rank gets none";
    double cost = 0;
    for (std::uint64_t id : batch) cost += split.cost(id);
    costs.push_back(cost);
    sizes.push_back(batch.size());
    order.insert(order.end(), batch.begin(), batch.end());
    for (std::uint64_t id : batch) c.accept(rank, id, 0);
  }
  EXPECT_EQ(order, split.schedule()) << "not the schedule, or an id twice";
  EXPECT_TRUE(c.finished());
  EXPECT_TRUE(c.assign(0).empty());
  // Guided: the first batch holds about 1/(2W) of the work (W = 7 threads), the last ones far less.
  EXPECT_NEAR(costs.front() / split.total_cost(), 1.0 / 14, 0.03);
  EXPECT_LT(costs.back(), costs.front() / 100);
  EXPECT_GT(sizes.size(), 20u);
  EXPECT_LT(sizes.size(), split.size() / 4) << "batches this small cost a round trip each";
}

TEST(coordinator, a_known_speed_keeps_batches_above_the_minimum_duration) {
  const nq::CountSplit split(14, nq::CountEngine::backtrack);
  Coordinator c(split, {}, 1, 0.05);
  c.set_threads(0, 1);
  // Finish a tenth of the work "in one second": the speed is then total/10 per thread-second,
  // and no batch may hold less than 0.05 s of it (unless it is the rest).
  double done = 0;
  while (done < split.total_cost() / 10) {
    for (std::uint64_t id : c.assign(0)) {
      c.accept(0, id, 0);
      done += split.cost(id);
    }
  }
  const double speed = done / 1.0;
  while (!c.exhausted()) {
    const std::vector<std::uint64_t> batch = c.assign(0, 1.0);
    double cost = 0;
    for (std::uint64_t id : batch) cost += split.cost(id);
    if (!c.exhausted()) EXPECT_GE(cost, 0.05 * speed * 0.999);
    for (std::uint64_t id : batch) c.accept(0, id, 0);
  }
  EXPECT_TRUE(c.finished());
}

TEST(coordinator, refuses_reports_of_what_a_rank_was_not_given_or_twice) {
  const nq::CountSplit split(10, nq::CountEngine::backtrack);
  Coordinator c(split, {}, 2);
  c.set_threads(0, 1);
  c.set_threads(1, 1);
  const std::vector<std::uint64_t> mine = c.assign(1);
  ASSERT_FALSE(mine.empty());
  const std::vector<std::uint64_t> theirs = c.assign(0);
  ASSERT_FALSE(theirs.empty());
  EXPECT_EQ(c.held_by(1), mine.size());
  c.accept(1, mine[0], 5);
  EXPECT_THROW(c.accept(1, mine[0], 5), FaultError);       // twice
  EXPECT_THROW(c.accept(1, theirs[0], 5), FaultError);     // given to rank 0
  EXPECT_THROW(c.accept(1, split.size(), 5), FaultError);  // no such subproblem
  std::set<std::uint64_t> given(mine.begin(), mine.end());
  given.insert(theirs.begin(), theirs.end());
  std::uint64_t never = 0;
  while (given.count(never)) ++never;
  EXPECT_THROW(c.accept(0, never, 1), FaultError);  // handed to nobody yet
  try {
    c.accept(1, theirs[0], 5);
  } catch (const FaultError& e) {
    EXPECT_NE(std::string(e.what()).find("which it was not given"), std::string::npos);
  }
  EXPECT_EQ(c.results().size(), 1u) << "a refused report must not be counted";
}

TEST(coordinator, resumed_subproblems_are_not_handed_out_again) {
  const nq::CountSplit split(9, nq::CountEngine::backtrack);
  const std::vector<std::uint64_t> order = split.schedule();
  std::vector<nq::SubproblemCount> resumed;
  for (std::size_t i = 0; i < order.size(); i += 2) resumed.push_back({order[i], 1, 0});
  Coordinator c(split, resumed, 1);
  EXPECT_EQ(c.progress().subproblems_done, resumed.size());
  std::set<std::uint64_t> handed;
  while (!c.exhausted()) {
    for (std::uint64_t id : c.assign(0)) {
      EXPECT_TRUE(handed.insert(id).second);
      c.accept(0, id, 1);
    }
  }
  EXPECT_EQ(handed.size() + resumed.size(), split.size());
  for (const nq::SubproblemCount& r : resumed) EXPECT_EQ(handed.count(r.id), 0u);
  EXPECT_THROW(Coordinator(split, {{0, 1, 0}, {0, 1, 0}}, 1), std::invalid_argument);
}

// The worker threads of a rank count what they are fed, in batches, and end after close().
TEST(local_workers, count_the_batches_they_are_given) {
  for (unsigned threads : {1u, 3u}) {
    const nq::CountSplit split(12, nq::CountEngine::halves, 1);
    nqmpi::LocalWorkers local(split, threads);
    const std::vector<std::uint64_t> order = split.schedule();
    std::vector<nq::SubproblemCount> results;
    for (std::size_t i = 0; i < order.size(); i += 10) {
      local.push({order.begin() + i, order.begin() + std::min(order.size(), i + 10)});
      local.wait(std::chrono::milliseconds(1));
      for (const nq::SubproblemCount& s : local.take_results()) results.push_back(s);
    }
    local.close();
    while (!local.ended()) local.wait(std::chrono::milliseconds(10));
    for (const nq::SubproblemCount& s : local.take_results()) results.push_back(s);
    const nq::CountResult r = split.tally(results);
    EXPECT_EQ(r.total, 14200u);
    EXPECT_EQ(r.unique, 1787u);
    const nqmpi::LocalWorkers::Stats stats = local.stats();
    EXPECT_EQ(stats.counted, split.size());
    EXPECT_GT(stats.busy_seconds, 0);
    EXPECT_EQ(local.queued(), 0u);
  }
}

TEST(local_workers, stop_part_way_when_destroyed) {
  const nq::CountSplit split(14, nq::CountEngine::backtrack);
  auto local = std::make_unique<nqmpi::LocalWorkers>(split, 2);
  local->push(split.schedule());
  local.reset();  // must not hang or count everything first
  SUCCEED();
}
