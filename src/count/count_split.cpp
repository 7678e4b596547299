// SPDX-License-Identifier: MIT
// CountSplit: one engine's subproblems, a pool of worker threads that counts the ids it is fed,
// and the tally of finished counts (checked sums, Burnside for the unique count).
#include "nqueens/count_split.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "count/engine.hpp"
#include "first_error.hpp"

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

unsigned all_cores(unsigned threads) {
  return threads ? threads : std::max(1u, std::thread::hardware_concurrency());
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
    throw InconsistentCounts(
        "count: the total is inconsistent with the symmetric counts (P = " + std::to_string(p) +
        ", R = " + std::to_string(q) + "), so a finished count is wrong");
  }
  r.classes_of_size[1] = q / 2;
  r.classes_of_size[2] = (p - q) / 4;
  r.classes_of_size[3] = (t - p) / 8;
  r.unique = r.classes_of_size[1] + r.classes_of_size[2] + r.classes_of_size[3];
}

}  // namespace

CountSplit::CountSplit(int n, CountEngine engine, unsigned threads, std::uint64_t memory,
                       std::stop_token stop)
    : n_(n), engine_(resolve_engine(engine, n)) {
  if (n < 1 || n > kMaxCountN) {
    throw std::invalid_argument("count: n must be between 1 and " + std::to_string(kMaxCountN));
  }
  if (engine_ == CountEngine::halves && (n < 4 || n > kMaxHalvesN)) {
    throw std::invalid_argument("count: the halves engine needs n between 4 and " +
                                std::to_string(kMaxHalvesN));
  }
  impl_ = engine_ == CountEngine::halves
              ? detail::make_halves_engine(n, all_cores(threads), memory,
                                           detail::HalvesTables::choose, {}, stop)
              : detail::make_backtrack_engine(n);
}

CountSplit::~CountSplit() = default;
CountSplit::CountSplit(CountSplit&&) noexcept = default;
CountSplit& CountSplit::operator=(CountSplit&&) noexcept = default;

std::uint64_t CountSplit::size() const { return impl_->size(); }
std::uint32_t CountSplit::weight(std::uint64_t id) const { return impl_->weight(id); }
double CountSplit::cost(std::uint64_t id) const { return impl_->cost(id); }
std::uint64_t CountSplit::memory_bytes() const { return impl_->memory_bytes(); }
std::uint64_t CountSplit::memory_bytes(unsigned threads, std::uint64_t budget) const {
  return impl_->memory_bytes(threads, budget);
}

double CountSplit::total_cost() const {
  double sum = 0;
  for (std::size_t id = 0; id < impl_->size(); ++id) sum += impl_->cost(id);
  return sum;
}

std::vector<std::uint64_t> CountSplit::schedule() const {
  // One 64-bit key per id, sorted with the id (16 bytes a subproblem, as the memory plans count).
  // Strictly by cost: the cost's bits inverted (a positive double's bits order as it does).
  // Grouped: the band, cost = m 2^e with 0.5 <= m < 1, largest e first (6 bits); the locality key
  // (at most 32 bits); m, largest first (24 bits, exact for the halves engine's float costs).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> keyed(impl_->size());
  const bool grouped = impl_->grouped();
  for (std::size_t id = 0; id < keyed.size(); ++id) {
    const double cost = impl_->cost(id);
    std::uint64_t bits = 0;  // std::memcpy: Emscripten's libc++ has no std::bit_cast
    std::memcpy(&bits, &cost, sizeof bits);
    std::uint64_t key = ~bits;
    if (grouped) {
      int e = 0;
      const double m = std::frexp(cost, &e);
      const auto band = static_cast<std::uint64_t>(63 - std::clamp(e, 0, 63));
      const auto mantissa = static_cast<std::uint64_t>(std::ldexp(1 - m, 24));
      key = band << 57 | impl_->locality(id) << 24 | mantissa;
    }
    keyed[id] = {key, id};
  }
  std::sort(keyed.begin(), keyed.end());  // ties by id
  std::vector<std::uint64_t> ids(keyed.size());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = keyed[i].second;
  return ids;
}

CountSplit::RunStats CountSplit::run(unsigned threads,
                                     const std::function<std::optional<std::uint64_t>()>& next,
                                     const std::function<void(const SubproblemCount&)>& done,
                                     std::stop_token stop) const {
  return run_shares(
      threads,
      [&]() -> std::optional<Share> {
        const std::optional<std::uint64_t> id = next();
        if (!id) return std::nullopt;
        return Share{*id, 1, 0};
      },
      [&](const ShareCount& s) {
        done({s.id, s.count, impl_->weight(s.id)});
      },
      stop);
}

