// SPDX-License-Identifier: MIT
// The halves engine's pair-counting loop, count_bucket_pairs, for each kernel: a west list of
// 20,000 and an east list of 10,000 random patterns, every bit set with probability 0.35, split
// into 2^cut buckets by `cut` of those bits (as the engine's cut bits are pattern bits too), for
// cut 6 (buckets of ~300 and ~150 words) and cut 10 (~20 and ~10), and for 32-bit words also cut
// 2 (~3,800 and ~1,900), in 32-bit words (count_bucket_pairs, with the bit-sliced kernel too:
// every block through its best build, and through its avx2 build) and in 64-bit ones
// (count_wide_bucket_pairs, the words of n >= 28, every bit again with probability 0.35). Reports
// the word pairs compared per second; a kernel this processor lacks is reported as an error line.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "count/pair_count.hpp"

namespace {

using nq::detail::PairKernel;

template <class Word>
struct Buckets {
  std::vector<std::uint32_t> start;  // 2^cut + 1 offsets
  std::vector<Word> words;
};

template <class Word>
Buckets<Word> random_buckets(std::mt19937_64& rng, std::uint32_t cut, std::uint32_t size) {
  std::bernoulli_distribution bit(0.35);
  std::vector<std::vector<Word>> lists(std::size_t{1} << cut);
  for (std::uint32_t i = 0; i < size; ++i) {
    Word word = 0;
    for (std::size_t b = 0; b < 8 * sizeof(Word); ++b) word |= Word{bit(rng)} << b;
    std::uint32_t bucket = 0;
    for (std::uint32_t b = 0; b < cut; ++b) bucket |= std::uint32_t{bit(rng)} << b;
    lists[bucket].push_back(word);
  }
  Buckets<Word> out;
  out.start.push_back(0);
  for (const auto& list : lists) {
    out.words.insert(out.words.end(), list.begin(), list.end());
    out.start.push_back(static_cast<std::uint32_t>(out.words.size()));
  }
  return out;
}

constexpr std::array<PairKernel, 5> kKernels = {PairKernel::generic, PairKernel::avx2,
                                                PairKernel::avx512, PairKernel::sliced,
                                                PairKernel::sliced_avx2};
constexpr std::array<const char*, 5> kKernelNames = {"generic", "avx2", "avx512", "sliced",
                                                     "sliced_avx2"};

// The words of a 2^cut-bucket list, all bucket bits dense.
template <class Word>
nq::detail::BucketListOf<Word> list_of(const Buckets<Word>& b, std::uint32_t cut) {
  return {.start = b.start.data(), .words = b.words.data(), .dense = cut};
}

template <class Word>
void count_pairs_of(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const auto cut = static_cast<std::uint32_t>(state.range(1));
  if (!nq::detail::pair_kernel_available(kKernels[k])) {
    state.SkipWithError("this processor lacks the kernel");
    return;
  }
  std::mt19937_64 rng(2024);  // the same lists for every kernel
  const auto west = random_buckets<Word>(rng, cut, 20000);
  const auto east = random_buckets<Word>(rng, cut, 10000);
  const nq::detail::PairJoin join{.cut = cut, .kernel = kKernels[k]};
  nq::detail::PairScratch scratch;
  std::uint64_t pairs = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(nq::detail::count_bucket_pairs(list_of(west, cut), list_of(east, cut),
                                                            join, pairs, scratch));
  }
  state.SetLabel(kKernelNames[k]);
  state.counters["pairs/s"] =
      benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
}

}  // namespace

void count_bucket_pairs(benchmark::State& state) { count_pairs_of<std::uint32_t>(state); }
void count_wide_bucket_pairs(benchmark::State& state) { count_pairs_of<std::uint64_t>(state); }

BENCHMARK(count_bucket_pairs)
    ->ArgsProduct({{0, 1, 2, 3, 4}, {2, 6, 10}})
    ->ArgNames({"kernel", "cut"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(count_wide_bucket_pairs)
    ->ArgsProduct({{0, 1, 2}, {6, 10}})
    ->ArgNames({"kernel", "cut"})
    ->Unit(benchmark::kMillisecond);
