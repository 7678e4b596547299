// SPDX-License-Identifier: MIT
// The completion search: bitsets of rows, columns and both diagonals (one diagonal family kept
// twice, mirrored, so that the squares a row or a column has left are shifts and masks of whole
// words), blocked squares listed per row and per column, and branching on the free row or column
// with the fewest squares left. Looking for one completion of a board of at most 128 rows, the
// runs are the existence search's instead (residual_completion.hpp).
#include "nqueens/complete.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "complete/local_completion.hpp"
#include "complete/residual_completion.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/memory.hpp"
#include "search/diagonal_moments.hpp"
#include "search/existence_search.hpp"
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

// Words of the exhaustive search's line scans that take as long as one move of the local search,
// and the share of an exhaustive run's time a local-search turn gets, 1 / kLocalShare (see
// Search::run).
constexpr std::uint64_t kMoveWords = 32;
constexpr std::uint64_t kLocalShare = 4;

class Search {
 public:
  Search(const CompletionInstance& in, const CompleteOptions& options)
      : instance_(in), n_(in.n), words_((in.n + 63) / 64), options_(options) {
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
    // An excluded diagonal is marked as if a queen stood on it, and never unmarked.
    for (const Diagonal& d : in.excluded) {
      if (d.sum) {
        set(d1_, static_cast<std::size_t>(d.index));
      } else {
        set(d2_, static_cast<std::size_t>(d.index + static_cast<std::int64_t>(n_) - 1));
        set(up_, static_cast<std::size_t>(static_cast<std::int64_t>(n_) - 1 - d.index));
      }
    }
    for (const Square& q : in.queens) place(q.row, q.col);
    best_.assign(words_, 0);
    probe_.assign(words_, 0);
  }

  // Looking for one completion, the search restarts with a fresh random order of the squares
  // in each line whenever it has placed a budget of queens, the budget doubling each time
  // (randomisation and restarts cut the heavy tail of backtracking times; Gomes, Selman and
  // Kautz, 1998). The tree below every node is the same whatever the order, so the last, long
  // enough run is an exhaustive search and "no completion" is still a proof; the restarts cost at
  // most as much again. Counting and listing search once, in order.
  //
  // Before each run, the local search (local_completion.hpp) gets a turn with about a quarter of
  // the time that run may take: a queen placed looks at 2n lines of n / 64 + 1 words, about a
  // nanosecond a word, and a move tried takes about kMoveWords words' time (with one word a move
  // the turns took many times the exhaustive search's time: docs/journal/complete.md, "Local
  // search turns, and big boards"). On a large board with few queens given it finds a completion
  // in linear time where a single node of the exhaustive search costs O(n^2 / 64), within its
  // first turn; where the exhaustive search is the right tool (small, hard or unsatisfiable
  // instances) it adds about a quarter (equal shares nearly doubled the time). The turns are
  // fixed by the instance, not by the clock, so the answer is reproducible.
  //
  // Up to 64 rows the runs are the existence search's, whose nodes each cost some eight moves,
  // and the turns get half a move a node, a sixteenth of the time: there the existence search
  // finds completions as soon as the local search would, and a quarter's turns cost time for
  // nothing (docs/journal/complete.md, "The existence search up to 64 rows, and the Blocked
  // n-Queens transition").
  CompleteResult run() {
    const bool restarts = options_.limit == 1 && !options_.on_solution;
    shuffle_ = restarts;
    const std::uint64_t first = options_.restart_budget;
    // Up to 128 rows, whatever is asked, the board the given queens leave is checked first: a
    // line left without a free square, or diagonals that cannot have the sums and second moment
    // of a completion's (diagonal_moments.hpp), and there is none.
    if (detail::fits_residual(instance_)) {
      const bool alive =
          n_ <= detail::Residual::kMaxN ? residual_board(narrow_) : residual_board(wide_);
      if (!alive) {
        result_.complete = true;
        return result_;
      }
    }
    const bool residual = restarts && (narrow_ || wide_);
    // Moves a turn gets for each node its run may take, in sixteenths.
    const std::uint64_t node_work =
        residual ? 8
                 : 16 * std::max<std::uint64_t>(
                            1, 2 * std::uint64_t{n_} * (words_ + 1) / (kMoveWords * kLocalShare));
    for (std::uint64_t budget = first ? first : 16 * std::uint64_t{n_} + 1024;; budget *= 2) {
      if (restarts && options_.local_search && local_turn(budget, node_work)) break;
      if (stopped_) break;
      if (residual) {
        if (!(narrow_ ? residual_run(*narrow_, budget) : residual_run(*wide_, budget))) break;
        ++result_.restarts;
        continue;
      }
      budget_ = restarts ? budget : 0;
      spent_ = 0;
      out_of_budget_ = false;
      search();
      if (!out_of_budget_ || stopped_) break;
      ++result_.restarts;
    }
    result_.complete = !stopped_;
    return result_;
  }

