// SPDX-License-Identifier: MIT
// The halves engine's per-subproblem bit order (an internal header): a permutation of the
// pattern bits that leaves every AND as it was, with the bits both lists occupy most often on top.
#include "count/bit_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <iterator>
#include <random>
#include <set>
#include <vector>

namespace {

using nq::detail::BitOrder;
using u64 = std::uint64_t;

// Patterns of `bits` low bits where bit b is set with chance density[b] percent, and a tag above
// bit 48 that must survive.
std::vector<u64> random_patterns(std::mt19937_64& rng, int bits, const std::vector<int>& density,
                                 std::size_t size) {
  std::vector<u64> out(size);
  for (u64& p : out) {
    for (int b = 0; b < bits; ++b)
      p |= static_cast<u64>(rng() % 100 < static_cast<u64>(density[b])) << b;
    p |= (rng() % 4) << 48;
  }
  return out;
}

TEST(bit_order, is_a_permutation_that_keeps_every_and_and_the_tags) {
  std::mt19937_64 rng(7);
  for (int bits : {6, 26, 30, 42, 46, 48}) {
    std::vector<int> density(bits);
    for (int& d : density) d = static_cast<int>(rng() % 90);
    const std::vector<u64> west = random_patterns(rng, bits, density, 3000);
    const std::vector<u64> east = random_patterns(rng, bits, density, 2000);
    BitOrder order;
    order.choose(west.data(), west.size(), east.data(), east.size(), bits);
    std::set<int> positions;
    for (int b = 0; b < bits; ++b) positions.insert(order.position(b));
    ASSERT_EQ(positions.size(), static_cast<std::size_t>(bits));
    EXPECT_EQ(*positions.begin(), 0);
    EXPECT_EQ(*positions.rbegin(), bits - 1);
    std::vector<u64> w2 = west, e2 = east;
    order.apply(w2.data(), w2.size());
    order.apply(e2.data(), e2.size());
    const u64 low = (u64{1} << bits) - 1;
    for (std::size_t i = 0; i < w2.size(); ++i) {
      EXPECT_EQ(w2[i] >> 48, west[i] >> 48);
      EXPECT_EQ(w2[i] & ~low & ((u64{1} << 48) - 1), 0u);
      EXPECT_EQ(std::popcount(w2[i] & low), std::popcount(west[i] & low));
      for (int b = 0; b < bits; ++b) {
        EXPECT_EQ(west[i] >> b & 1, w2[i] >> order.position(b) & 1);
      }
    }
    for (std::size_t i = 0; i < 300; ++i) {
      for (std::size_t j = 0; j < 300; ++j) {
        ASSERT_EQ((west[i] & east[j] & low) == 0, (w2[i] & e2[j] & low) == 0);
      }
    }
  }
}

// Each kernel against the definition, bit by bit: bit b < bits moves to position(b), every bit
// above stays, for list lengths that leave every remainder of the eight-pattern vectors, and for
// orders with every rank exact, none, and some (the pext kernel's tables: one of every value of
// the exact bits up to 12 of them, with 9, 11 and 12 the size of the table changes; past 12, two,
// three and seven of a byte each).
TEST(bit_order, each_kernel_moves_every_bit_where_position_says_and_keeps_the_rest) {
  std::mt19937_64 rng(5);
  for (const int bits : {1, 7, 8, 9, 26, 33, 40, 46, 54, 56})
    for (const int exact : {bits, 0, bits / 3, 12, 17, 20}) {
      std::vector<int> density(bits);
      for (int& d : density) d = static_cast<int>(rng() % 100);
      const std::vector<u64> west = random_patterns(rng, bits, density, 500);
      const std::vector<u64> east = random_patterns(rng, bits, density, 700);
      BitOrder order;
      order.choose(west.data(), west.size(), east.data(), east.size(), bits,
                   nq::detail::kTuning.greedy_ranks, -1, exact);
      const u64 low = (u64{1} << bits) - 1;
      for (const auto kernel : {BitOrder::Kernel::bytes, BitOrder::Kernel::avx2,
                                BitOrder::Kernel::pext, BitOrder::Kernel::gfni}) {
        if (!BitOrder::available(kernel)) continue;
        for (std::size_t size = 0; size <= 19; ++size) {
          std::vector<u64> patterns(size + 1);
          for (u64& p : patterns) p = rng();  // any bits, the ones above `bits` included
          const u64 guard = patterns[size];   // past the end: must stay untouched
          const std::vector<u64> before = patterns;
          order.apply(patterns.data(), size, kernel);
          for (std::size_t i = 0; i < size; ++i) {
            u64 expected = before[i] & ~low;
            for (int b = 0; b < bits; ++b) expected |= (before[i] >> b & 1) << order.position(b);
            ASSERT_EQ(patterns[i], expected) << "bits " << bits << " size " << size;
          }
          ASSERT_EQ(patterns[size], guard);
        }
      }
    }
}

// Each kernel against the definition: the sample is every step-th pattern from the first, step =
// size / kSample above kSample (so up to 2 kSample - 1 of them), and only the kMaxBits low bits
// count. The sizes leave every remainder of the eight-pattern steps, and the longest make byte
// lanes that must be widened before they pass 255.
TEST(bit_order, each_kernel_counts_the_sampled_patterns_bits_as_defined) {
  std::mt19937_64 rng(17);
  std::vector<std::size_t> sizes;
  for (std::size_t size = 0; size <= 20; ++size) sizes.push_back(size);
  for (const std::size_t size : {255, 256, 257, 263, 511, 512, 1000, 70001}) sizes.push_back(size);
  for (const std::size_t size : sizes) {
    std::vector<u64> patterns(size);
    const u64 dense = rng();  // bits in 15 of 16 patterns, so that counts come near the sample's
    for (u64& p : patterns) p = rng() | (rng() % 8 ? dense : 0);
    u64 expected[BitOrder::kMaxBits] = {};
    const std::size_t step = size > BitOrder::kSample ? size / BitOrder::kSample : 1;
    for (std::size_t i = 0; i < size; i += step) {
      for (int b = 0; b < BitOrder::kMaxBits; ++b) expected[b] += patterns[i] >> b & 1;
    }
    for (const auto kernel : {BitOrder::Kernel::bytes, BitOrder::Kernel::avx2,
                              BitOrder::Kernel::pext, BitOrder::Kernel::gfni}) {
      if (!BitOrder::available(kernel)) continue;
      u64 count[BitOrder::kMaxBits];
      std::fill(std::begin(count), std::end(count), 12345);  // every count must be written
      BitOrder::count_sample(patterns.data(), size, count, kernel);
      for (int b = 0; b < BitOrder::kMaxBits; ++b) {
        ASSERT_EQ(count[b], expected[b]) << "size " << size << " bit " << b;
      }
    }
  }
}

// The pair count reads only its trie's top bits one at a time, so only they need their ranks:
// the others keep their own order below them.
TEST(bit_order, ranks_past_the_exact_ones_keep_their_own_order_below_them) {
  std::mt19937_64 rng(29);
  constexpr int kBits = 30, kExact = 10;
  std::vector<int> density(kBits);
  for (int& d : density) d = static_cast<int>(rng() % 90);
  const std::vector<u64> west = random_patterns(rng, kBits, density, 3000);
  const std::vector<u64> east = random_patterns(rng, kBits, density, 2000);
  BitOrder all, part;
  all.choose(west.data(), west.size(), east.data(), east.size(), kBits);
  part.choose(west.data(), west.size(), east.data(), east.size(), kBits,
              nq::detail::kTuning.greedy_ranks, -1, kExact);
  int next = 0;  // the position the next bit past the exact ones must have
  for (int b = 0; b < kBits; ++b) {
    if (all.position(b) >= kBits - kExact) {
      EXPECT_EQ(part.position(b), all.position(b)) << "bit " << b;
    } else {
      EXPECT_EQ(part.position(b), next++) << "bit " << b;
    }
  }
  EXPECT_EQ(next, kBits - kExact);
}

TEST(bit_order, puts_the_bits_both_lists_occupy_most_on_top) {
  std::mt19937_64 rng(11);
  const int bits = 42;
  std::vector<int> density(bits, 20);
  density[3] = 95;   // both lists, nearly always: the best split
  density[30] = 60;  // the next best
  std::vector<u64> west = random_patterns(rng, bits, density, 5000);
  std::vector<u64> east = random_patterns(rng, bits, density, 5000);
  for (u64& p : west) p &= ~(u64{1} << 41);  // bit 41: never in the west, useless to split on
  BitOrder order;
  order.choose(west.data(), west.size(), east.data(), east.size(), bits);
  EXPECT_EQ(order.position(3), bits - 1);
  EXPECT_EQ(order.position(30), bits - 2);
  EXPECT_EQ(order.position(41), 0);
}

TEST(bit_order, greedy_ranks_skip_a_bit_that_always_comes_with_a_better_one) {
  std::mt19937_64 rng(17);
  const int bits = 40;
  std::vector<int> density(bits, 20);
  density[5] = 90;
  density[6] = 90;  // bit 6 is made a copy of bit 5 below: after 5 it splits nothing more
  density[9] = 70;  // independent, so second best once 5 is taken
  auto copy_5_to_6 = [](std::vector<u64>& list) {
    for (u64& p : list) p = (p & ~(u64{1} << 6)) | ((p >> 5 & 1) << 6);
  };
  std::vector<u64> west = random_patterns(rng, bits, density, 4000);
  std::vector<u64> east = random_patterns(rng, bits, density, 4000);
  copy_5_to_6(west);
  copy_5_to_6(east);
  BitOrder by_product, greedy;
  by_product.choose(west.data(), west.size(), east.data(), east.size(), bits, 0);  // no greedy
  greedy.choose(west.data(), west.size(), east.data(), east.size(), bits, 16, 1e300);
  EXPECT_GE(by_product.position(6), bits - 2);  // the product order puts 5 and 6 on top
  EXPECT_GE(by_product.position(5), bits - 2);
  EXPECT_EQ(by_product.position(9), bits - 3);
  EXPECT_EQ(greedy.position(9), bits - 2);  // the greedy one takes 9 before the copy
  EXPECT_TRUE(greedy.position(5) == bits - 1 || greedy.position(6) == bits - 1);
  std::set<int> positions;
  for (int b = 0; b < bits; ++b) positions.insert(greedy.position(b));
  EXPECT_EQ(positions.size(), static_cast<std::size_t>(bits));
}

// The greedy ranks by their definition: on lists no longer than the sample grid's side (so the
// grid is every pair), each of the first ranks splits off at least as many pairs still disjoint
// on the bits ranked before it as any bit not ranked yet, until no pair is left (16 ranks, and 22
// as the halves engine asks where its trie is deeper).
TEST(bit_order, each_greedy_rank_splits_off_the_most_pairs_left) {
  std::mt19937_64 rng(23);
  for (const int bits : {20, 42, 54}) {
    std::vector<int> density(bits);
    for (int& d : density) d = static_cast<int>(5 + rng() % 60);
    // 100 and 150 patterns: partly filled 64-pattern words on both sides of the grid.
    const std::vector<u64> west = random_patterns(rng, bits, density, 100);
    const std::vector<u64> east = random_patterns(rng, bits, density, 150);
    ASSERT_GE(BitOrder::greedy_side(1e300), east.size());
    const int ranks = bits >= 42 ? 22 : 16;
    BitOrder order;
    order.choose(west.data(), west.size(), east.data(), east.size(), bits, ranks, 1e300);
    std::vector<int> ranked(bits);  // ranked[i]: the bit moved to position bits - 1 - i
    for (int b = 0; b < bits; ++b) ranked[bits - 1 - order.position(b)] = b;
    const u64 low = (u64{1} << bits) - 1;
    u64 taken = 0;
    for (int step = 0; step < ranks; ++step) {
      std::vector<u64> hits(bits, 0);
      for (u64 w : west) {
        for (u64 e : east) {
          const u64 both = w & e & low;
          if ((both & taken) != 0) continue;
          for (int b = 0; b < bits; ++b) hits[b] += both >> b & 1;
        }
      }
      u64 most = 0;
      for (int b = 0; b < bits; ++b) {
        if (!(taken >> b & 1)) most = std::max(most, hits[b]);
      }
      if (most == 0) break;  // no pair left: the product order decides the rest
      EXPECT_EQ(hits[ranked[step]], most) << "bits " << bits << ", step " << step;
      taken |= u64{1} << ranked[step];
    }
  }
}

TEST(bit_order, the_greedy_sample_grows_with_the_pairs_within_its_bounds) {
  std::size_t last = 0;
  for (double pairs = 1; pairs < 1e16; pairs *= 3) {
    const std::size_t side = BitOrder::greedy_side(pairs);
    EXPECT_TRUE(std::has_single_bit(side));
    EXPECT_GE(side, nq::detail::kTuning.greedy_min_side);
    EXPECT_LE(side, nq::detail::kTuning.greedy_max_side);
    EXPECT_GE(side, last);
    last = side;
  }
  EXPECT_EQ(BitOrder::greedy_side(0), nq::detail::kTuning.greedy_min_side);
  EXPECT_EQ(BitOrder::greedy_side(1e16), nq::detail::kTuning.greedy_max_side);
  EXPECT_EQ(BitOrder::greedy_side(1024.0 * 1024 * 256 * 256), std::size_t{1024});
}

TEST(bit_order, ranks_lists_longer_than_its_sample_and_empty_ones) {
  std::mt19937_64 rng(13);
  const int bits = 30;
  std::vector<int> density(bits, 10);
  density[17] = 80;
  const std::vector<u64> west = random_patterns(rng, bits, density, 100000);
  const std::vector<u64> east = random_patterns(rng, bits, density, 70000);
  BitOrder order;
  order.choose(west.data(), west.size(), east.data(), east.size(), bits);
  EXPECT_EQ(order.position(17), bits - 1);
  order.choose(west.data(), 0, east.data(), 0, bits);  // no counts: the order stays a permutation
  std::set<int> positions;
  for (int b = 0; b < bits; ++b) positions.insert(order.position(b));
  EXPECT_EQ(positions.size(), static_cast<std::size_t>(bits));
}

}  // namespace
