// SPDX-License-Identifier: MIT
#include "nqueens/memory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "nqueens/invalid_argument.hpp"

TEST(memory, what_is_available_is_granted) {
  EXPECT_NO_THROW(nq::require_memory(0, "nothing"));
  EXPECT_NO_THROW(nq::require_memory(nq::available_memory(), "all of it"));
}

TEST(memory, more_than_is_available_is_refused_in_one_line_naming_the_job) {
  try {
    nq::require_memory(~0ull, "the construction for n = 4000000000");
    FAIL() << "no refusal";
  } catch (const nq::InvalidArgument& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("the construction for n = 4000000000 needs about 17179869184.0 GiB of "
                         "memory; only ",
                         0),
              0u)
        << what;
    EXPECT_NE(what.find(" GiB is available"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos);
  }
}

TEST(memory, the_default_budget_leaves_a_quarter_of_what_is_available) {
  EXPECT_EQ(nq::default_memory_budget(4ull << 30), 3ull << 30);
  EXPECT_EQ(nq::default_memory_budget(1001), 750u);
  EXPECT_EQ(nq::default_memory_budget(0), 0u);
  const std::uint64_t unknown = ~0ull;  // no /proc/meminfo: a fixed 8 GiB
  EXPECT_EQ(nq::default_memory_budget(unknown), 8ull << 30);
}

TEST(memory, the_live_budget_follows_what_is_available_between_two_reads) {
  // MemAvailable moves while other programs run (CI saw it move by 198 KiB between two reads),
  // so the live budget is bounded by the rule applied to a read before and a read after it.
  const std::uint64_t before = nq::available_memory();
  const std::uint64_t budget = nq::default_memory_budget();
  const std::uint64_t after = nq::available_memory();
  ASSERT_GT(before, 0u);
  const std::uint64_t low = std::min(before, after), high = std::max(before, after);
  const std::uint64_t slack = 64ull << 20;  // allowance for memory moving back and forth
  EXPECT_GE(budget + slack, nq::default_memory_budget(low));
  EXPECT_LE(budget, nq::default_memory_budget(high) + slack);
}