 private:
  // The local search's turn before an exhaustive run of `budget` queens: true if it found a
  // completion (then the result has it).
  bool local_turn(std::uint64_t budget, std::uint64_t node_work) {
    if (placed_ == n_) return false;  // nothing to place: the exhaustive search says so at once
    if (!local_) local_.emplace(instance_);
    const std::uint64_t work =
        budget > ~std::uint64_t{0} / node_work ? ~std::uint64_t{0} / 16 : budget * node_work / 16;
    std::optional<std::vector<std::uint32_t>> cols =
        local_->run(0x6c6f63616cull + local_turns_++, work, result_.moves, options_.stop);
    if (options_.stop.stop_requested()) stopped_ = true;
    if (!cols) return false;
    result_.solution = Placement(std::vector<Column>(cols->begin(), cols->end()));
    result_.count = 1;
    return true;
  }

  // Builds the residual board into `board`: false when it, or the diagonal moments on it, already
  // shows there is no completion.
  template <class Mask>
  bool residual_board(std::optional<detail::BasicResidual<Mask>>& board) {
    board = detail::completion_residual<Mask>(instance_);
    return board && detail::diagonal_moments_allow(*board);
  }

  // One run of the existence search on the residual board, children in a random order, up to
  // `budget` nodes: false when it settled the instance (or was stopped), true when the budget ran
  // out first.
  template <class Mask>
  bool residual_run(const detail::BasicResidual<Mask>& board, std::uint64_t budget) {
    detail::BasicExistenceSearch<Mask> search({.stop = options_.stop,
                                               .budget = budget,
                                               .mode = detail::ExistenceMode::random,
                                               .rng = &rng_,
                                               .families = detail::DiagonalFamilies::none});
    const detail::ExistenceOutcome outcome = search.run(board);
    result_.nodes += search.nodes();
    switch (outcome) {
      case detail::ExistenceOutcome::completed:
        result_.solution =
            Placement(std::vector<Column>(search.completion().begin(), search.completion().end()));
        result_.count = 1;
        return false;
      case detail::ExistenceOutcome::refuted: return false;
      default:
        if (!options_.stop.stop_requested()) return true;
        stopped_ = true;
        return false;
    }
  }

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

  // One node of the search: what became of it.
  enum class Step {
    leaf,      // a completion (counted) or a dead end: nothing below it
    expanded,  // frames_[depth] holds its line and the squares to try
    stop,      // the search must end (stopped, enough completions)
  };

  Step expand(std::size_t depth) {
    if (placed_ == n_) return found() ? Step::leaf : Step::stop;
    if (options_.stop.stop_requested()) {
      stopped_ = true;
      return Step::stop;
    }
    // The free row or column with the fewest squares left; rows first on ties.
    std::size_t best_count = SIZE_MAX;
    bool best_is_row = true;
    std::uint32_t best_line = 0;
    for (std::uint32_t r = 0; r < n_ && best_count > 0; ++r) {
      if (test(rows_, r)) continue;
      const std::size_t k = row_squares(r, probe_);
      if (k < best_count) best_count = k, best_is_row = true, best_line = r, best_.swap(probe_);
    }
    for (std::uint32_t c = 0; c < n_ && best_count > 1; ++c) {
      if (test(cols_, c)) continue;
      const std::size_t k = col_squares(c, probe_);
      if (k < best_count) best_count = k, best_is_row = false, best_line = c, best_.swap(probe_);
    }
    if (best_count == 0) return Step::leaf;  // a dead end
    if (frames_.size() <= depth) frames_.resize(depth + 1);
    Frame& f = frames_[depth];
    f.is_row = best_is_row;
    f.line = best_line;
    f.next = 0;
    f.placed = false;
    f.order.clear();
    for (std::size_t i = 0; i < words_; ++i) {
      for (u64 w = best_[i]; w; w &= w - 1) {
        f.order.push_back(static_cast<std::uint32_t>(i * 64 + std::countr_zero(w)));
      }
    }
    if (shuffle_) {  // Fisher-Yates with the run's own generator
      for (std::size_t i = f.order.size(); i > 1; --i)
        std::swap(f.order[i - 1], f.order[rng_.exactly_below(i)]);
    }
    return Step::expanded;
  }

  // Depth-first over the nodes, with an explicit stack (frames_) rather than recursion: a board
  // of 100,000 queens would otherwise nest 100,000 calls. Returns false when the search must end
  // (stopped, enough completions, out of budget); the board is as it was either way.
  bool search() {
    const Step root = expand(0);
    if (root != Step::expanded) return root == Step::leaf;
    std::size_t depth = 0;
    for (;;) {
      Frame& f = frames_[depth];
      if (f.placed) remove(f.row, f.col), f.placed = false;
      if (f.next == f.order.size()) {  // every square of this node tried: back up
        if (depth == 0) return true;
        --depth;
        continue;
      }
      const std::uint32_t other = f.order[f.next++];
      f.row = f.is_row ? f.line : other;
      f.col = f.is_row ? other : f.line;
      place(f.row, f.col);
      f.placed = true;
      ++result_.nodes;
      if (budget_ && ++spent_ > budget_) {
        out_of_budget_ = true;
        unwind(depth);
        return false;
      }
      const Step child = expand(depth + 1);
      if (child == Step::stop) {
        unwind(depth);
        return false;
      }
      if (child == Step::expanded) ++depth;
    }
  }

