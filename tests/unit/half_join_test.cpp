// SPDX-License-Identifier: MIT
// The halves engine's half-board loop (an internal header), against the plain definition, for
// every compiled kernel (one this processor lacks is reported as skipped): south groups of every
// length from 0 to 40 (around the 8-lane vectors), diagonals dense enough that about half the
// candidates join, and the stops for a full chunk and for a list without room.
#include "count/half_join.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

using nq::detail::JoinEntries;
using nq::detail::JoinKernel;
using u64 = std::uint64_t;

struct Side {
  std::vector<u64> d1, d2, pattern;
  JoinEntries entries() const { return {d1.data(), d2.data(), pattern.data()}; }
};

Side random_side(std::mt19937_64& rng, std::size_t size) {
  Side s;
  for (std::size_t i = 0; i < size; ++i) {
    // Three diagonals of each family out of 40: a pair of entries shares one about half the time.
    u64 a = 0, b = 0;
    for (int k = 0; k < 3; ++k) {
      a |= u64{1} << (rng() % 40);
      b |= u64{1} << (rng() % 40);
    }
    s.d1.push_back(a);
    s.d2.push_back(b);
    s.pattern.push_back(rng() & ((u64{1} << 54) - 1));
  }
  return s;
}

// The definition: every north entry from `at` with every south entry, no limits.
std::vector<u64> plain_join(const Side& north, std::uint32_t at, std::uint32_t end,
                            const Side& south, std::uint32_t begin, std::uint32_t count, u64 md1,
                            u64 md2, u64 tag) {
  std::vector<u64> out;
  for (std::uint32_t i = at; i < end; ++i) {
    for (std::uint32_t j = begin; j < begin + count; ++j) {
      if ((south.d1[j] & (north.d1[i] | md1)) == 0 && (south.d2[j] & (north.d2[i] | md2)) == 0)
        out.push_back(north.pattern[i] | south.pattern[j] | tag);
    }
  }
  return out;
}

void check_kernel(JoinKernel kernel) {
  std::mt19937_64 rng(7);
  const Side north = random_side(rng, 12), south = random_side(rng, 120);
  int nonempty = 0;
  for (std::uint32_t count = 0; count <= 40; ++count) {
    for (const u64 md : {u64{0}, u64{1} << 5}) {
      const std::uint32_t begin = count % 7;
      const u64 tag = u64{count % 4} << 60;
      const std::vector<u64> want = plain_join(north, 2, 12, south, begin, count, md, md, tag);
      std::vector<u64> out(want.size() + 10 * count + 8, 0xDEAD);
      std::uint32_t at = 2;
      const std::size_t size =
          nq::detail::join_half(north.entries(), at, 12, south.entries(), begin, count, md, md, tag,
                                out.data(), 0, ~std::size_t{0}, out.size(), kernel);
      ASSERT_EQ(at, 12u) << "count " << count;
      ASSERT_EQ(size, want.size()) << "count " << count;
      out.resize(size);
      EXPECT_EQ(out, want) << "count " << count;
      nonempty += !want.empty();
    }
  }
  EXPECT_GT(nonempty, 60);  // the cases joined something
}

TEST(half_join, generic_kernel_matches_the_definition) {
  ASSERT_TRUE(nq::detail::join_kernel_available(JoinKernel::generic));
  check_kernel(JoinKernel::generic);
}

TEST(half_join, avx512_kernel_matches_the_definition) {
  if (!nq::detail::join_kernel_available(JoinKernel::avx512)) {
    GTEST_SKIP() << "this processor lacks AVX-512 F: the avx512 kernel is not checked";
  }
  check_kernel(JoinKernel::avx512);
}

TEST(half_join, best_kernel_matches_the_definition) { check_kernel(JoinKernel::best); }

TEST(half_join, stops_at_a_full_chunk_and_resumes_where_it_stopped) {
  std::mt19937_64 rng(11);
  const Side north = random_side(rng, 30), south = random_side(rng, 25);
  const std::vector<u64> want = plain_join(north, 0, 30, south, 0, 25, 0, 0, 0);
  for (const JoinKernel kernel : {JoinKernel::generic, JoinKernel::best}) {
    std::vector<u64> out(want.size() + 40);
    std::vector<u64> got;
    std::uint32_t at = 0;
    int calls = 0;
    while (at < 30) {
      // A chunk of at most 20 entries (a north entry started below 20 may pass it), then the
      // chunk is taken out and the next one starts at 0.
      const std::uint32_t before = at;
      const std::size_t size =
          nq::detail::join_half(north.entries(), at, 30, south.entries(), 0, 25, 0, 0, 0,
                                out.data(), 0, 20, 20 + 25 + 8, kernel);
      ASSERT_GT(at, before) << "no progress";
      EXPECT_LE(size, 20u + 25u);
      got.insert(got.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size));
      ++calls;
    }
    EXPECT_EQ(got, want);
    EXPECT_GT(calls, 3);
  }
}

TEST(half_join, stops_before_an_entry_whose_candidates_the_list_has_no_room_for) {
  std::mt19937_64 rng(13);
  Side north = random_side(rng, 4);
  north.d1[0] = north.d2[0] = 0;  // joins all 16 south entries
  const Side south = random_side(rng, 16);
  for (const JoinKernel kernel : {JoinKernel::generic, JoinKernel::best}) {
    std::vector<u64> out(64);
    std::uint32_t at = 0;
    // Room for 16 candidates and 8 spare: one north entry at a time past the first.
    const std::size_t first = nq::detail::join_half(north.entries(), at, 4, south.entries(), 0, 16,
                                                    0, 0, 0, out.data(), 0, 64, 24, kernel);
    EXPECT_EQ(at, 1u);
    EXPECT_EQ(first, 16u);
    at = 1;
    const std::size_t none = nq::detail::join_half(north.entries(), at, 4, south.entries(), 0, 16,
                                                   0, 0, 0, out.data(), 1, 64, 24, kernel);
    EXPECT_EQ(at, 1u);  // 1 + 16 + 8 > 24
    EXPECT_EQ(none, 1u);
  }
}

}  // namespace
