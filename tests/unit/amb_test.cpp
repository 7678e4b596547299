// SPDX-License-Identifier: MIT
#include "nqueens/amb.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

TEST(amb, header_example_holds) {
  nq::Amb amb;
  std::string chain;
  EXPECT_TRUE(amb.run_first([&](nq::Amb& a) {
    const std::string w1 = a.choose<std::string>({"the", "that", "a"});
    const std::string w2 = a.choose<std::string>({"frog", "elephant", "thing"});
    a.require(w1.back() == w2.front());
    chain = w1 + " " + w2;
  }));
  EXPECT_EQ(chain, "the elephant");
}

TEST(amb, enumerates_every_combination_in_order) {
  nq::Amb amb;
  std::vector<std::pair<int, char>> seen;
  std::pair<int, char> current;
  const auto successes = amb.run_all(
      [&](nq::Amb& a) {
        current = {a.choose({1, 2, 3}), a.choose({'x', 'y'})};
      },
      [&] {
        seen.push_back(current);
        return true;
      });
  EXPECT_EQ(successes, 6u);
  const std::vector<std::pair<int, char>> expected = {{1, 'x'}, {1, 'y'}, {2, 'x'},
                                                      {2, 'y'}, {3, 'x'}, {3, 'y'}};
  EXPECT_EQ(seen, expected);
}

TEST(amb, reports_exhaustion) {
  nq::Amb amb;
  EXPECT_FALSE(amb.run_first([](nq::Amb& a) { a.require(a.choose({1, 2, 3}) > 5); }));
  EXPECT_EQ(amb.run_all([](nq::Amb& a) { a.fail(); }), 0u);
  EXPECT_FALSE(amb.run_first([](nq::Amb& a) { a.choose(std::vector<int>{}); }));
}

TEST(amb, nested_choices_depend_on_earlier_ones) {
  // Pythagorean triples with a < b < c <= 20: the options of later choices depend on earlier ones.
  nq::Amb amb;
  std::vector<std::vector<int>> triples;
  std::vector<int> current;
  const auto range = [](int from, int to) {
    std::vector<int> v;
    for (int i = from; i <= to; ++i) v.push_back(i);
    return v;
  };
  amb.run_all(
      [&](nq::Amb& a) {
        const int x = a.choose(range(1, 20));
        const int y = a.choose(range(x + 1, 20));
        const int z = a.choose(range(y + 1, 20));
        a.require(x * x + y * y == z * z);
        current = {x, y, z};
      },
      [&] {
        triples.push_back(current);
        return true;
      });
  const std::vector<std::vector<int>> expected = {{3, 4, 5},   {5, 12, 13}, {6, 8, 10},
                                                  {8, 15, 17}, {9, 12, 15}, {12, 16, 20}};
  EXPECT_EQ(triples, expected);
}

TEST(amb, stops_when_the_success_callback_says_so) {
  nq::Amb amb;
  int calls = 0;
  EXPECT_EQ(amb.run_all(
                [](nq::Amb& a) {
                  a.choose({1, 2, 3, 4});
                },
                [&] { return ++calls < 2; }),
            2u);
}
