// SPDX-License-Identifier: MIT
// The completion search: bitsets of rows, columns and both diagonals (one diagonal family kept
// twice, mirrored, so that the squares a row or a column has left are shifts and masks of whole
// words), blocked squares listed per row and per column, and branching on the free row or column
// with the fewest squares left.
#include "nqueens/complete.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <vector>

#include "split_mix.hpp"

namespace nq {

namespace {

using u64 = std::uint64_t;
using Words = std::vector<u64>;

bool test(const Words& w, std::size_t i) { return w[i / 64] >> (i % 64) & 1; }
void set(Words& w, std::size_t i) { w[i / 64] |= u64{1} << (i % 64); }
void reset(Words& w, std::size_t i) { w[i / 64] &= ~(u64{1} << (i % 64)); }

// Word i of (x >> shift), reading zeros past the end.
u64 shifted_word(const Words& x, std::size_t i, std::size_t shift) {
  const std::size_t at = i + shift / 64, bits = shift % 64;
  const u64 lo = at < x.size() ? x[at] : 0;
  if (bits == 0) return lo;
  const u64 hi = at + 1 < x.size() ? x[at + 1] : 0;
  return lo >> bits | hi << (64 - bits);
}

class Search {
 public:
  Search(const CompletionInstance& in, const CompleteOptions& options)
      : n_(in.n), words_((in.n + 63) / 64), options_(options) {
    const std::size_t diagonals = 2 * std::size_t{n_} - 1;
    rows_.assign(words_, 0);
    cols_.assign(words_, 0);
    d1_.assign((diagonals + 63) / 64, 0);
    d2_.assign(d1_.size(), 0);
    up_.assign(d1_.size(), 0);
    last_mask_ = n_ % 64 ? (u64{1} << (n_ % 64)) - 1 : ~u64{0};
    blocked_in_row_.resize(n_);
    blocked_in_col_.resize(n_);
    for (const Square& s : in.blocked) {
      blocked_in_row_[s.row].push_back(s.col);
      blocked_in_col_[s.col].push_back(s.row);
    }
    col_of_row_.assign(n_, 0);
    for (const Square& q : in.queens) place(q.row, q.col);
    scratch_.resize(n_ + 1, Words(words_));
    probe_.resize(n_ + 1, Words(words_));
    order_.resize(n_ + 1);
  }

  // Looking for one completion, the search restarts with a fresh random order of the squares
  // in each line whenever it has placed a budget of queens, the budget doubling each time
  // (randomisation and restarts cut the heavy tail of backtracking times; Gomes, Selman and
  // Kautz, 1998). The tree below every node is the same whatever the order, so the last, long
  // enough run is an exhaustive search and "no completion" is still a proof; the restarts cost at
  // most as much again. Counting and listing search once, in order.
  CompleteResult run() {
    const bool restarts = options_.limit == 1 && !options_.on_solution;
    shuffle_ = restarts;
    const std::uint64_t first = options_.restart_budget;
    for (std::uint64_t budget = first ? first : 16 * std::uint64_t{n_} + 1024;; budget *= 2) {
      budget_ = restarts ? budget : 0;
      spent_ = 0;
      out_of_budget_ = false;
      search(0);
      if (!out_of_budget_ || stopped_) break;
      ++result_.restarts;
    }
    result_.complete = !stopped_;
    return result_;
  }

 private:
  void place(std::uint32_t r, std::uint32_t c) {
    set(rows_, r);
    set(cols_, c);
    set(d1_, r + c);
    set(d2_, r - c + n_ - 1);
    set(up_, c - r + n_ - 1);
    col_of_row_[r] = c;
    ++placed_;
  }
  void remove(std::uint32_t r, std::uint32_t c) {
    reset(rows_, r);
    reset(cols_, c);
    reset(d1_, r + c);
    reset(d2_, r - c + n_ - 1);
    reset(up_, c - r + n_ - 1);
    --placed_;
  }

  // The free squares of a line into `out` (as a bitset across it), and their number: the line's
  // own positions not used by the crossing lines, minus the two diagonals (each a shifted view
  // of a diagonal bitset) and the blocked squares.
  std::size_t line_squares(const Words& crossing, const Words& diag_a, std::size_t shift_a,
                           const Words& diag_b, std::size_t shift_b,
                           const std::vector<std::uint32_t>& blocked, Words& out) const {
    for (std::size_t i = 0; i < words_; ++i) {
      u64 w = ~(crossing[i] | shifted_word(diag_a, i, shift_a) | shifted_word(diag_b, i, shift_b));
      if (i + 1 == words_) w &= last_mask_;
      out[i] = w;
    }
    for (std::uint32_t at : blocked) reset(out, at);
    std::size_t count = 0;
    for (u64 w : out) count += static_cast<std::size_t>(std::popcount(w));
    return count;
  }
  // Row r as columns: r + c and c - r + n - 1 index its diagonals.
  std::size_t row_squares(std::uint32_t r, Words& out) const {
    return line_squares(cols_, d1_, r, up_, n_ - 1 - r, blocked_in_row_[r], out);
  }
  // Column c as rows: r + c and r - c + n - 1.
  std::size_t col_squares(std::uint32_t c, Words& out) const {
    return line_squares(rows_, d1_, c, d2_, n_ - 1 - c, blocked_in_col_[c], out);
  }

