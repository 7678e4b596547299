// SPDX-License-Identifier: MIT
// The halves engine's pair-counting loop (an internal header), against the plain definition, for
// every compiled kernel, one test each: a kernel this processor lacks is reported as skipped,
// except the generic one, which every processor runs. The cases: list lengths around the vector
// widths and register blocks (8, 16, 32 and 64 words) on either side, zero patterns (the padding
// case), every cut from 0 to 6, cuts up to 16 with small lists, and lists of a few thousand
// words; and 64-bit words, the layout of n >= 28.
#include "count/pair_count.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "count/sliced_pairs.hpp"

namespace {

using nq::detail::PairKernel;

struct Buckets {
  std::vector<std::uint32_t> start;  // 2^cut + 1 offsets
  std::vector<std::uint32_t> words;
  std::vector<std::uint32_t> bucket_of;  // per word, for the plain count
};

Buckets random_buckets(std::mt19937& rng, std::uint32_t cut, std::uint32_t size, int density) {
  Buckets b;
  const std::uint32_t count = 1u << cut;
  std::vector<std::vector<std::uint32_t>> lists(count);
  for (std::uint32_t i = 0; i < size; ++i) {
    std::uint32_t w = 0;
    for (int bit = 0; bit < 32; ++bit)
      w |= static_cast<std::uint32_t>(rng() % 100 < density) << bit;
    if (rng() % 10 == 0) w = 0;  // zero patterns match everything, padding included
    lists[rng() % count].push_back(w);
  }
  b.start.push_back(0);
  for (std::uint32_t k = 0; k < count; ++k) {
    for (std::uint32_t w : lists[k]) {
      b.words.push_back(w);
      b.bucket_of.push_back(k);
    }
    b.start.push_back(static_cast<std::uint32_t>(b.words.size()));
  }
  return b;
}

// The trie join's layout: words sorted into 2^(cut + extra) buckets, the low `extra` bits of a
// bucket's index being the word's top bits (bucket_of keeps the top `cut` bits only).
Buckets fine_buckets(std::mt19937& rng, std::uint32_t cut, std::uint32_t extra, std::uint32_t size,
                     int density) {
  const std::uint32_t fine = cut + extra;
  std::vector<std::vector<std::uint32_t>> lists(std::size_t{1} << fine), cuts(lists.size());
  for (std::uint32_t i = 0; i < size; ++i) {
    std::uint32_t w = 0;
    for (int bit = 0; bit < 32; ++bit)
      w |= static_cast<std::uint32_t>(rng() % 100 < density) << bit;
    const std::uint32_t a = static_cast<std::uint32_t>(rng() % (1u << cut));
    const std::uint32_t index = a << extra | (extra ? w >> (32 - extra) : 0);
    lists[index].push_back(w);
    cuts[index].push_back(a);
  }
  Buckets b;
  b.start.push_back(0);
  for (std::size_t k = 0; k < lists.size(); ++k) {
    for (std::size_t i = 0; i < lists[k].size(); ++i) {
      b.words.push_back(lists[k][i]);
      b.bucket_of.push_back(cuts[k][i]);
    }
    b.start.push_back(static_cast<std::uint32_t>(b.words.size()));
  }
  return b;
}

std::uint64_t plain_count(const Buckets& w, const Buckets& e) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < w.words.size(); ++i) {
    for (std::size_t j = 0; j < e.words.size(); ++j) {
      n += (w.bucket_of[i] & e.bucket_of[j]) == 0 && (w.words[i] & e.words[j]) == 0;
    }
  }
  return n;
}

// A list whose bucket bits are all in its dense table: 2^fine buckets.
nq::detail::BucketList dense_list(const Buckets& b, std::uint32_t fine) {
  return {.start = b.start.data(), .words = b.words.data(), .dense = fine};
}

std::uint64_t plain_pairs(const Buckets& w, const Buckets& e) {
  std::uint64_t n = 0;
  for (std::uint32_t a : w.bucket_of) {
    for (std::uint32_t b : e.bucket_of) n += (a & b) == 0;
  }
  return n;
}

