// SPDX-License-Identifier: MIT
// The published counts for `count --check`: OEIS A000170 (all solutions) and A002562 (unique),
// n = 1..27. Kept apart from the test suite's own copy (tests/unit/known_values.hpp) so that a
// typo in one cannot hide a wrong count in the other.
#include <array>
#include <optional>

#include "nqueens/count.hpp"

namespace nq {

namespace {

constexpr std::array<KnownCount, kMaxKnownN> kKnown = {{
    {1, 1},
    {0, 0},
    {0, 0},
    {2, 1},
    {10, 2},
    {4, 1},
    {40, 6},
    {92, 12},
    {352, 46},
    {724, 92},
    {2680, 341},
    {14200, 1787},
    {73712, 9233},
    {365596, 45752},
    {2279184, 285053},
    {14772512, 1846955},
    {95815104, 11977939},
    {666090624, 83263591},
    {4968057848, 621012754},
    {39029188884, 4878666808},
    {314666222712, 39333324973},
    {2691008701644, 336376244042},
    {24233937684440, 3029242658210},
    {227514171973736, 28439272956934},
    {2207893435808352, 275986683743434},
    {22317699616364044, 2789712466510289},
    {234907967154122528, 29363495934315694},
}};

}  // namespace

std::optional<KnownCount> known_count(int n) {
  if (n < 1 || n > kMaxKnownN) return std::nullopt;
  return kKnown[static_cast<std::size_t>(n - 1)];
}

}  // namespace nq
