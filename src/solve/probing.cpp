// SPDX-License-Identifier: MIT
// Lexicographically first solution by probing. Row by row, the answer is the leftmost column
// after which the board can still be completed. Every completion found is kept: it extends the
// rows fixed so far, so its own column in the next row is known to work and only the free
// columns left of it need probing. A probe is an existence search (existence_search.hpp).
//
// With several threads, the probes of one row run side by side, leftmost first; a completion
// for column c cancels every probe right of c, and the row is settled once every column left of
// the leftmost completed one is refuted. A thread with no column left to start runs restarts of
// the random search on the leftmost column still open, which finds completions that the
// exhaustive order would reach late. Whatever the timing, the answer is the same.
#include "solve/probing.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "solve/existence_search.hpp"
#include "solve/residual.hpp"
#include "split_mix.hpp"

namespace nq::detail {

namespace {

struct Candidate {
  int col = 0;
  enum class State { waiting, running, refuted, completed } state = State::waiting;
  std::atomic<bool> cancel{false};  // set once the column no longer matters
  std::vector<int> completion;
};

// The probes of one row, shared by the threads under `mutex`.
class RowJob {
 public:
  RowJob(const Residual& board, int row, std::uint64_t candidates, std::stop_token stop)
      : board_(board), row_(row), stop_(std::move(stop)) {
    for (std::uint64_t m = candidates; m != 0; m &= m - 1) {
      auto c = std::make_unique<Candidate>();
      c->col = std::countr_zero(m);
      candidates_.push_back(std::move(c));
    }
  }

  void work(unsigned thread) {
    SplitMix64 rng(0x51ed2701u + 7919u * static_cast<unsigned>(row_) + 104729u * thread);
    std::unique_lock lock(mutex_);
    for (;;) {
      if (settled() || stop_.stop_requested()) return;
      Candidate* c = next_waiting();
      const bool random = c == nullptr;
      if (random) c = leftmost_running();
      if (c == nullptr) {  // everything left is being searched: wait for news
        changed_.wait(lock);
        continue;
      }
      if (!random) c->state = Candidate::State::running;
      const std::uint64_t budget = random ? next_budget() : ~std::uint64_t{0};
      lock.unlock();
      ExistenceSearch search(stop_, c->cancel, budget, random ? &rng : nullptr);
      Residual probe = board_;
      const bool placed = probe.place(row_, c->col);
      const auto outcome = placed ? search.run(probe) : ExistenceSearch::Outcome::refuted;
      lock.lock();
      nodes_ += search.nodes();
      record(*c, outcome, search);
      changed_.notify_all();
    }
  }

  bool settled() const {  // every column is refuted, or the leftmost open one completed
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return true;
      if (c->state != Candidate::State::refuted) return false;
    }
    return true;
  }

  // After settled(): the completion of the chosen column, or nullptr when all were refuted.
  const Candidate* answer() const {
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return c.get();
    }
    return nullptr;
  }

  std::uint64_t nodes() const { return nodes_; }

 private:
  Candidate* next_waiting() {
    for (auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return nullptr;
      if (c->state == Candidate::State::waiting) return c.get();
    }
    return nullptr;
  }

  Candidate* leftmost_running() {
    for (auto& c : candidates_) {
      if (c->state == Candidate::State::running) return c.get();
      if (c->state != Candidate::State::refuted) return nullptr;
    }
    return nullptr;
  }

  std::uint64_t next_budget() {
    const std::uint64_t budget = random_budget_;
    random_budget_ += random_budget_ / 2;
    return budget;
  }

  // A refutation settles the column whether it came from the exhaustive search or from a
  // random run that ended within its budget (it, too, searched everything).
  void record(Candidate& c, ExistenceSearch::Outcome outcome, const ExistenceSearch& search) {
    if (outcome == ExistenceSearch::Outcome::completed && c.state != Candidate::State::completed) {
      c.state = Candidate::State::completed;
      c.completion = search.completion();
      c.cancel = true;
      for (auto& other : candidates_) {
        if (other->col > c.col) other->cancel = true;
      }
    } else if (outcome == ExistenceSearch::Outcome::refuted &&
               c.state == Candidate::State::running) {
      c.state = Candidate::State::refuted;
      c.cancel = true;
    }
  }

  const Residual& board_;
  int row_;
  std::stop_token stop_;
  std::vector<std::unique_ptr<Candidate>> candidates_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t nodes_ = 0;
  std::uint64_t random_budget_ = 2048;
};

}  // namespace

SolveResult solve_first_by_probing(const SolveOptions& options) {
  const int n = options.n;
  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  Residual board = Residual::empty(n);
  std::optional<std::vector<int>> known;  // a completion of the rows fixed so far
  std::vector<Column> col(static_cast<std::size_t>(n));
  SolveResult result;
  for (int row = 0; row < n; ++row) {
    std::uint64_t candidates = board.row_free[row];
    int fallback = -1;
    if (known) {
      fallback = (*known)[static_cast<std::size_t>(row)];
      candidates &= (std::uint64_t{1} << fallback) - 1;
    }
    int chosen = fallback;
    if (candidates != 0) {
      RowJob job(board, row, candidates, options.stop);
      const unsigned workers = std::min<unsigned>(threads, std::popcount(candidates) + 1);
      {
        std::vector<std::jthread> pool;
        for (unsigned t = 1; t < workers; ++t) pool.emplace_back([&job, t] { job.work(t); });
        job.work(0);
      }
      result.nodes += job.nodes();
      if (!job.settled()) return result;  // stopped: complete == false
      if (const Candidate* c = job.answer()) {
        chosen = c->col;
        known = c->completion;
      }
    }
    if (chosen < 0) {  // only in row 0: n = 2 or 3
      result.complete = true;
      return result;
    }
    col[static_cast<std::size_t>(row)] = static_cast<Column>(chosen);
    board.place(row, chosen);
  }
  result.complete = true;
  result.solution = Placement(std::move(col));
  return result;
}

}  // namespace nq::detail
