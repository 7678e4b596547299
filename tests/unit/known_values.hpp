// SPDX-License-Identifier: MIT
// Published counts, copied digit for digit from OEIS: A000170 (all solutions) and A002562
// (solutions up to the 8 symmetries of the square), n = 1..27. Index 0 is n = 1.
#pragma once

#include <array>
#include <cstdint>

namespace nq::test {

inline constexpr std::array<std::uint64_t, 27> kTotal = {1ull,
                                                         0ull,
                                                         0ull,
                                                         2ull,
                                                         10ull,
                                                         4ull,
                                                         40ull,
                                                         92ull,
                                                         352ull,
                                                         724ull,
                                                         2680ull,
                                                         14200ull,
                                                         73712ull,
                                                         365596ull,
                                                         2279184ull,
                                                         14772512ull,
                                                         95815104ull,
                                                         666090624ull,
                                                         4968057848ull,
                                                         39029188884ull,
                                                         314666222712ull,
                                                         2691008701644ull,
                                                         24233937684440ull,
                                                         227514171973736ull,
                                                         2207893435808352ull,
                                                         22317699616364044ull,
                                                         234907967154122528ull};

inline constexpr std::array<std::uint64_t, 27> kUnique = {1ull,
                                                          0ull,
                                                          0ull,
                                                          1ull,
                                                          2ull,
                                                          1ull,
                                                          6ull,
                                                          12ull,
                                                          46ull,
                                                          92ull,
                                                          341ull,
                                                          1787ull,
                                                          9233ull,
                                                          45752ull,
                                                          285053ull,
                                                          1846955ull,
                                                          11977939ull,
                                                          83263591ull,
                                                          621012754ull,
                                                          4878666808ull,
                                                          39333324973ull,
                                                          336376244042ull,
                                                          3029242658210ull,
                                                          28439272956934ull,
                                                          275986683743434ull,
                                                          2789712466510289ull,
                                                          29363495934315694ull};

}  // namespace nq::test
