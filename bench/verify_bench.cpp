// SPDX-License-Identifier: MIT
// read_perm + find_attack on a valid placement of 10^6 and 10^7 queens; reports queens per
// second, the figure that decides whether 10^8 or 10^9 queens are checked in seconds.
#include <benchmark/benchmark.h>

#include <sstream>

#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

namespace {
nq::Placement evens_then_odds(std::size_t n) {  // a solution when n mod 6 is 0, 1, 4 or 5
  std::vector<nq::Column> col;
  for (std::size_t c = 1; c < n; c += 2) col.push_back(static_cast<nq::Column>(c));
  for (std::size_t c = 0; c < n; c += 2) col.push_back(static_cast<nq::Column>(c));
  return nq::Placement(std::move(col));
}
}  // namespace

static void read_and_verify(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  std::ostringstream out;
  nq::write_perm(out, evens_then_odds(n));
  const std::string text = std::move(out).str();
  for (auto _ : state) {
    const nq::Placement p = nq::read_perm(text);
    benchmark::DoNotOptimize(nq::is_solution(p));
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}
BENCHMARK(read_and_verify)->Arg(1'000'000)->Arg(10'000'000)->Unit(benchmark::kMillisecond);
