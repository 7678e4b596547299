// SPDX-License-Identifier: MIT
// count(): build the chosen engine's list of subproblems, let worker threads take them from a
// shared counter, largest estimated cost first (many small tasks, and the big ones early, balance
// two cores far better than one task per first-row column), then add the weighted counts with
// overflow checks and derive the unique count by Burnside.
#include "nqueens/count.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "count/engine.hpp"

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
    throw std::runtime_error(
        "count: the total is inconsistent with the symmetric counts (P = " + std::to_string(p) +
        ", R = " + std::to_string(q) + "); a resumed result must be wrong");
  }
  r.classes_of_size[1] = q / 2;
  r.classes_of_size[2] = (p - q) / 4;
  r.classes_of_size[3] = (t - p) / 8;
  r.unique = r.classes_of_size[1] + r.classes_of_size[2] + r.classes_of_size[3];
}

}  // namespace

CountEngine resolve_engine(CountEngine engine, int n) {
  if (engine != CountEngine::automatic) return engine;
  return n >= 12 && n <= kMaxHalvesN ? CountEngine::halves : CountEngine::backtrack;
}

const char* engine_name(CountEngine engine) {
  switch (engine) {
    case CountEngine::backtrack: return "backtrack";
    case CountEngine::halves: return "halves";
    default: return "auto";
  }
}

std::optional<CountEngine> engine_from_name(std::string_view name) {
  for (CountEngine e : {CountEngine::automatic, CountEngine::backtrack, CountEngine::halves}) {
    if (name == engine_name(e)) return e;
  }
  return std::nullopt;
}

CountResult count(const CountOptions& options) {
  const int n = options.n;
  if (n < 1 || n > kMaxCountN) {
    throw std::invalid_argument("count: n must be between 1 and " + std::to_string(kMaxCountN));
  }
  const CountEngine which = resolve_engine(options.engine, n);
  if (which == CountEngine::halves && (n < 4 || n > kMaxHalvesN)) {
    throw std::invalid_argument("count: the halves engine needs n between 4 and " +
                                std::to_string(kMaxHalvesN));
  }
  const auto start = std::chrono::steady_clock::now();
  CountResult result;
  result.n = n;
  result.engine = which;

  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const std::unique_ptr<detail::Engine> engine = which == CountEngine::halves
                                                     ? detail::make_halves_engine(n, threads)
                                                     : detail::make_backtrack_engine(n);
  const std::size_t size = engine->size();
  result.subproblems = size;
  result.memory_bytes = engine->memory_bytes();

  std::vector<std::uint64_t> counts(size, 0);
  std::vector<char> done(size, 0);
  CountProgress progress{0, size, 0, 0};
  for (std::size_t id = 0; id < size; ++id) progress.work_total += engine->cost(id);
  if (options.resume_subproblems != 0 && options.resume_subproblems != size) {
    throw std::invalid_argument("count: the resumed results are for " +
                                std::to_string(options.resume_subproblems) +
                                " subproblems, but this search has " + std::to_string(size));
  }
  for (const SubproblemCount& r : options.resume) {
    if (r.id >= size) {
      throw std::invalid_argument("count: resumed subproblem " + std::to_string(r.id) +
                                  " does not exist (there are " + std::to_string(size) + ")");
    }
    if (done[r.id]) {
      throw std::invalid_argument("count: subproblem " + std::to_string(r.id) +
                                  " is resumed twice");
    }
    done[r.id] = 1;
    counts[r.id] = r.count;
    ++progress.subproblems_done;
    progress.work_done += engine->cost(r.id);
  }
  result.subproblems_resumed = progress.subproblems_done;

  std::vector<std::size_t> order;
  if (options.only.empty()) {
    for (std::size_t id = 0; id < size; ++id) {
      if (!done[id]) order.push_back(id);
    }
  } else {
    std::vector<char> chosen(size, 0);
    for (std::uint64_t id : options.only) {
      if (id >= size) {
        throw std::invalid_argument("count: subproblem " + std::to_string(id) +
                                    " does not exist (there are " + std::to_string(size) +
                                    ", numbered from 0)");
      }
      if (chosen[id]++) {
        throw std::invalid_argument("count: subproblem " + std::to_string(id) + " asked twice");
      }
      if (!done[id]) order.push_back(id);
    }
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return engine->cost(a) > engine->cost(b); });
  result.threads = worker_count(threads, order.size());

  if (options.on_start) options.on_start(size);
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> nodes{0};
  std::mutex report_mutex;
  auto work = [&] {
    const std::unique_ptr<detail::Worker> worker = engine->worker();
    std::uint64_t my_nodes = 0;
    for (std::size_t i; !options.stop.stop_requested() && (i = next++) < order.size();) {
      const std::size_t id = order[i];
      const std::uint64_t c = worker->run(id, my_nodes);
      std::lock_guard lock(report_mutex);
      counts[id] = c;
      done[id] = 1;
      ++progress.subproblems_done;
      progress.work_done += engine->cost(id);
      if (options.on_done) options.on_done({id, c, engine->weight(id)});
      if (options.on_progress) options.on_progress(progress);
    }
    nodes += my_nodes;
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < result.threads; ++t) workers.emplace_back(work);
    work();
  }

  for (std::size_t id = 0; id < size; ++id) {
    if (!done[id]) continue;
    result.total = checked_add(result.total, checked_mul(counts[id], engine->weight(id)));
    ++result.subproblems_done;
    if (options.collect) result.results.push_back({id, counts[id], engine->weight(id)});
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
