// SPDX-License-Identifier: MIT
#include "nqueens/invalid_argument.hpp"

#include <gtest/gtest.h>

#include <string>

#include "nqueens/count.hpp"

namespace {

template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const nq::InvalidArgument& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

}  // namespace

TEST(invalid_argument, header_example_holds) {
  EXPECT_EQ(message_of([] { nq::check_board_size(40, nq::kMaxCountN, "count"); }),
            "N = 40 is too large for count (at most 32)");
}

TEST(invalid_argument, a_number_in_range_comes_back_unchanged) {
  EXPECT_EQ(nq::check_whole_number(0, "seed", 0, 10), 0u);
  EXPECT_EQ(nq::check_whole_number(10, "seed", 0, 10), 10u);
  EXPECT_EQ(nq::check_whole_number(~0ull, "seed", 0, ~0ull), ~0ull);
  EXPECT_EQ(nq::check_board_size(32, 32, "count"), 32);
}

TEST(invalid_argument, below_the_least_value_names_it_and_quotes_what_was_given) {
  EXPECT_EQ(message_of([] { nq::check_board_size(0, 32, "count"); }),
            "N must be at least 1, got '0'");
  EXPECT_EQ(message_of([] { nq::check_whole_number(0, "K", 1, 5, "infinite", "000"); }),
            "K must be at least 1, got '000'");
}

TEST(invalid_argument, above_the_largest_value_names_the_job_when_there_is_one) {
  EXPECT_EQ(message_of([] { nq::check_whole_number(8, "a row", 0, 7, "this board"); }),
            "a row = 8 is too large for this board (at most 7)");
  EXPECT_EQ(message_of([] { nq::check_whole_number(8, "limit", 0, 7); }),
            "limit = 8 is too large (at most 7)");
}

TEST(invalid_argument, front_ends_say_what_is_no_whole_number_in_the_same_words) {
  EXPECT_STREQ(nq::not_a_whole_number("N", "-3", true).what(),
               "N must be a positive whole number, got '-3'");
  EXPECT_STREQ(nq::not_a_whole_number("skip", "2.5", false).what(),
               "skip must be a whole number, got '2.5'");
  EXPECT_STREQ(nq::too_large("N", "1000000000000000000000000", 32, "count").what(),
               "N = 1000000000000000000000000 is too large for count (at most 32)");
}

TEST(invalid_argument, a_long_number_is_cut_to_forty_characters) {
  const std::string digits(50, '7');
  EXPECT_EQ(std::string(nq::not_a_whole_number("N", digits + "x", true).what()),
            "N must be a positive whole number, got '" + digits.substr(0, 40) + "...'");
  EXPECT_EQ(std::string(nq::too_large("N", digits, 32, "count").what()),
            "N = " + digits.substr(0, 40) + " is too large for count (at most 32)");
}

TEST(invalid_argument, is_a_standard_invalid_argument) {
  EXPECT_THROW(nq::check_board_size(33, 32, "count"), std::invalid_argument);
}
