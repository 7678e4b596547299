// SPDX-License-Identifier: MIT
#include "nqueens/invalid_argument.hpp"

#include <string>

namespace nq {

namespace {

// The number as the user gave it, quoted, cut short if it is long.
std::string quoted(std::string_view shown) {
  std::string q(1, '\'');
  q.append(shown.substr(0, 40)).append(shown.size() > 40 ? "...'" : "'");
  return q;
}

}  // namespace

InvalidArgument not_a_whole_number(std::string_view name, std::string_view shown, bool positive) {
  return InvalidArgument(std::string(name) + " must be a " + (positive ? "positive " : "") +
                         "whole number, got " + quoted(shown));
}

InvalidArgument too_large(std::string_view name, std::string_view shown, std::uint64_t max,
                          std::string_view job) {
  return InvalidArgument(std::string(name) + " = " + std::string(shown.substr(0, 40)) +
                         " is too large" + (job.empty() ? "" : " for " + std::string(job)) +
                         " (at most " + std::to_string(max) + ")");
}

std::uint64_t check_whole_number(std::uint64_t value, std::string_view name, std::uint64_t min,
                                 std::uint64_t max, std::string_view job, std::string_view shown) {
  const std::string digits = shown.empty() ? std::to_string(value) : std::string(shown);
  if (value > max) throw too_large(name, digits, max, job);
  if (value < min) {
    throw InvalidArgument(std::string(name) + " must be at least " + std::to_string(min) +
                          ", got " + quoted(digits));
  }
  return value;
}

int check_board_size(std::uint64_t n, int max, std::string_view job, std::string_view shown) {
  return static_cast<int>(
      check_whole_number(n, "N", 1, static_cast<std::uint64_t>(max), job, shown));
}

}  // namespace nq
