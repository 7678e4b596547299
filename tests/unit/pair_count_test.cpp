// SPDX-License-Identifier: MIT
// The halves engine's pair-counting loop (an internal header), against the plain definition, for
// both compiled kernels: list lengths around the vector widths, zero patterns (the padding case)
// and every cut from 0 to 6.
#include "count/pair_count.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

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

std::uint64_t plain_count(const Buckets& w, const Buckets& e) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < w.words.size(); ++i) {
    for (std::size_t j = 0; j < e.words.size(); ++j) {
      n += (w.bucket_of[i] & e.bucket_of[j]) == 0 && (w.words[i] & e.words[j]) == 0;
    }
  }
  return n;
}

}  // namespace

TEST(pair_count, both_kernels_match_the_definition) {
  using nq::detail::PairKernel;
  std::mt19937 rng(12345);
  int checked = 0;
  for (std::uint32_t cut = 0; cut <= 6; ++cut) {
    for (std::uint32_t size : {0u, 1u, 7u, 8u, 9u, 15u, 16u, 17u, 40u, 300u}) {
      for (int density : {5, 20, 45}) {
        const Buckets w = random_buckets(rng, cut, size, density);
        const Buckets e = random_buckets(rng, cut, size / 2 + 3, density);
        const std::uint64_t expected = plain_count(w, e);
        for (PairKernel k : {PairKernel::generic, PairKernel::avx2, PairKernel::best}) {
          if (!nq::detail::pair_kernel_available(k)) continue;
          std::uint64_t pairs = 0;
          EXPECT_EQ(nq::detail::count_bucket_pairs(w.start.data(), w.words.data(), e.start.data(),
                                                   e.words.data(), cut, pairs, k),
                    expected)
              << "cut " << cut << ", size " << size << ", density " << density;
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 0);
}
