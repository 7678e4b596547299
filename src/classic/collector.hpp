// SPDX-License-Identifier: MIT
// What every classic method shares: the counters, the bookkeeping of solutions for the three
// modes, the stop token, and the one safety test of the textbooks (is the queen about to go in
// row `row`, column `col` attacked by a queen in an earlier row?), counting its comparisons.
#pragma once

#include <cstdlib>
#include <vector>

#include "nqueens/classic.hpp"

namespace nq::classic::detail {

// Watches a method that fills the rows in order (recursive, iterative, nested, bitmask): every
// square it tries, whether the queen could stay there (attacker_row < 0) or which earlier queen
// attacks it, and every solution. Used by nq::trace.
class Observer {
 public:
  virtual ~Observer() = default;
  virtual void tried(const std::vector<int>& col, int row, int column, int attacker_row) = 0;
  virtual void solution(const std::vector<int>& col) = 0;
  virtual bool done() const = 0;  // the observer wants the method to stop
};

class Collector {
 public:
  explicit Collector(const Options& options, Observer* observer = nullptr)
      : options_(options), observer_(observer) {}
  Observer* observer() const { return observer_; }

  int n() const { return options_.n; }
  Counters& counters() { return result_.counters; }

  // Records a solution; true when the method should stop (first found, or stop requested).
  bool found(const std::vector<int>& col) {
    ++result_.count;
    if (observer_) observer_->solution(col);
    if (options_.mode != Mode::count) {
      result_.solutions.emplace_back(std::vector<Column>(col.begin(), col.end()));
    }
    return options_.mode == Mode::first || should_stop();
  }

  // Polled now and then by the methods; cheap.
  bool should_stop() {
    if ((++polls_ & 0x3FF) == 0 && options_.stop.stop_requested()) stopped_ = true;
    if (observer_ && observer_->done()) stopped_ = true;
    return stopped_;
  }

  // Is (row, col) attacked by one of the queens in rows 0..row-1?
  bool safe(const std::vector<int>& placed, int row, int col) {
    for (int r = 0; r < row; ++r) {
      ++result_.counters.checks;
      const int c = placed[static_cast<std::size_t>(r)];
      if (c == col || std::abs(c - col) == row - r) {
        if (observer_) observer_->tried(placed, row, col, r);
        return false;
      }
    }
    if (observer_) observer_->tried(placed, row, col, -1);
    return true;
  }

  Result finish() {
    result_.complete = !stopped_;
    return std::move(result_);
  }

 private:
  const Options& options_;
  Observer* observer_;
  Result result_;
  std::uint64_t polls_ = 0;
  bool stopped_ = false;
};

// The methods, one per file. Those that fill the rows in order take an observer.
Result blind(const Options& options);
Result nested(const Options& options, Observer* observer = nullptr);
Result iterative(const Options& options, Observer* observer = nullptr);
Result recursive(const Options& options, Observer* observer = nullptr);
Result board_scan(const Options& options);
Result permutations(const Options& options);
Result amb(const Options& options);
Result functional(const Options& options);
Result bitmask(const Options& options, Observer* observer = nullptr);

}  // namespace nq::classic::detail
