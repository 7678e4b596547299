// SPDX-License-Identifier: MIT
// Luby's sequence (an internal header), the restarts' budgets: its published first terms, and
// its shape: each term is a power of two, and a block ending at i = 2^k - 1 repeats the block
// before it twice and ends with 2^(k-1).
#include "solve/luby.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <vector>

using nq::detail::luby;

TEST(luby, starts_as_published) {
  // As Luby, Sinclair and Zuckerman (1993) list them.
  const std::vector<std::uint64_t> first = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1};
  for (std::size_t i = 0; i < first.size(); ++i) EXPECT_EQ(luby(i + 1), first[i]) << i + 1;
}

TEST(luby, repeats_each_block_twice_then_doubles) {
  for (int k = 1; k <= 12; ++k) {
    const std::uint64_t end = (std::uint64_t{1} << k) - 1, half = (std::uint64_t{1} << (k - 1)) - 1;
    EXPECT_EQ(luby(end), std::uint64_t{1} << (k - 1)) << k;
    for (std::uint64_t i = 1; i <= half; ++i) {
      EXPECT_EQ(luby(half + i), luby(i)) << "i = " << half + i;
      EXPECT_TRUE(std::has_single_bit(luby(half + i)));
    }
  }
  EXPECT_EQ(luby((std::uint64_t{1} << 62) - 1), std::uint64_t{1} << 61);
}
