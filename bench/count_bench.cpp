// SPDX-License-Identifier: MIT
// count() for n = 10..16 on one thread and on all threads; reports nodes per second.
#include <benchmark/benchmark.h>

#include "nqueens/count.hpp"

static void count_board(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto threads = static_cast<unsigned>(state.range(1));
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const nq::CountResult r = nq::count({.n = n, .threads = threads});
    benchmark::DoNotOptimize(r.total);
    nodes += r.nodes;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(count_board)
    ->ArgsProduct({{10, 12, 14, 16}, {1, 0}})
    ->ArgNames({"n", "threads"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
