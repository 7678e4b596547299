// SPDX-License-Identifier: MIT
#include "nqueens/placement.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

TEST(placement, stores_columns_by_row) {
  const nq::Placement p{1, 3, 0, 2};
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[0], 1u);
  EXPECT_EQ(p[3], 2u);
  EXPECT_EQ(p.columns().size(), 4u);
}

TEST(placement, rejects_columns_off_the_board) {
  EXPECT_THROW((nq::Placement{0, 4, 1, 2}), std::invalid_argument);
  EXPECT_THROW(nq::Placement(std::vector<nq::Column>{7}), std::invalid_argument);
}

TEST(placement, knows_whether_it_is_a_permutation) {
  EXPECT_TRUE((nq::Placement{1, 3, 0, 2}.is_permutation()));
  EXPECT_FALSE((nq::Placement{1, 1, 0, 2}.is_permutation()));
  EXPECT_TRUE(nq::Placement{}.is_permutation());
}

TEST(placement, orders_lexicographically) {
  EXPECT_LT((nq::Placement{1, 3, 0, 2}), (nq::Placement{2, 0, 3, 1}));
  EXPECT_EQ((nq::Placement{1, 3, 0, 2}), (nq::Placement{1, 3, 0, 2}));
}
