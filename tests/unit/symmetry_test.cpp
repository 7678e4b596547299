// SPDX-License-Identifier: MIT
#include "nqueens/symmetry.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <set>

#include "brute_force.hpp"
#include "known_values.hpp"
#include "nqueens/verify.hpp"

namespace {

nq::Placement to_placement(const std::vector<unsigned>& col) {
  return nq::Placement(std::vector<nq::Column>(col.begin(), col.end()));
}

}  // namespace

TEST(symmetry, header_example_holds) {
  const nq::Placement p{1, 3, 0, 2};
  EXPECT_EQ(nq::apply(nq::Symmetry::flip_horizontal, p), (nq::Placement{2, 0, 3, 1}));
  EXPECT_EQ(nq::apply(nq::Symmetry::rotate90, p), p);
  EXPECT_EQ(nq::canonical(p), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::class_size(p), 2);
}

TEST(symmetry, maps_squares_as_documented) {
  // One queen off the diagonals: row 0, column 1 on a 3x3 "placement" (a permutation).
  const nq::Placement p{1, 2, 0};  // (0,1) (1,2) (2,0)
  EXPECT_EQ(nq::apply(nq::Symmetry::identity, p), p);
  EXPECT_EQ(nq::apply(nq::Symmetry::rotate90, p), (nq::Placement{0, 2, 1}));  // (r,c)->(c,2-r)
  EXPECT_EQ(nq::apply(nq::Symmetry::rotate180, p), (nq::Placement{2, 0, 1}));
  EXPECT_EQ(nq::apply(nq::Symmetry::rotate270, p), (nq::Placement{1, 0, 2}));
  EXPECT_EQ(nq::apply(nq::Symmetry::flip_horizontal, p), (nq::Placement{1, 0, 2}));
  EXPECT_EQ(nq::apply(nq::Symmetry::flip_vertical, p), (nq::Placement{0, 2, 1}));
  EXPECT_EQ(nq::apply(nq::Symmetry::transpose, p), (nq::Placement{2, 0, 1}));
  EXPECT_EQ(nq::apply(nq::Symmetry::anti_transpose, p), (nq::Placement{1, 2, 0}));
}

TEST(symmetry, composes_like_the_dihedral_group) {
  const nq::Placement p{4, 2, 0, 5, 3, 1};
  using S = nq::Symmetry;
  EXPECT_EQ(nq::apply(S::rotate90, nq::apply(S::rotate90, p)), nq::apply(S::rotate180, p));
  EXPECT_EQ(nq::apply(S::rotate90, nq::apply(S::rotate180, p)), nq::apply(S::rotate270, p));
  EXPECT_EQ(nq::apply(S::rotate90, nq::apply(S::rotate270, p)), p);
  for (S mirror : {S::flip_horizontal, S::flip_vertical, S::transpose, S::anti_transpose}) {
    EXPECT_EQ(nq::apply(mirror, nq::apply(mirror, p)), p) << nq::to_string(mirror);
  }
  EXPECT_EQ(nq::apply(S::flip_horizontal, nq::apply(S::flip_vertical, p)),
            nq::apply(S::rotate180, p));
}

TEST(symmetry, refuses_non_permutations) {
  EXPECT_THROW(nq::apply(nq::Symmetry::rotate90, nq::Placement{0, 0}), std::invalid_argument);
}

TEST(symmetry, every_image_of_a_solution_is_a_solution) {
  for (unsigned n = 4; n <= 8; ++n) {
    for (const auto& col : nq::test::brute_force_solutions(n)) {
      const nq::Placement p = to_placement(col);
      for (nq::Symmetry s : nq::kAllSymmetries) {
        EXPECT_TRUE(nq::is_solution(nq::apply(s, p))) << nq::to_string(s);
      }
    }
  }
}

// Group the brute-force solutions by canonical form: each class must have the size that
// class_size() reports, the canonical form must be the smallest member, and the number of
// classes must be A002562.
TEST(symmetry, class_sizes_sum_to_the_total) {
  for (unsigned n = 1; n <= 9; ++n) {
    std::map<nq::Placement, std::set<nq::Placement>> classes;
    const auto solutions = nq::test::brute_force_solutions(n);
    for (const auto& col : solutions) {
      const nq::Placement p = to_placement(col);
      classes[nq::canonical(p)].insert(p);
    }
    std::size_t sum = 0;
    for (const auto& [canon, members] : classes) {
      EXPECT_EQ(canon, *members.begin());
      for (const nq::Placement& m : members) {
        EXPECT_EQ(nq::class_size(m), static_cast<int>(members.size()));
        EXPECT_EQ(std::popcount(nq::stabilizer(m)) * members.size(), 8u);
      }
      sum += members.size();
    }
    EXPECT_EQ(sum, solutions.size()) << "n = " << n;
    EXPECT_EQ(classes.size(), nq::test::kUnique[n - 1]) << "n = " << n;
  }
}
