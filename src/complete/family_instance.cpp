// SPDX-License-Identifier: MIT
// The Blocked n-Queens and Excluded Diagonals instance families (Gent, Jefferson and
// Nightingale, JAIR 59, 2017), written from the paper's description; see complete.hpp. Random
// orders come from SplitMix64 with unbiased draws, so an instance depends only on its arguments.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "nqueens/complete.hpp"
#include "split_mix.hpp"

namespace nq {

namespace {

void check_family_n(std::uint32_t n, const char* family) {
  if (n == 0 || n > kMaxFamilyN) {
    throw std::invalid_argument(std::string("instance: the ") + family +
                                " family takes n from 1 to " + std::to_string(kMaxFamilyN));
  }
}

template <class T>
void shuffle(std::vector<T>& items, detail::SplitMix64& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[rng.exactly_below(i)]);
  }
}

}  // namespace

CompletionInstance random_blocked_instance(std::uint32_t n, std::uint64_t blocked,
                                           std::uint32_t min_free, std::uint64_t seed) {
  check_family_n(n, "blocked");
  if (min_free > n) throw std::invalid_argument("instance: --min-free is larger than n");
  // Each row keeps min_free open squares at least, so at most n (n - min_free) can be blocked.
  const std::uint64_t most = std::uint64_t{n} * (n - min_free);
  if (blocked > most) {
    throw std::invalid_argument("instance: at most " + std::to_string(most) +
                                " squares can be blocked when every row and column keeps " +
                                std::to_string(min_free) + " open");
  }
  detail::SplitMix64 rng(seed);
  std::vector<std::uint32_t> order(std::size_t{n} * n);
  constexpr int kAttempts = 20;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    std::iota(order.begin(), order.end(), 0u);
    shuffle(order, rng);
    std::vector<std::uint32_t> open_in_row(n, n), open_in_col(n, n);
    std::vector<std::uint32_t> chosen;
    for (std::uint32_t at : order) {
      if (chosen.size() == blocked) break;
      const std::uint32_t r = at / n, c = at % n;
      if (open_in_row[r] > min_free && open_in_col[c] > min_free) {
        --open_in_row[r], --open_in_col[c];
        chosen.push_back(at);
      }
    }
    if (chosen.size() == blocked) {
      std::sort(chosen.begin(), chosen.end());
      CompletionInstance in{n, {}, {}, {}};
      in.blocked.reserve(chosen.size());
      for (std::uint32_t at : chosen) in.blocked.push_back({at / n, at % n});
      return in;
    }
  }
  throw std::invalid_argument("instance: found no way to block " + std::to_string(blocked) +
                              " squares keeping " + std::to_string(min_free) +
                              " open in every row and column in " + std::to_string(kAttempts) +
                              " attempts");
}

CompletionInstance random_diagonals_instance(std::uint32_t n, std::uint32_t diagonals,
                                             std::uint32_t min_free, std::uint64_t seed) {
  check_family_n(n, "diagonals");
  detail::SplitMix64 rng(seed);
  const std::int32_t size = static_cast<std::int32_t>(n);
  std::vector<Diagonal> family[2];  // sum diagonals, difference diagonals, each in random order
  for (std::int32_t i = 0; i <= 2 * size - 2; ++i) {
    family[0].push_back({true, i});
    family[1].push_back({false, i - (size - 1)});
  }
  shuffle(family[0], rng);
  shuffle(family[1], rng);
  std::vector<std::uint32_t> open_in_row(n, n), open_in_col(n, n);
  std::vector<char> excluded_sum(2 * std::size_t{n}), excluded_difference(2 * std::size_t{n});
  CompletionInstance in{n, {}, {}, {}};
  std::size_t next[2] = {0, 0};
  // The open squares of diagonal d: its squares not on an excluded diagonal of the other family.
  auto for_each_open = [&](const Diagonal& d, auto f) {
    for (std::uint32_t r = 0; r < n; ++r) {
      const std::int64_t c = d.sum ? d.index - std::int64_t{r} : std::int64_t{r} - d.index;
      if (c < 0 || c >= size) continue;
      const bool other = d.sum ? excluded_difference[static_cast<std::size_t>(r - c + size - 1)]
                               : excluded_sum[static_cast<std::size_t>(r + c)];
      if (!other) f(r, static_cast<std::uint32_t>(c));
    }
  };
  while (in.excluded.size() < diagonals) {
    const bool sum_left = next[0] < family[0].size(), difference_left = next[1] < family[1].size();
    if (!sum_left && !difference_left) {
      throw std::invalid_argument("instance: only " + std::to_string(in.excluded.size()) +
                                  " diagonals can be excluded with this seed while every row and "
                                  "column keeps " +
                                  std::to_string(min_free) + " open squares");
    }
    const int f = !sum_left ? 1 : !difference_left ? 0 : static_cast<int>(rng.next() >> 63);
    const Diagonal d = family[f][next[f]++];
    bool keeps = true;
    for_each_open(d, [&](std::uint32_t r, std::uint32_t c) {
      keeps = keeps && open_in_row[r] > min_free && open_in_col[c] > min_free;
    });
    if (!keeps) continue;
    for_each_open(d, [&](std::uint32_t r, std::uint32_t c) { --open_in_row[r], --open_in_col[c]; });
    (d.sum ? excluded_sum[static_cast<std::size_t>(d.index)]
           : excluded_difference[static_cast<std::size_t>(d.index + size - 1)]) = 1;
    in.excluded.push_back(d);
  }
  return in;
}

}  // namespace nq
