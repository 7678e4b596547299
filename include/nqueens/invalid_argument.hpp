// SPDX-License-Identifier: MIT
// The one exception the library throws for a request it cannot take: a number outside its
// range, a name it does not know, options that do not go together. Its message is one line
// written for the person who gave the input, and every front end shows it as it is: the command
// line prints it and exits 2, Python raises ValueError with it, JavaScript an Error. So the words
// a user reads are decided here, once.
//
// The checks of whole numbers below take numbers; reading them from text (the command line) or
// from a language's own numbers (Python's ints, JavaScript's doubles) is the caller's part, which
// reports what it cannot turn into a whole number through not_a_whole_number() and too_large().
//
// Example:
//   try {
//     nq::check_board_size(40, nq::kMaxCountN, "count");
//   } catch (const nq::InvalidArgument& e) {
//     // e.what(): "N = 40 is too large for count (at most 32)"
//   }
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>

namespace nq {

struct InvalidArgument : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// `value` if min <= value <= max. Otherwise throws "NAME must be at least MIN, got 'SHOWN'" or
// "NAME = SHOWN is too large for JOB (at most MAX)" (without " for JOB" when `job` is empty).
// `shown` is the number as the user gave it ("007"); empty: its decimal digits.
std::uint64_t check_whole_number(std::uint64_t value, std::string_view name, std::uint64_t min,
                                 std::uint64_t max, std::string_view job = {},
                                 std::string_view shown = {});

// A board size 1..max for `job`, as check_whole_number names it ("N").
int check_board_size(std::uint64_t n, int max, std::string_view job, std::string_view shown = {});

// What a front end throws for input that is not a whole number at all ("-3", "2.5", "eight"):
// "NAME must be a [positive ]whole number, got 'SHOWN'" (positive: the least value is 1 or more),
// and for a whole number past what it can hold (10^30): the message of check_whole_number.
InvalidArgument not_a_whole_number(std::string_view name, std::string_view shown, bool positive);
InvalidArgument too_large(std::string_view name, std::string_view shown, std::uint64_t max,
                          std::string_view job = {});

}  // namespace nq
