// SPDX-License-Identifier: MIT
// The halves engine's pair-counting loop, count_bucket_pairs, for each kernel: a west list of
// 20,000 and an east list of 10,000 random patterns, every bit set with probability 0.35, split
// into 2^cut buckets by `cut` of those bits (as the engine's cut bits are pattern bits too), for
// cut 6 (buckets of ~300 and ~150 words) and cut 10 (~20 and ~10). Reports the word pairs
// compared per second; a kernel this processor lacks is reported as an error line.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "count/pair_count.hpp"

namespace {

using nq::detail::PairKernel;

struct Buckets {
  std::vector<std::uint32_t> start;  // 2^cut + 1 offsets
  std::vector<std::uint32_t> words;
};

Buckets random_buckets(std::mt19937_64& rng, std::uint32_t cut, std::uint32_t size) {
  std::bernoulli_distribution bit(0.35);
  std::vector<std::vector<std::uint32_t>> lists(std::size_t{1} << cut);
  for (std::uint32_t i = 0; i < size; ++i) {
    std::uint64_t pattern = 0;
    for (std::uint32_t b = 0; b < 32 + cut; ++b) pattern |= std::uint64_t{bit(rng)} << b;
    lists[pattern >> 32].push_back(static_cast<std::uint32_t>(pattern));
  }
  Buckets out;
  out.start.push_back(0);
  for (const auto& list : lists) {
    out.words.insert(out.words.end(), list.begin(), list.end());
    out.start.push_back(static_cast<std::uint32_t>(out.words.size()));
  }
  return out;
}

constexpr std::array<PairKernel, 3> kKernels = {PairKernel::generic, PairKernel::avx2,
                                                PairKernel::avx512};
constexpr std::array<const char*, 3> kKernelNames = {"generic", "avx2", "avx512"};

void count_bucket_pairs(benchmark::State& state) {
  const auto k = static_cast<std::size_t>(state.range(0));
  const auto cut = static_cast<std::uint32_t>(state.range(1));
  if (!nq::detail::pair_kernel_available(kKernels[k])) {
    state.SkipWithError("this processor lacks the kernel");
    return;
  }
  std::mt19937_64 rng(2024);  // the same lists for every kernel
  const Buckets west = random_buckets(rng, cut, 20000);
  const Buckets east = random_buckets(rng, cut, 10000);
  std::uint64_t pairs = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(nq::detail::count_bucket_pairs(west.start.data(), west.words.data(),
                                                            east.start.data(), east.words.data(),
                                                            cut, pairs, kKernels[k]));
  }
  state.SetLabel(kKernelNames[k]);
  state.counters["pairs/s"] =
      benchmark::Counter(static_cast<double>(pairs), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(count_bucket_pairs)
    ->ArgsProduct({{0, 1, 2}, {6, 10}})
    ->ArgNames({"kernel", "cut"})
    ->Unit(benchmark::kMillisecond);
