// SPDX-License-Identifier: MIT
// Ordered parallel enumeration. The search space is split into lexicographically ordered
// prefixes (the first rows placed); workers take prefixes in order and fill batches of
// solutions into a per-prefix queue; the calling thread drains the queues strictly in prefix
// order and hands each batch to the sink. Two bounds keep memory flat: a prefix's queue holds
// at most kMaxBufferedBatches batches (its worker waits for the consumer), and a worker does not
// start a prefix more than a small window ahead of the one being consumed.
//
// For --unique the prefixes are those of the mirror split (first queen in the left half, and for
// odd n a middle first queen followed by a left-half second one): a canonical solution can never
// be larger than its left-right mirror image, so no representative is lost.
#include "nqueens/enumerate.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "count/subproblems.hpp"
#include "enumerate/canonical_check.hpp"
#include "first_error.hpp"

namespace nq {

namespace {

struct Batch {
  std::vector<std::uint8_t> columns;
  std::vector<std::uint8_t> stabilizers;
  std::size_t count = 0;
};

struct PrefixQueue {
  std::deque<Batch> batches;
  bool done = false;
};

// State shared by the workers and the consumer; everything below `mutex` is guarded by it.
struct Stream {
  explicit Stream(const EnumerateOptions& o) : options(o) {}
  const EnumerateOptions& options;
  std::vector<detail::Subproblem> prefixes;
  std::size_t window = 0;  // how far ahead of the consumer a worker may start a prefix

  std::mutex mutex;
  std::condition_variable changed;
  std::vector<PrefixQueue> queues;
  std::size_t next_prefix = 0;
  std::size_t head = 0;  // the prefix being consumed
  bool stopping = false;
  bool failed = false;  // a worker threw (errors holds it): the consumer stops waiting
  std::uint64_t nodes = 0;
  detail::FirstError errors{[this] {
    std::lock_guard lock(mutex);
    failed = stopping = true;
    changed.notify_all();
  }};

  bool should_stop() {
    std::lock_guard lock(mutex);
    return stopping || options.stop.stop_requested();
  }
};

// Completes one prefix by bitmask backtracking, filling batches and handing full ones over.
class PrefixSearch {
 public:
  PrefixSearch(Stream& stream, std::size_t index) : stream_(stream), index_(index) {
    const detail::Subproblem& p = stream.prefixes[index];
    n_ = stream.options.n;
    all_ = (1ull << n_) - 1;
    for (int r = 0; r < p.rows; ++r) place(r, p.prefix[r]);
    start_batch();
    if (stream.options.unique) {
      search<true>(p.rows, p.cols, p.diag & all_, p.anti);
    } else {
      search<false>(p.rows, p.cols, p.diag & all_, p.anti);
    }
    if (!stopped_) flush();
  }
  std::uint64_t nodes() const { return nodes_; }

 private:
  void place(int row, int column) {
    col_[row] = static_cast<std::uint8_t>(column);
    inv_[column] = static_cast<std::uint8_t>(row);
  }

  // The inverse permutation is kept only when --unique needs it for the canonical check.
  template <bool Unique>
  void search(int row, std::uint64_t cols, std::uint64_t diag, std::uint64_t anti) {
    if (row == n_) {
      emit<Unique>();
      return;
    }
    for (std::uint64_t free = all_ & ~(cols | diag | anti); free != 0 && !stopped_;
         free &= free - 1) {
      const std::uint64_t bit = free & -free;
      if ((++nodes_ & 0xFFFFF) == 0 && stream_.should_stop()) stopped_ = true;
      col_[row] = static_cast<std::uint8_t>(__builtin_ctzll(bit));
      if constexpr (Unique) inv_[col_[row]] = static_cast<std::uint8_t>(row);
      search<Unique>(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1);
    }
  }

  template <bool Unique>
  void emit() {
    std::uint8_t stabilizer = 1;
    if constexpr (Unique) {
      if (!detail::is_canonical(col_, inv_, n_, stabilizer)) return;
      batch_.stabilizers[batch_.count] = stabilizer;
    }
    std::memcpy(batch_.columns.data() + batch_.count * static_cast<std::size_t>(n_), col_,
                static_cast<std::size_t>(n_));
    if (++batch_.count == stream_.options.batch_solutions) {
      flush();
      start_batch();
    }
  }

  // Batches are sized once and trimmed when handed over, so the leaf is a plain memcpy.
  void start_batch() {
    batch_ = Batch{};
    batch_.columns.resize(stream_.options.batch_solutions * static_cast<std::size_t>(n_));
    if (stream_.options.unique) batch_.stabilizers.resize(stream_.options.batch_solutions);
  }

