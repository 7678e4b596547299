// SPDX-License-Identifier: MIT
// Local search for one completion; see local_completion.hpp.
//
// The cost is kept exactly under every move with counters per diagonal: putting a queen on a
// diagonal that holds k queens adds k attacking pairs, taking one off a diagonal left with k
// removes k, and a queen on a blocked square adds 1. A swap of two free rows' columns is tried
// by taking both queens off, swapping and putting them back, and undone unless the cost fell.
//
// Repairs go in rounds: every free row under attack (or on a blocked square) is offered swaps
// with random free rows until one lowers the cost. A round that lowers nothing doubles the swaps
// offered to each row (the last few queens can be hard to place); when even the most generous
// round fails, the start is abandoned for a fresh one.
#include "complete/local_completion.hpp"

#include <algorithm>

namespace nq::detail {

LocalCompletion::LocalCompletion(const CompletionInstance& in)
    : n_(in.n),
      given_(in.queens),
      excluded_(in.excluded),
      on_d1_(2 * std::size_t{in.n}),
      on_d2_(2 * std::size_t{in.n}) {
  std::vector<bool> row_used(n_), col_used(n_);  // n / 4 bytes, freed on return
  for (const Square& q : in.queens) row_used[q.row] = col_used[q.col] = true;
  for (u32 i = 0; i < n_; ++i) {
    if (!row_used[i]) rows_.push_back(i);
    if (!col_used[i]) cols_.push_back(i);
  }
  blocked_.reserve(in.blocked.size());
  for (const Square& s : in.blocked) blocked_.push_back(u64{s.row} * n_ + s.col);
  std::sort(blocked_.begin(), blocked_.end());
}

std::uint64_t LocalCompletion::bytes(const CompletionInstance& in) {
  // Free rows, their columns and the work list (4 bytes each), two diagonal counters per row and
  // column pair (16), the given queens and the blocked squares (8 each), and the scratch flags.
  return 28 * std::uint64_t{in.n} +
         8 * (in.queens.size() + in.blocked.size() + in.excluded.size()) + in.n / 4 + 4096;
}

bool LocalCompletion::blocked(u32 row, u32 col) const {
  return !blocked_.empty() &&
         std::binary_search(blocked_.begin(), blocked_.end(), u64{row} * n_ + col);
}

std::uint64_t LocalCompletion::cost_of(std::size_t i) const {
  return (on_d1_[d1(i)] - 1) + (on_d2_[d2(i)] - 1) + (blocked(rows_[i], cols_[i]) ? 1 : 0);
}

void LocalCompletion::add(std::size_t i) {
  cost_ += on_d1_[d1(i)]++;
  cost_ += on_d2_[d2(i)]++;
  if (blocked(rows_[i], cols_[i])) ++cost_;
}

void LocalCompletion::remove(std::size_t i) {
  cost_ -= --on_d1_[d1(i)];
  cost_ -= --on_d2_[d2(i)];
  if (blocked(rows_[i], cols_[i])) --cost_;
}

bool LocalCompletion::try_swap(std::size_t i, std::size_t j) {
  const u64 before = cost_;
  remove(i), remove(j);
  std::swap(cols_[i], cols_[j]);
  add(i), add(j);
  if (cost_ < before) return true;
  remove(i), remove(j);
  std::swap(cols_[i], cols_[j]);
  add(i), add(j);
  return false;
}

// Row by row, a random column among those not yet taken, retried while it shares a diagonal with
// a queen already on the board or stands on a blocked square, up to kTries times (then the last
// one is kept, conflicts and all).
void LocalCompletion::start(SplitMix64& random, u64& moves) {
  std::fill(on_d1_.begin(), on_d1_.end(), 0);
  std::fill(on_d2_.begin(), on_d2_.end(), 0);
  // A given queen, or an excluded diagonal (as if a queen stood on it): a free queen there
  // costs one attacking pair.
  for (const Square& q : given_) {
    ++on_d1_[q.row + q.col];
    ++on_d2_[q.row - q.col + n_ - 1];
  }
  for (const Diagonal& d : excluded_) {
    ++(d.sum ? on_d1_[static_cast<std::size_t>(d.index)]
             : on_d2_[static_cast<std::size_t>(d.index + static_cast<std::int64_t>(n_) - 1)]);
  }
  cost_ = 0;
  const std::size_t k = rows_.size();
  constexpr int kTries = 32;
  for (std::size_t i = 0; i < k; ++i) {
    std::size_t j = i;
    for (int t = 0; t < kTries; ++t) {
      ++moves;
      j = i + random.below(k - i);
      const u32 r = rows_[i], c = cols_[j];
      if (on_d1_[r + c] == 0 && on_d2_[r - c + n_ - 1] == 0 && !blocked(r, c)) break;
    }
    std::swap(cols_[i], cols_[j]);
    add(i);
  }
}

std::optional<std::vector<std::uint32_t>> LocalCompletion::run(std::uint64_t seed,
                                                               std::uint64_t budget,
                                                               std::uint64_t& moves,
                                                               const std::stop_token& stop) {
  SplitMix64 random(seed);
  const std::size_t k = rows_.size();
  const u64 limit = moves + budget;
  // A row is offered at most 4k swaps in a round (after that, almost every free row has been
  // tried): small boards give up on a start sooner, large ones keep up to 2^14 tries.
  const u64 most_tries = std::clamp<u64>(4 * k, 64, u64{1} << 14), fewest_tries = 64;
  while (moves < limit && !stop.stop_requested()) {
    start(random, moves);
    u64 tries = fewest_tries;
    while (cost_ > 0 && moves < limit && !stop.stop_requested()) {
      work_.clear();
      for (std::size_t i = 0; i < k; ++i) {
        if (cost_of(i) > 0) work_.push_back(static_cast<u32>(i));
      }
      const u64 cost_before = cost_;
      for (u32 i : work_) {
        for (u64 t = 0; t < tries && cost_of(i) > 0 && moves < limit; ++t) {
          ++moves;
          const std::size_t j = random.below(k);
          if (j != i) try_swap(i, j);
        }
      }
      if (cost_ < cost_before) {
        tries = fewest_tries;
      } else if ((tries *= 2) > most_tries) {
        break;  // stuck: a fresh start
      }
    }
    if (cost_ == 0) {
      std::vector<u32> cols(n_);
      for (const Square& q : given_) cols[q.row] = q.col;
      for (std::size_t i = 0; i < k; ++i) cols[rows_[i]] = cols_[i];
      return cols;
    }
  }
  return std::nullopt;
}

}  // namespace nq::detail