  void unwind(std::size_t depth) {
    for (std::size_t d = depth + 1; d-- > 0;) {
      if (frames_[d].placed) remove(frames_[d].row, frames_[d].col), frames_[d].placed = false;
    }
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

  const CompletionInstance& instance_;
  std::uint32_t n_;
  std::size_t words_;
  const CompleteOptions& options_;
  Words rows_, cols_, d1_, d2_, up_;
  u64 last_mask_ = 0;
  std::vector<std::vector<std::uint32_t>> blocked_in_row_, blocked_in_col_;
  std::vector<std::uint32_t> col_of_row_;
  std::uint32_t placed_ = 0;
  Words best_, probe_;  // the squares of the line chosen so far, and of the line being looked at
  struct Frame {        // one node on the path: its line, its squares in search order, the next
    bool is_row = true;
    std::uint32_t line = 0;
    std::vector<std::uint32_t> order;
    std::size_t next = 0;
    bool placed = false;  // the queen of order[next - 1] stands at (row, col)
    std::uint32_t row = 0, col = 0;
  };
  std::vector<Frame> frames_;  // grows with the depth reached; O(n) words in all, not O(n^2)
  bool shuffle_ = false;
  std::uint64_t budget_ = 0, spent_ = 0;  // queens this run may place (0: no limit), and has
  bool out_of_budget_ = false;
  detail::SplitMix64 rng_{0x6e71756565ull};
  std::optional<detail::LocalCompletion> local_;  // built at its first turn
  std::uint64_t local_turns_ = 0;
  // The residual board the given queens leave, of the narrowest width that holds n; none past 128.
  std::optional<detail::Residual> narrow_;
  std::optional<detail::WideResidual> wide_;
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
  // Diagonals as the text form writes them, 1-based.
  const auto diagonal = [](const Diagonal& d) {
    return d.sum ? "row + column = " + std::to_string(static_cast<std::int64_t>(d.index) + 2)
                 : "row - column = " + std::to_string(d.index);
  };
  const std::int64_t n = in.n;
  for (const Diagonal& d : in.excluded) {
    if (d.sum ? d.index < 0 || d.index > 2 * n - 2 : d.index < 1 - n || d.index > n - 1) {
      return "the diagonal " + diagonal(d) + " is off the board";
    }
  }
  std::vector<Diagonal> diagonals = in.excluded;
  std::sort(diagonals.begin(), diagonals.end());
  for (std::size_t i = 1; i < diagonals.size(); ++i) {
    if (diagonals[i] == diagonals[i - 1]) {
      return "the diagonal " + diagonal(diagonals[i]) + " is given twice";
    }
  }
  for (const Square& q : in.queens) {
    const Diagonal on[2] = {
        {true, static_cast<std::int32_t>(q.row + q.col)},
        {false, static_cast<std::int32_t>(q.row) - static_cast<std::int32_t>(q.col)}};
    for (const Diagonal& d : on) {
      if (std::binary_search(diagonals.begin(), diagonals.end(), d)) {
        return "the queen at " + name(q) + " is on the excluded diagonal " + diagonal(d);
      }
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

std::uint64_t complete_bytes(const CompletionInstance& instance) {
  const std::uint64_t n = instance.n, words = (n + 63) / 64, diagonal_words = (2 * n + 63) / 64;
  // Bitsets (rows, columns, three diagonal families, two line buffers), the blocked squares
  // listed by row and by column, the column of each row, and a frame per depth with the squares
  // of its line (a few on average; n for the first lines of an empty board).
  // Then the local search's own (looking for one completion).
  // Up to 128 rows, the existence search's levels too: the children of each node on its path, a
  // residual board each (of 64-bit masks up to 64 rows, 128-bit ones beyond).
  // And once, the diagonal moments' knapsack tables.
  const std::uint64_t board_bytes =
      n <= detail::Residual::kMaxN ? sizeof(detail::Residual) : sizeof(detail::WideResidual);
  const std::uint64_t residual =
      detail::fits_residual(instance)
          ? (n + 1) * n * board_bytes + detail::diagonal_moments_bytes(static_cast<int>(n))
          : 0;
  return 8 * (4 * words + 3 * diagonal_words) + 48 * n +
         8 * (instance.blocked.size() + instance.excluded.size()) + 4 * n + 64 * n + 4096 +
         residual + detail::LocalCompletion::bytes(instance);
}

void check(const CompletionInstance& instance) {
  if (const std::optional<std::string> error = instance_error(instance)) {
    throw InvalidArgument("complete: " + *error);
  }
  require_memory(complete_bytes(instance), "complete for n = " + std::to_string(instance.n));
}

CompleteResult complete(const CompletionInstance& instance, const CompleteOptions& options) {
  check(instance);
  return Search(instance, options).run();
}

}  // namespace nq
