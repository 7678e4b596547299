// SPDX-License-Identifier: MIT
// count(): split the search into prefix subproblems, let worker threads take them from a shared
// counter (many small tasks balance two cores far better than one task per first-row column),
// then add the weighted counts with overflow checks and derive the unique count by Burnside.
#include "nqueens/count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "count/subproblems.hpp"

namespace nq {

namespace {

std::uint64_t checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) throw std::overflow_error("count: total exceeds 2^64");
  return sum;
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product))
    throw std::overflow_error("count: total exceeds 2^64");
  return product;
}

// Deep enough for at least a few hundred subproblems per thread at the sizes where time matters.
int split_depth(int n) { return n >= 18 ? 4 : 3; }

unsigned worker_count(unsigned requested, std::size_t tasks) {
  unsigned threads = requested ? requested : std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(tasks, 1)));
}

// Burnside over D4: the identity fixes all T solutions, the half turn P, each quarter turn R,
// and no reflection fixes a solution when n > 1. So classes = (T + P + 2R) / 8, and the class
// sizes follow: R/2 classes of 2, (P - R)/4 classes of 4, (T - P)/8 classes of 8.
void add_class_counts(CountResult& r) {
  if (r.n == 1) {
    r.unique = 1;
    r.classes_of_size[0] = 1;
    return;
  }
  const std::uint64_t t = r.total, p = r.symmetric180, q = r.symmetric90;
  if (p > t || q > p || (t - p) % 8 != 0 || (p - q) % 4 != 0 || q % 2 != 0) {
    throw std::logic_error("count: symmetric counts are inconsistent with the total");
  }
  r.classes_of_size[1] = q / 2;
  r.classes_of_size[2] = (p - q) / 4;
  r.classes_of_size[3] = (t - p) / 8;
  r.unique = r.classes_of_size[1] + r.classes_of_size[2] + r.classes_of_size[3];
}

}  // namespace

CountResult count(const CountOptions& options) {
  const int n = options.n;
  if (n < 1 || n > kMaxCountN) {
    throw std::invalid_argument("count: n must be between 1 and " + std::to_string(kMaxCountN));
  }
  const auto start = std::chrono::steady_clock::now();
  CountResult result;
  result.n = n;

  std::uint64_t split_nodes = 0;
  const std::vector<detail::Subproblem> tasks =
      detail::split_by_prefix(n, split_depth(n), detail::Mirror::on, split_nodes);
  result.subproblems = tasks.size();
  result.threads = worker_count(options.threads, tasks.size());

  std::vector<std::uint64_t> counts(tasks.size(), 0);
  std::vector<char> done(tasks.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> finished{0};
  std::atomic<std::uint64_t> nodes{split_nodes};
  std::mutex progress_mutex;

  auto work = [&] {
    std::uint64_t my_nodes = 0;
    for (std::size_t i; !options.stop.stop_requested() && (i = next++) < tasks.size();) {
      counts[i] = detail::complete_subproblem(n, tasks[i], my_nodes);
      done[i] = 1;
      const std::uint64_t so_far = ++finished;
      if (options.on_progress) {
        std::lock_guard lock(progress_mutex);
        options.on_progress({so_far, tasks.size()});
      }
    }
    nodes += my_nodes;
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < result.threads; ++t) workers.emplace_back(work);
    work();
  }

  for (std::size_t i = 0; i < tasks.size(); ++i) {
    if (!done[i]) continue;
    result.total = checked_add(result.total, checked_mul(counts[i], tasks[i].weight));
    ++result.subproblems_done;
  }
  result.nodes = nodes;
  result.complete = result.subproblems_done == result.subproblems;
  if (result.complete) {
    const SymmetricCounts symmetric = count_symmetric(n);
    result.symmetric180 = symmetric.half_turn;
    result.symmetric90 = symmetric.quarter_turn;
    result.nodes += symmetric.nodes;
    add_class_counts(result);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nq