// One case: the kernel's count and its pair total against the plain ones.
void check(PairKernel kernel, std::mt19937& rng, std::uint32_t cut, std::uint32_t west_size,
           std::uint32_t east_size, int density) {
  const Buckets w = random_buckets(rng, cut, west_size, density);
  const Buckets e = random_buckets(rng, cut, east_size, density);
  std::uint64_t pairs = 0;
  EXPECT_EQ(nq::detail::count_bucket_pairs(dense_list(w, cut), dense_list(e, cut),
                                           {.cut = cut, .kernel = kernel}, pairs),
            plain_count(w, e))
      << "cut " << cut << ", sizes " << west_size << " and " << east_size << ", density "
      << density;
  EXPECT_EQ(pairs, plain_pairs(w, e))
      << "cut " << cut << ", sizes " << west_size << " and " << east_size;
}

void check_kernel(PairKernel kernel) {
  std::mt19937 rng(12345);
  // One bucket: every length around the vector widths, either list the longer one.
  const std::uint32_t lengths[] = {0,  1,  7,  8,  9,  15, 16, 17, 31, 32, 33,  40,  47, 48,
                                   49, 63, 64, 65, 79, 80, 81, 95, 96, 97, 127, 128, 129};
  for (std::uint32_t west : lengths) {
    for (std::uint32_t east : {0u, 1u, 5u, 16u, 17u, west / 2 + 3, west + 1, 70u}) {
      for (int density : {5, 45, 90}) check(kernel, rng, 0, west, east, density);
    }
  }
  for (std::uint32_t cut = 0; cut <= 6; ++cut) {
    for (std::uint32_t size : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 40u, 300u}) {
      for (int density : {5, 20, 45}) check(kernel, rng, cut, size, size / 2 + 3, density);
    }
  }
  for (std::uint32_t cut : {8u, 10u, 12u, 14u, 16u}) {
    for (std::uint32_t size : {1u, 50u, 400u}) {
      for (int density : {5, 35}) check(kernel, rng, cut, size, size / 2 + 3, density);
    }
  }
  // Long lists: buckets of hundreds of words, the blocked main loop's case.
  for (std::uint32_t cut : {0u, 2u, 6u}) check(kernel, rng, cut, 3000, 2500, 35);
  check(kernel, rng, 1, 1500, 4000, 20);
}

// A list's top `dense` bucket bits as a table and every word's `fine` bucket bits as a key.
struct Sparse {
  std::vector<std::uint32_t> start, keys;
  std::uint32_t dense;
  nq::detail::BucketList list(const Buckets& b) const {
    return {start.data(), b.words.data(), keys.data(), dense};
  }
};

Sparse sparse(const Buckets& b, std::uint32_t fine, std::uint32_t dense) {
  Sparse s{{}, std::vector<std::uint32_t>(b.words.size()), dense};
  for (std::uint32_t k = 0; k + 1 < b.start.size(); ++k) {
    for (std::uint32_t i = b.start[k]; i < b.start[k + 1]; ++i) s.keys[i] = k;
  }
  for (std::uint32_t j = 0; j <= (1u << dense); ++j)
    s.start.push_back(b.start[j << (fine - dense)]);
  return s;
}

