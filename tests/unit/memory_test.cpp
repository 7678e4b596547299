// SPDX-License-Identifier: MIT
#include "nqueens/memory.hpp"

#include <gtest/gtest.h>

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
  const std::uint64_t available = nq::available_memory();
  ASSERT_GT(available, 0u);
  const std::uint64_t unknown = ~0ull;  // no /proc/meminfo: a fixed 8 GiB
  EXPECT_EQ(nq::default_memory_budget(), available == unknown ? 8ull << 30 : available / 4 * 3);
}
