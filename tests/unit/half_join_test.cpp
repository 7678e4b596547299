// SPDX-License-Identifier: MIT
// The halves engine's half-board loop (an internal header), against the plain definition, for
// every compiled kernel (one this processor lacks is reported as skipped; the stop tests then
// take the best one below it): south groups of every length from 0 to 40 (around the 4- and
// 8-lane vectors), diagonals dense enough that about half the candidates join, south frames at
// several distances above the north one, groups that end where the south arrays' spare entries
// begin (entries that would join anything, which the kernels must read past and drop), and the
// stops for a full chunk and for a list without room.
#include "count/half_join.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace {

using nq::detail::JoinEntries;
using nq::detail::JoinKernel;
using u64 = std::uint64_t;

// Entries with their diagonals as board-numbered sets (d1, d2) and as words of a frame whose
// diagonals begin at `low` in both families (diag: d1's in the low half, d2's in the high one),
// and after them the kSouthSpare entries a south side must have (half_join.hpp), with no
// diagonals and every pattern bit: they would join every north entry.
struct Side {
  std::vector<u64> d1, d2, diag, pattern;
  JoinEntries entries() const { return {diag.data(), pattern.data()}; }
};

Side random_side(std::mt19937_64& rng, std::size_t size, int low) {
  Side s;
  for (std::size_t i = 0; i < size; ++i) {
    // Three diagonals of each family out of 24: a pair of entries that overlap shares one about
    // half the time.
    u64 a = 0, b = 0;
    for (int k = 0; k < 3; ++k) {
      a |= u64{1} << (rng() % 24);
      b |= u64{1} << (rng() % 24);
    }
    s.d1.push_back(a << low);
    s.d2.push_back(b << low);
    s.diag.push_back(a | b << 32);
    s.pattern.push_back(rng() & ((u64{1} << 54) - 1));
  }
  s.diag.insert(s.diag.end(), nq::detail::kSouthSpare, 0);
  s.pattern.insert(s.pattern.end(), nq::detail::kSouthSpare, (u64{1} << 54) - 1);
  return s;
}

// The definition: every north entry from `at` with every south entry, no limits, both compared
// in board numbering.
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

// The half-boards in increasing order: a kernel appends them in an order of its own.
std::vector<u64> sorted(std::vector<u64> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Board-numbered diagonals as a word of the frame that begins at `low`.
u64 in_frame(u64 d1, u64 d2, int low) {
  return (d1 >> low & 0xFFFFFFFFu) | (d2 >> low & 0xFFFFFFFFu) << 32;
}

void check_kernel(JoinKernel kernel) {
  std::mt19937_64 rng(7);
  int nonempty = 0;
  for (const std::uint32_t shift : {0u, 5u, 13u}) {
    const Side north = random_side(rng, 12, 0), south = random_side(rng, 120, shift);
    for (std::uint32_t count = 0; count <= 40; ++count) {
      // No middle queen, one on diagonals both sides meet, one below the south frame; the group
      // inside the south entries, or at their end.
      for (const u64 md : {u64{0}, u64{1} << (shift + 5), u64{1} << shift >> 1}) {
        for (const std::uint32_t begin : {count % 7, 120 - count}) {
          const u64 tag = u64{count % 4} << 60;
          const std::vector<u64> want = plain_join(north, 2, 12, south, begin, count, md, md, tag);
          std::vector<u64> out(want.size() + 10 * count + 8, 0xDEAD);
          std::uint32_t at = 2;
          const std::size_t size =
              nq::detail::join_half(north.entries(), at, 12, south.entries(), begin, count, shift,
                                    in_frame(md, md, static_cast<int>(shift)), tag, out.data(), 0,
                                    ~std::size_t{0}, out.size(), kernel);
          ASSERT_EQ(at, 12u) << "count " << count << ", shift " << shift;
          ASSERT_EQ(size, want.size()) << "count " << count << ", shift " << shift;
          out.resize(size);
          EXPECT_EQ(sorted(out), sorted(want)) << "count " << count << ", shift " << shift;
          nonempty += !want.empty();
        }
      }
    }
  }
  EXPECT_GT(nonempty, 400);  // the cases joined something
}

TEST(half_join, generic_kernel_matches_the_definition) {
  ASSERT_TRUE(nq::detail::join_kernel_available(JoinKernel::generic));
  check_kernel(JoinKernel::generic);
}

TEST(half_join, avx2_kernel_matches_the_definition) {
  if (!nq::detail::join_kernel_available(JoinKernel::avx2)) {
    GTEST_SKIP() << "this processor lacks AVX2: the avx2 kernel is not checked";
  }
  check_kernel(JoinKernel::avx2);
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
  const Side north = random_side(rng, 60, 0), south = random_side(rng, 25, 0);
  // A group of 25 (one north entry at a time reaches the chunk's end) and one of 2 (the avx2
  // kernel's blocks of four north entries).
  for (const std::uint32_t count : {25u, 2u}) {
    const std::vector<u64> want = plain_join(north, 0, 60, south, 0, count, 0, 0, 0);
    for (const JoinKernel kernel : {JoinKernel::generic, JoinKernel::avx2, JoinKernel::best}) {
      std::vector<u64> out(want.size() + 40);
      std::vector<u64> got;
      std::uint32_t at = 0;
      int calls = 0;
      const std::size_t limit = count == 25 ? 20 : 8;
      const std::size_t room = count == 25 ? limit + count + 8 : out.size();
      while (at < 60) {
        // A chunk of at most `limit` entries (a north entry started below it may pass it by its
        // group), then the chunk is taken out and the next one starts at 0.
        const std::uint32_t before = at;
        const std::size_t size =
            nq::detail::join_half(north.entries(), at, 60, south.entries(), 0, count, 0, 0, 0,
                                  out.data(), 0, limit, room, kernel);
        ASSERT_GT(at, before) << "no progress";
        EXPECT_LE(size, limit - 1 + count);
        got.insert(got.end(), out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size));
        ++calls;
      }
      EXPECT_EQ(sorted(got), sorted(want)) << "group of " << count;
      EXPECT_GT(calls, 3);
    }
  }
}

TEST(half_join, stops_before_an_entry_whose_candidates_the_list_has_no_room_for) {
  std::mt19937_64 rng(13);
  Side north = random_side(rng, 4, 0);
  north.diag[0] = 0;  // joins all 16 south entries
  const Side south = random_side(rng, 16, 0);
  for (const JoinKernel kernel : {JoinKernel::generic, JoinKernel::avx2, JoinKernel::best}) {
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