// The trie join: bucket bits below the cut, split only where a block is large; every leaf size
// from "always split" to "never split" must give the definition's count, and never compare more
// pairs than the flat join.
void check_trie(PairKernel kernel) {
  std::mt19937 rng(777);
  int checked = 0;
  for (std::uint32_t cut : {0u, 2u, 6u}) {
    for (std::uint32_t extra : {1u, 4u, 8u}) {
      for (std::uint32_t size : {0u, 9u, 200u, 2500u}) {
        for (int density : {10, 45}) {
          const Buckets w = fine_buckets(rng, cut, extra, size, density);
          const Buckets e = fine_buckets(rng, cut, extra, size / 2 + 5, density);
          const std::uint64_t expected = plain_count(w, e), flat = plain_pairs(w, e);
          for (std::uint64_t leaf :
               {std::uint64_t{0}, std::uint64_t{64}, std::uint64_t{1} << 14, ~std::uint64_t{0}}) {
            std::uint64_t pairs = 0;
            const std::uint32_t fine = cut + extra;
            EXPECT_EQ(nq::detail::count_bucket_pairs(
                          dense_list(w, fine), dense_list(e, fine),
                          {.cut = cut, .fine = fine, .leaf_pairs = leaf, .kernel = kernel}, pairs),
                      expected)
                << "cut " << cut << ", extra " << extra << ", size " << size << ", leaf " << leaf;
            EXPECT_LE(pairs, flat);
            ++checked;
            // The same lists, said to hold 32-bit words whose top bits are the trie's: the
            // sliced kernel then skips what a streamed word's top bits rule out.
            std::uint64_t top_pairs = 0;
            nq::detail::BucketList top_w = dense_list(w, fine), top_e = dense_list(e, fine);
            top_w.bits = top_e.bits = 32;
            EXPECT_EQ(
                nq::detail::count_bucket_pairs(
                    top_w, top_e, {.cut = cut, .fine = fine, .leaf_pairs = leaf, .kernel = kernel},
                    top_pairs),
                expected)
                << "cut " << cut << ", extra " << extra << ", size " << size << ", leaf " << leaf;
            EXPECT_EQ(top_pairs, pairs) << "the same blocks";
            // The same lists with only the top `dense` bucket bits in a table, the others found
            // by binary search in per-word keys (the layout of n >= 26).
            for (std::uint32_t dense : {0u, 1u, cut}) {
              const Sparse sw = sparse(w, cut + extra, dense), se = sparse(e, cut + extra, dense);
              std::uint64_t sparse_pairs = 0;
              EXPECT_EQ(nq::detail::count_bucket_pairs(
                            sw.list(w), se.list(e),
                            {.cut = cut, .fine = fine, .leaf_pairs = leaf, .kernel = kernel},
                            sparse_pairs),
                        expected)
                  << "cut " << cut << ", extra " << extra << ", dense " << dense << ", size "
                  << size << ", leaf " << leaf;
              EXPECT_EQ(sparse_pairs, pairs) << "the same blocks, found another way";
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 0);
}

// 64-bit words (the layout of n >= 28): words sorted into 2^(cut + extra) buckets, the low
// `extra` bits of a bucket's index being the word's top bits; every word's bucket index in `keys`.
struct WideBuckets {
  std::vector<std::uint32_t> start, keys, bucket_of;  // bucket_of: the top `cut` bits only
  std::vector<std::uint64_t> words;
  nq::detail::WideBucketList list(std::uint32_t fine, std::uint32_t dense,
                                  std::vector<std::uint32_t>& table) const {
    table.clear();
    for (std::uint32_t j = 0; j <= (1u << dense); ++j) table.push_back(start[j << (fine - dense)]);
    return {table.data(), words.data(), keys.data(), dense};
  }
};

WideBuckets wide_buckets(std::mt19937_64& rng, std::uint32_t cut, std::uint32_t extra,
                         std::uint32_t size, int density) {
  std::vector<std::vector<std::uint64_t>> lists(std::size_t{1} << (cut + extra));
  for (std::uint32_t i = 0; i < size; ++i) {
    std::uint64_t w = 0;
    for (int bit = 0; bit < 64; ++bit) w |= std::uint64_t{rng() % 100 < density} << bit;
    if (rng() % 10 == 0) w = 0;  // zero patterns match everything, padding included
    const auto a = static_cast<std::uint32_t>(rng() % (1u << cut));
    lists[a << extra | (extra ? static_cast<std::uint32_t>(w >> (64 - extra)) : 0)].push_back(w);
  }
  WideBuckets b;
  b.start.push_back(0);
  for (std::uint32_t k = 0; k < lists.size(); ++k) {
    for (const std::uint64_t w : lists[k]) {
      b.words.push_back(w);
      b.keys.push_back(k);
      b.bucket_of.push_back(k >> extra);
    }
    b.start.push_back(static_cast<std::uint32_t>(b.words.size()));
  }
  return b;
}

std::uint64_t plain_wide_count(const WideBuckets& w, const WideBuckets& e) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < w.words.size(); ++i) {
    for (std::size_t j = 0; j < e.words.size(); ++j) {
      n += (w.bucket_of[i] & e.bucket_of[j]) == 0 && (w.words[i] & e.words[j]) == 0;
    }
  }
  return n;
}

// 64-bit words, every list length around the vector widths (4 and 8 words, blocks of 8 and 16),
// cuts with and without trie bits, dense and searched tables, every leaf size: the definition's
// count, and the same pairs compared however the buckets are found.
void check_wide(PairKernel kernel) {
  std::mt19937_64 rng(4242);
  const std::uint32_t lengths[] = {0, 1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 100, 2000};
  for (std::uint32_t cut : {0u, 2u, 6u}) {
    for (std::uint32_t extra : {0u, 4u}) {
      const std::uint32_t fine = cut + extra;
      for (std::uint32_t size : lengths) {
        for (int density : {10, 45}) {
          const WideBuckets w = wide_buckets(rng, cut, extra, size, density);
          const WideBuckets e = wide_buckets(rng, cut, extra, size / 2 + 3, density);
          const std::uint64_t expected = plain_wide_count(w, e);
          for (std::uint64_t leaf : {std::uint64_t{0}, std::uint64_t{1} << 14, ~std::uint64_t{0}}) {
            std::uint64_t first_pairs = 0;
            for (std::uint32_t dense : {fine, std::min(fine, 1u)}) {
              std::vector<std::uint32_t> wt, et;
              std::uint64_t pairs = 0;
              EXPECT_EQ(
                  nq::detail::count_bucket_pairs(
                      w.list(fine, dense, wt), e.list(fine, dense, et),
                      {.cut = cut, .fine = fine, .leaf_pairs = leaf, .kernel = kernel}, pairs),
                  expected)
                  << "cut " << cut << ", extra " << extra << ", size " << size << ", dense "
                  << dense << ", leaf " << leaf;
              if (dense == fine) first_pairs = pairs;
              EXPECT_EQ(pairs, first_pairs) << "the same blocks, found another way";
            }
          }
        }
      }
    }
  }
}

const std::pair<PairKernel, const char*> kKernels[] = {{PairKernel::generic, "generic"},
                                                       {PairKernel::avx2, "avx2"},
                                                       {PairKernel::avx512, "avx512"},
                                                       {PairKernel::sliced, "sliced"},
                                                       {PairKernel::sliced_avx2, "sliced_avx2"}};

// The kernels this processor lacks are named in the output, not dropped silently (the
// per-kernel tests below are skipped for them, and say so).
void note_missing_kernels() {
  std::string missing;
  for (const auto& [k, name] : kKernels) {
    if (!nq::detail::pair_kernel_available(k)) {
      missing += std::string(missing.empty() ? "" : ", ") + name;
    }
  }
  if (!missing.empty()) {
    testing::Test::RecordProperty("kernels_not_checked", missing);
    std::printf("[  NOTE    ] this processor lacks the %s kernel(s): not checked here\n",
                missing.c_str());
  }
}

// Every kernel this processor has.
void on_every_kernel(void (*check_with)(PairKernel)) {
  for (const auto& [k, name] : kKernels) {
    if (nq::detail::pair_kernel_available(k)) check_with(k);
  }
  note_missing_kernels();
}

// One join through every kernel this processor has, the same lists for each: every count must be
// `plain`'s (a double loop over the words), and so each other's; the word kernels (generic, avx2,
// avx512) split a join into the same blocks, so they must also compare the same pairs.
template <class Word>
void expect_every_kernel_alike(const nq::detail::BucketListOf<Word>& west,
                               const nq::detail::BucketListOf<Word>& east,
                               nq::detail::PairJoin join, std::uint64_t plain,
                               const std::string& what) {
  std::uint64_t first_count = 0, word_pairs = 0;
  bool first = true, first_words = true;
  for (const auto& [k, name] : kKernels) {
    if (!nq::detail::pair_kernel_available(k)) continue;
    join.kernel = k;
    std::uint64_t pairs = 0;
    const std::uint64_t count = nq::detail::count_bucket_pairs(west, east, join, pairs);
    EXPECT_EQ(count, plain) << name << " against the double loop, " << what;
    if (first) first_count = count;
    first = false;
    EXPECT_EQ(count, first_count) << name << " against the first kernel, " << what;
    if (k == PairKernel::sliced || k == PairKernel::sliced_avx2) continue;
    if (first_words) word_pairs = pairs;
    first_words = false;
    EXPECT_EQ(pairs, word_pairs) << name << "'s pairs compared, " << what;
  }
}

// Blocks of at most 2^16 pairs are held and counted in batches of 256, their lanes added up once
// a batch: here 4,096 buckets a side of about three words (about 480,000 bucket pairs to
// compare), and 729 bucket pairs of about 150 by 150 words in which every pair matches (a
// batch's largest sums).
void check_batches(PairKernel kernel) {
  std::mt19937 rng(256);
  check(kernel, rng, 12, 12000, 12000, 5);
  check(kernel, rng, 6, 10000, 10000, 0);
}

}  // namespace

TEST(pair_count, trie_join_matches_the_definition_with_every_kernel) {
  on_every_kernel(check_trie);
}

TEST(pair_count, every_kernel_counts_64_bit_words_as_the_definition_does) {
  on_every_kernel(check_wide);
}

TEST(pair_count, generic_kernel_matches_the_definition) {
  ASSERT_TRUE(nq::detail::pair_kernel_available(PairKernel::generic));
  check_kernel(PairKernel::generic);
}

TEST(pair_count, avx2_kernel_matches_the_definition) {
  if (!nq::detail::pair_kernel_available(PairKernel::avx2)) {
    GTEST_SKIP() << "this processor lacks AVX2: the avx2 kernel is not checked";
  }
  check_kernel(PairKernel::avx2);
}

TEST(pair_count, avx512_kernel_matches_the_definition) {
  if (!nq::detail::pair_kernel_available(PairKernel::avx512)) {
    GTEST_SKIP() << "this processor lacks AVX-512 F, VL or BW: the avx512 kernel is not checked";
  }
  check_kernel(PairKernel::avx512);
}

// Every block below the cut through the bit-sliced kernel (sliced_pairs.hpp), whatever its size:
// its best build, and its avx2 build where that is not the best.
TEST(pair_count, sliced_kernel_matches_the_definition) {
  if (!nq::detail::pair_kernel_available(PairKernel::sliced)) {
    GTEST_SKIP() << "this processor lacks AVX-512 VPOPCNTDQ and a fast AVX2 with BMI2: the sliced "
                    "kernel is not checked";
  }
  check_kernel(PairKernel::sliced);
  if (nq::detail::sliced_pairs_isa() != nq::detail::SlicedIsa::avx2 &&
      nq::detail::pair_kernel_available(PairKernel::sliced_avx2)) {
    check_kernel(PairKernel::sliced_avx2);
  }
}

// The sliced blocks of a join are held back and counted in order of their transposed range, at
// most 2^14 at a time: here about 480,000 blocks (4,096 buckets a side, three words a bucket).
TEST(pair_count, a_join_of_more_sliced_blocks_than_it_holds_back_counts_them_all) {
  if (!nq::detail::pair_kernel_available(PairKernel::sliced)) {
    GTEST_SKIP() << "this processor lacks AVX-512 VPOPCNTDQ and a fast AVX2 with BMI2: the sliced "
                    "kernel is not checked";
  }
  std::mt19937 rng(65536);
  check(PairKernel::sliced, rng, 12, 12000, 12000, 5);
}

TEST(pair_count, a_join_of_more_small_blocks_than_a_batch_holds_counts_them_all) {
  on_every_kernel(check_batches);
}

// The run-time switch (PairKernel) forces each narrower path on the same inputs: one bucket with
// lengths around the vector widths and a block of more than 2^16 pairs (counted alone, not
// batched), buckets below the cut, the trie join below it with the words' top bits said (which
// the sliced kernel skips by), and 64-bit words.
TEST(pair_count, every_kernel_counts_the_same_lists_as_the_others_and_a_double_loop_do) {
  std::mt19937 rng(71);
  const std::uint32_t cases[][3] = {{0, 1, 1},     {0, 33, 17},   {0, 129, 70},
                                    {0, 700, 300}, {3, 300, 200}, {6, 3000, 2500}};
  for (const auto& [cut, west, east] : cases) {
    const Buckets w = random_buckets(rng, cut, west, 35), e = random_buckets(rng, cut, east, 35);
    expect_every_kernel_alike(dense_list(w, cut), dense_list(e, cut), {.cut = cut},
                              plain_count(w, e),
                              "cut " + std::to_string(cut) + ", sizes " + std::to_string(west) +
                                  " and " + std::to_string(east));
  }
  constexpr std::uint32_t cut = 2, fine = 6;
  const Buckets w = fine_buckets(rng, cut, fine - cut, 2500, 30);
  const Buckets e = fine_buckets(rng, cut, fine - cut, 1300, 30);
  nq::detail::BucketList top_w = dense_list(w, fine), top_e = dense_list(e, fine);
  top_w.bits = top_e.bits = 32;
  for (const std::uint64_t leaf : {std::uint64_t{64}, std::uint64_t{1} << 14}) {
    expect_every_kernel_alike(top_w, top_e, {.cut = cut, .fine = fine, .leaf_pairs = leaf},
                              plain_count(w, e), "the trie join, leaf " + std::to_string(leaf));
  }
  std::mt19937_64 rng64(71);
  const WideBuckets wide_w = wide_buckets(rng64, cut, fine - cut, 2000, 10);
  const WideBuckets wide_e = wide_buckets(rng64, cut, fine - cut, 1003, 10);
  std::vector<std::uint32_t> wt, et;
  expect_every_kernel_alike(wide_w.list(fine, fine, wt), wide_e.list(fine, fine, et),
                            {.cut = cut, .fine = fine, .leaf_pairs = 64},
                            plain_wide_count(wide_w, wide_e), "64-bit words");
  note_missing_kernels();
}

TEST(pair_count, best_kernel_matches_the_definition) {
  ASSERT_TRUE(nq::detail::pair_kernel_available(PairKernel::best));
  check_kernel(PairKernel::best);
}

// A sampled descent (for timing a window of a join too large to run whole) follows the prefix
// pairs of its level whose hash falls below `keep`: all of them at the top keep, none at 0, for
// one seed a set that grows with keep, and on average over seeds keep / 2^64 of the count; it
// times what it followed, and takes only a level that the bucket bits above the words cover.
TEST(pair_count, a_sampled_descent_follows_a_random_share_of_the_prefix_pairs) {
  std::mt19937 rng(2026);
  constexpr std::uint32_t cut = 6, extra = 4, fine = cut + extra;
  const Buckets w = fine_buckets(rng, cut, extra, 3000, 30);
  const Buckets e = fine_buckets(rng, cut, extra, 2500, 30);
  const std::uint64_t whole = plain_count(w, e);
  ASSERT_GT(whole, 0u);
  const Sparse sw = sparse(w, fine, cut), se = sparse(e, fine, cut);
  auto sampled = [&](std::uint32_t level, std::uint64_t keep, std::uint64_t seed,
                     double* seconds = nullptr) {
    nq::detail::PairSample s{level, keep, seed};
    std::uint64_t pairs = 0;
    const std::uint64_t c = nq::detail::count_bucket_pairs(
        sw.list(w), se.list(e),
        {.cut = cut, .fine = fine, .leaf_pairs = std::uint64_t{1} << 14, .sample = &s}, pairs);
    if (seconds) *seconds = s.seconds;
    return c;
  };
  constexpr std::uint64_t kAll = ~std::uint64_t{0}, kQuarter = std::uint64_t{1} << 62;
  for (std::uint32_t level : {0u, 3u, cut}) {
    EXPECT_EQ(sampled(level, kAll, 1), whole) << "level " << level;
    EXPECT_EQ(sampled(level, 0, 1), 0u) << "level " << level;
  }
  double half_share = 0;
  int strict = 0;
  constexpr int kSeeds = 200;
  for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
    const std::uint64_t q1 = sampled(cut, kQuarter, seed), q2 = sampled(cut, 2 * kQuarter, seed),
                        q3 = sampled(cut, 3 * kQuarter, seed);
    EXPECT_LE(q1, q2) << "seed " << seed;
    EXPECT_LE(q2, q3) << "seed " << seed;
    EXPECT_LE(q3, whole) << "seed " << seed;
    strict += q1 < q2 && q2 < q3 && q3 < whole;
    half_share += static_cast<double>(q2) / static_cast<double>(whole) / kSeeds;
  }
  EXPECT_GT(strict, kSeeds / 2);
  EXPECT_NEAR(half_share, 0.5, 0.05);
  double seconds = 0;
  EXPECT_EQ(sampled(cut, kAll, 1, &seconds), whole);
  EXPECT_GT(seconds, 0);
  EXPECT_THROW(sampled(cut + 1, kAll, 1), std::invalid_argument);
}

// One bucket pair of 300,000 x 300,000 zero words: 9e10 matches, more than a 32-bit sum holds, so
// the AVX-512 kernel takes the shorter list in slices (a lane sees at most 1.4e9), and the AVX2
// one's byte counters (every pair a match) are summed every 255 words into 64-bit lanes. The
// vector kernels only (the generic one would take minutes here).
TEST(pair_count, vector_kernels_count_past_2_to_the_32_in_one_bucket_pair) {
  constexpr std::uint32_t kWords = 300000;
  const std::vector<std::uint32_t> start = {0, kWords}, words(kWords, 0);
  int checked = 0;
  for (PairKernel k : {PairKernel::avx2, PairKernel::avx512}) {
    if (!nq::detail::pair_kernel_available(k)) continue;
    std::uint64_t pairs = 0;
    const nq::detail::BucketList list{.start = start.data(), .words = words.data()};
    EXPECT_EQ(nq::detail::count_bucket_pairs(list, list, {.kernel = k}, pairs),
              std::uint64_t{kWords} * kWords)
        << "kernel " << static_cast<int>(k);
    EXPECT_EQ(pairs, std::uint64_t{kWords} * kWords);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "this processor has neither AVX2 nor AVX-512";
}