  // Returns false when the search must end (stopped, or enough completions).
  bool search(std::size_t depth) {
    if (placed_ == n_) return found();
    if (options_.stop.stop_requested()) {
      stopped_ = true;
      return false;
    }
    // The free row or column with the fewest squares left; rows first on ties.
    Words& best = scratch_[depth];
    Words& probe = probe_[depth];
    std::size_t best_count = SIZE_MAX;
    bool best_is_row = true;
    std::uint32_t best_line = 0;
    for (std::uint32_t r = 0; r < n_ && best_count > 0; ++r) {
      if (test(rows_, r)) continue;
      const std::size_t k = row_squares(r, probe);
      if (k < best_count) best_count = k, best_is_row = true, best_line = r, best.swap(probe);
    }
    for (std::uint32_t c = 0; c < n_ && best_count > 1; ++c) {
      if (test(cols_, c)) continue;
      const std::size_t k = col_squares(c, probe);
      if (k < best_count) best_count = k, best_is_row = false, best_line = c, best.swap(probe);
    }
    if (best_count == 0) return true;  // a dead end
    std::vector<std::uint32_t>& order = order_[depth];
    order.clear();
    for (std::size_t i = 0; i < words_; ++i) {
      for (u64 w = best[i]; w; w &= w - 1) {
        order.push_back(static_cast<std::uint32_t>(i * 64 + std::countr_zero(w)));
      }
    }
    if (shuffle_) {  // Fisher-Yates with the run's own generator
      for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[rng_.exactly_below(i)]);
    }
    for (const std::uint32_t other : order) {
      const std::uint32_t r = best_is_row ? best_line : other;
      const std::uint32_t c = best_is_row ? other : best_line;
      place(r, c);
      ++result_.nodes;
      if (budget_ && ++spent_ > budget_) {
        out_of_budget_ = true;
        remove(r, c);
        return false;
      }
      const bool go_on = search(depth + 1);
      remove(r, c);
      if (!go_on) return false;
    }
    return true;
  }

  bool found() {
    ++result_.count;
    if (!result_.solution || options_.on_solution) {
      Placement p(std::vector<Column>(col_of_row_.begin(), col_of_row_.end()));
      if (options_.on_solution && !options_.on_solution(p)) {
        if (!result_.solution) result_.solution = std::move(p);
        stopped_ = true;
        return false;
      }
      if (!result_.solution) result_.solution = std::move(p);
    }
    if (options_.limit != 0 && result_.count >= options_.limit) return false;
    return true;
  }

  std::uint32_t n_;
  std::size_t words_;
  const CompleteOptions& options_;
  Words rows_, cols_, d1_, d2_, up_;
  u64 last_mask_ = 0;
  std::vector<std::vector<std::uint32_t>> blocked_in_row_, blocked_in_col_;
  std::vector<std::uint32_t> col_of_row_;
  std::uint32_t placed_ = 0;
  std::vector<Words> scratch_, probe_;  // per depth: the squares of the chosen line, and a probe
  std::vector<std::vector<std::uint32_t>> order_;  // per depth: those squares, in search order
  bool shuffle_ = false;
  std::uint64_t budget_ = 0, spent_ = 0;  // queens this run may place (0: no limit), and has
  bool out_of_budget_ = false;
  detail::SplitMix64 rng_{0x6e71756565ull};
  CompleteResult result_;
  bool stopped_ = false;
};

}  // namespace

std::optional<std::string> instance_error(const CompletionInstance& in) {
  const auto name = [](const Square& s) {
    std::string text = "(";
    text += std::to_string(s.row + 1);
    text += ", ";
    text += std::to_string(s.col + 1);
    text += ")";
    return text;
  };
  if (in.n == 0 || in.n > kMaxCompleteN) {
    return "n must be between 1 and " + std::to_string(kMaxCompleteN);
  }
  for (const std::vector<Square>* list : {&in.queens, &in.blocked}) {
    for (const Square& s : *list) {
      if (s.row >= in.n || s.col >= in.n) return "square " + name(s) + " is off the board";
    }
  }
  std::vector<Square> all = in.queens;
  all.insert(all.end(), in.blocked.begin(), in.blocked.end());
  std::sort(all.begin(), all.end());
  for (std::size_t i = 1; i < all.size(); ++i) {
    if (all[i] == all[i - 1]) return "square " + name(all[i]) + " is given twice";
  }
  // Two given queens attack each other if they share a row, column or diagonal.
  for (int line = 0; line < 4; ++line) {
    std::vector<std::pair<std::int64_t, Square>> keys;
    for (const Square& q : in.queens) {
      const std::int64_t r = q.row, c = q.col;
      const std::int64_t key = line == 0 ? r : line == 1 ? c : line == 2 ? r + c : r - c;
      keys.push_back({key, q});
    }
    std::sort(keys.begin(), keys.end());
    for (std::size_t i = 1; i < keys.size(); ++i) {
      if (keys[i].first == keys[i - 1].first) {
        return "the queens at " + name(keys[i - 1].second) + " and " + name(keys[i].second) +
               " attack each other";
      }
    }
  }
  return std::nullopt;
}

CompleteResult complete(const CompletionInstance& instance, const CompleteOptions& options) {
  if (const std::optional<std::string> error = instance_error(instance)) {
    throw std::invalid_argument("complete: " + *error);
  }
  return Search(instance, options).run();
}

}  // namespace nq
