// SPDX-License-Identifier: MIT
// Random completion instances: non-attacking queens placed one by one on uniformly chosen
// unattacked squares, then uniformly chosen blocked squares. The generator is a fixed 64-bit
// one (SplitMix64) with an unbiased reduction, so an instance depends only on its
// arguments, not on the standard library.
//
// Costs, so that the command line can refuse what would not finish (random_instance_cost()):
// an unattacked square is found by drawing squares until one is free, 1 / (the free share of the
// board) draws on average; after n^2 / 16 misses (a handful of free squares left, or none) the
// free squares are counted row by row and one is picked by its rank, 2 n^2 steps and no memory.
// Blocked squares are drawn until enough distinct ones are found, or, when more than half of the
// free squares are to be blocked, the squares left open are drawn instead and every other one is
// blocked, so that the draws never turn into a coupon collector's wait.
#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "nqueens/complete.hpp"
#include "split_mix.hpp"

namespace nq {

namespace {

// Misses before counting: n^2 / kCountingShare, so that counting (2 n^2) costs about as much as
// the draws it saves.
constexpr std::uint64_t kCountingShare = 16;

class Board {
 public:
  explicit Board(std::uint32_t n)
      : n_(n), row_(n, 0), col_(n, 0), d1_(2 * std::size_t{n}, 0), d2_(2 * std::size_t{n}, 0) {}

  bool free(std::uint32_t r, std::uint32_t c) const {
    return !row_[r] && !col_[c] && !d1_[r + c] && !d2_[r - c + n_ - 1];
  }

  void place(Square s) {
    row_[s.row] = col_[s.col] = d1_[s.row + s.col] = d2_[s.row - s.col + n_ - 1] = 1;
  }

  // A uniformly chosen unattacked square; nullopt if none is left.
  std::optional<Square> draw(detail::SplitMix64& rng) const {
    const std::uint64_t squares = std::uint64_t{n_} * n_;
    const std::uint64_t misses = std::max<std::uint64_t>(64, squares / kCountingShare);
    for (std::uint64_t i = 0; i < misses; ++i) {
      const std::uint64_t at = rng.exactly_below(squares);
      const Square s{static_cast<std::uint32_t>(at / n_), static_cast<std::uint32_t>(at % n_)};
      if (free(s.row, s.col)) return s;  // a uniform draw, kept only if free: uniform on those
    }
    std::uint64_t count = 0;
    for_each_free([&](Square) { ++count; });
    if (count == 0) return std::nullopt;
    std::uint64_t rank = rng.exactly_below(count);
    std::optional<Square> chosen;
    for_each_free([&](Square s) {
      if (!chosen && rank-- == 0) chosen = s;
    });
    return chosen;
  }

 private:
  template <class F>
  void for_each_free(F f) const {
    for (std::uint32_t r = 0; r < n_; ++r) {
      if (row_[r]) continue;
      for (std::uint32_t c = 0; c < n_; ++c) {
        if (free(r, c)) f(Square{r, c});
      }
    }
  }

  std::uint32_t n_;
  std::vector<char> row_, col_, d1_, d2_;
};

}  // namespace

CompletionInstance random_instance(std::uint32_t n, std::uint32_t queens, std::uint64_t blocked,
                                   std::uint64_t seed) {
  if (n == 0 || n > kMaxCompleteN) {
    throw std::invalid_argument("instance: n must be between 1 and " +
                                std::to_string(kMaxCompleteN));
  }
  if (queens > n) throw std::invalid_argument("instance: more queens than rows");
  const std::uint64_t squares = std::uint64_t{n} * n;
  if (blocked > squares - queens) {  // (queens + blocked could wrap around)
    throw std::invalid_argument("instance: more queens and blocked squares than the board has");
  }
  detail::SplitMix64 rng(seed);
  CompletionInstance in{n, {}, {}, {}};
  for (int attempt = 0; in.queens.size() < queens; ++attempt) {
    if (attempt == 1000) {
      throw std::invalid_argument("instance: found no way to place " + std::to_string(queens) +
                                  " non-attacking queens in 1000 attempts");
    }
    in.queens.clear();
    Board board(n);
    while (in.queens.size() < queens) {
      const std::optional<Square> s = board.draw(rng);
      if (!s) break;  // the board filled up first: start again
      board.place(*s);
      in.queens.push_back(*s);
    }
  }
  std::unordered_set<std::uint64_t> taken;
  for (const Square& q : in.queens) taken.insert(std::uint64_t{q.row} * n + q.col);
  const std::uint64_t open = squares - queens;
  auto square = [n](std::uint64_t at) {
    return Square{static_cast<std::uint32_t>(at / n), static_cast<std::uint32_t>(at % n)};
  };
  if (blocked <= open / 2) {
    while (in.blocked.size() < blocked) {
      const std::uint64_t at = rng.exactly_below(squares);
      if (taken.insert(at).second) in.blocked.push_back(square(at));
    }
    return in;
  }
  // Most squares blocked: draw the ones left open, then block the rest in order.
  for (std::uint64_t kept = 0; kept < open - blocked;) {
    if (taken.insert(rng.exactly_below(squares)).second) ++kept;
  }
  in.blocked.reserve(blocked);
  for (std::uint64_t at = 0; at < squares; ++at) {
    if (!taken.contains(at)) in.blocked.push_back(square(at));
  }
  return in;
}

RandomInstanceCost random_instance_cost(std::uint32_t n, std::uint32_t queens,
                                        std::uint64_t blocked) {
  const std::uint64_t squares = std::uint64_t{n} * n;
  const std::uint64_t open = queens <= squares ? squares - queens : 0;
  const std::uint64_t drawn = blocked <= open / 2 ? blocked : open - std::min(open, blocked);
  RandomInstanceCost cost;
  // The blocked list (8 bytes a square) and its text (up to 16), the set of drawn squares (about
  // 64 bytes an entry in an unordered_set), the queens and the board's marks.
  cost.bytes = 24 * blocked + 64 * (drawn + queens) + 8 * std::uint64_t{n} + 4096;
  // The draws, queen by queen, for the free share a random placement of k queens leaves (rows,
  // columns and the two diagonal families, taken as independent), or the count when few are left.
  const double all = static_cast<double>(squares), lines = 2.0 * n - 1;
  double steps = 0;
  for (std::uint32_t k = 0; k < queens; ++k) {
    const double rows = (n - k) / static_cast<double>(n), diagonals = (lines - k) / lines;
    const double share = rows * rows * diagonals * diagonals;
    steps += share * all >= kCountingShare ? 1 / share : all / kCountingShare + 2 * all;
  }
  cost.steps = steps > 1.8e19 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(steps);
  return cost;
}

}  // namespace nq