  // Hands the batch to the consumer, waiting while this prefix already has a full queue.
  void flush() {
    if (batch_.count == 0) return;
    batch_.columns.resize(batch_.count * static_cast<std::size_t>(n_));
    if (stream_.options.unique) batch_.stabilizers.resize(batch_.count);
    std::unique_lock lock(stream_.mutex);
    stream_.changed.wait(lock, [&] {
      return stream_.stopping || stream_.queues[index_].batches.size() < kMaxBufferedBatches;
    });
    if (stream_.stopping) {
      stopped_ = true;
      return;
    }
    stream_.queues[index_].batches.push_back(std::move(batch_));
    stream_.changed.notify_all();
  }

  Stream& stream_;
  std::size_t index_;
  int n_ = 0;
  std::uint64_t all_ = 0;
  std::uint8_t col_[kMaxEnumerateN] = {};
  std::uint8_t inv_[kMaxEnumerateN] = {};
  Batch batch_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

void run_worker(Stream& stream) {
  for (;;) {
    std::size_t index = 0;
    {
      std::unique_lock lock(stream.mutex);
      if (stream.stopping || stream.next_prefix == stream.prefixes.size()) return;
      index = stream.next_prefix++;
      stream.changed.wait(lock,
                          [&] { return stream.stopping || index < stream.head + stream.window; });
      if (stream.stopping) return;
    }
    const PrefixSearch search(stream, index);
    std::lock_guard lock(stream.mutex);
    stream.nodes += search.nodes();
    stream.queues[index].done = true;
    stream.changed.notify_all();
  }
}

// The consumer: delivers batches in prefix order until the end, a false from the sink, or a
// stop request. Returns the number of solutions delivered.
std::uint64_t drain(Stream& stream, const SolutionSink& sink) {
  std::uint64_t delivered = 0;
  while (stream.head < stream.prefixes.size()) {
    Batch batch;
    {
      std::unique_lock lock(stream.mutex);
      const auto ready = [&] {
        const PrefixQueue& q = stream.queues[stream.head];
        return !q.batches.empty() || q.done;
      };
      while (!ready()) {
        if (stream.options.stop.stop_requested() || stream.failed) return delivered;
        stream.changed.wait_for(lock, std::chrono::milliseconds(50));
      }
      PrefixQueue& q = stream.queues[stream.head];
      if (q.batches.empty()) {  // done and drained: on to the next prefix
        ++stream.head;
        stream.changed.notify_all();
        continue;
      }
      batch = std::move(q.batches.front());
      q.batches.pop_front();
      stream.changed.notify_all();
    }
    const SolutionBatch view{stream.options.n, batch.count, batch.columns, batch.stabilizers};
    if (stream.options.stop.stop_requested()) return delivered;  // (not handed over: not counted)
    delivered += batch.count;
    if (!sink(view)) return delivered;
  }
  return delivered;
}

int split_depth(int n) { return n <= 8 ? 2 : n <= 14 ? 3 : 4; }

}  // namespace

EnumerateResult enumerate(const EnumerateOptions& options, const SolutionSink& sink) {
  if (options.n < 1 || options.n > kMaxEnumerateN) {
    throw std::invalid_argument("enumerate: n must be between 1 and " +
                                std::to_string(kMaxEnumerateN));
  }
  if (options.batch_solutions == 0) throw std::invalid_argument("enumerate: empty batches");
  const auto start = std::chrono::steady_clock::now();
  Stream stream{options};
  std::uint64_t split_nodes = 0;
  stream.prefixes = detail::split_by_prefix(
      options.n, split_depth(options.n), options.unique ? detail::Mirror::on : detail::Mirror::off,
      split_nodes);
  stream.queues.resize(stream.prefixes.size());
  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  stream.window = 2 * static_cast<std::size_t>(threads);

  EnumerateResult result;
  std::exception_ptr sink_error;  // a throwing sink must still release the workers
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&stream] { stream.errors.run([&] { run_worker(stream); }); });
    }
    try {
      result.solutions = drain(stream, sink);
    } catch (...) {
      sink_error = std::current_exception();
    }
    std::lock_guard lock(stream.mutex);
    result.complete = stream.head == stream.prefixes.size();
    stream.stopping = true;  // releases workers still waiting when the consumer stopped early
    stream.changed.notify_all();
  }
  stream.errors.rethrow();  // a worker's exception (bad_alloc), after all have been joined
  if (sink_error) std::rethrow_exception(sink_error);
  result.nodes = stream.nodes + split_nodes;
  result.prefixes = stream.prefixes.size();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nq