CountSplit::RunStats CountSplit::run_shares(unsigned threads,
                                            const std::function<std::optional<Share>()>& next,
                                            const std::function<void(const ShareCount&)>& done,
                                            std::stop_token stop) const {
  using Clock = std::chrono::steady_clock;
  const std::size_t size = impl_->size();
  RunStats stats;
  std::mutex report_mutex;
  std::stop_source failed;
  std::string bad_id;
  auto work = [&] {
    const std::unique_ptr<detail::Worker> worker = impl_->worker();
    worker->watch(stop);
    std::uint64_t nodes = 0, counted = 0;
    Clock::duration busy{};
    while (!stop.stop_requested() && !failed.stop_requested()) {
      const std::optional<Share> item = next();
      if (!item) break;
      if (item->id >= size) {
        std::lock_guard lock(report_mutex);
        bad_id = std::to_string(item->id);
        failed.request_stop();
        break;
      }
      if (item->after) {
        if (*item->after >= size) {
          std::lock_guard lock(report_mutex);
          bad_id = std::to_string(*item->after);
          failed.request_stop();
          break;
        }
        worker->prepare(*item->after);
      }
      bool sampled = false;
      if (!item->window) {
        sampled = worker->sample(item->share, item->seed);
      } else if (!worker->window(item->seed)) {
        worker->sample(1, item->seed);  // the whole subproblem
      }
      const auto start = Clock::now();
      const std::uint64_t c = worker->run(item->id, nodes);
      const double share = sampled ? worker->last_share() : 1;
      const auto took = Clock::now() - start;
      busy += took;
      if (worker->gave_up()) break;  // stopped inside the subproblem: not counted, not reported
      ++counted;
      const double seconds = std::chrono::duration<double>(took).count();
      const double projected = worker->whole_seconds();
      std::lock_guard lock(report_mutex);
      done({item->id, c, share, seconds,
            std::isnan(projected) || projected > 0 ? projected : seconds});
    }
    std::lock_guard lock(report_mutex);
    stats.nodes += nodes;
    stats.counted += counted;
    stats.busy_seconds += std::chrono::duration<double>(busy).count();
  };
  detail::FirstError errors([&failed] { failed.request_stop(); });
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < all_cores(threads); ++t) {
      workers.emplace_back([&] { errors.run(work); });
    }
    errors.run(work);
  }
  errors.rethrow();  // an allocation failure, a throwing on_done (a checkpoint that cannot save)
  if (!bad_id.empty()) {
    throw std::invalid_argument("count: subproblem " + bad_id + " does not exist (there are " +
                                std::to_string(size) + ")");
  }
  return stats;
}

CountResult CountSplit::tally(const std::vector<SubproblemCount>& results, bool collect) const {
  const std::size_t size = impl_->size();
  CountResult r;
  r.n = n_;
  r.engine = engine_;
  r.subproblems = size;
  r.memory_bytes = impl_->memory_bytes();
  std::vector<char> seen(size, 0);
  for (const SubproblemCount& s : results) {
    if (s.id >= size) {
      throw std::invalid_argument("count: subproblem " + std::to_string(s.id) +
                                  " does not exist (there are " + std::to_string(size) + ")");
    }
    if (seen[s.id]++) {
      throw std::invalid_argument("count: subproblem " + std::to_string(s.id) +
                                  " is counted twice");
    }
    r.total = checked_add(r.total, checked_mul(s.count, impl_->weight(s.id)));
  }
  r.subproblems_done = results.size();
  if (collect) {
    r.results.reserve(results.size());
    for (const SubproblemCount& s : results) r.results.push_back({s.id, s.count, weight(s.id)});
    std::sort(r.results.begin(), r.results.end(),
              [](const SubproblemCount& a, const SubproblemCount& b) { return a.id < b.id; });
  }
  r.complete = r.subproblems_done == size;
  if (r.complete) {
    const SymmetricCounts symmetric = count_symmetric(n_);
    r.symmetric180 = symmetric.half_turn;
    r.symmetric90 = symmetric.quarter_turn;
    r.nodes += symmetric.nodes;
    add_class_counts(r);
  }
  return r;
}

}  // namespace nq
