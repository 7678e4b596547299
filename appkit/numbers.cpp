// SPDX-License-Identifier: MIT
// Number parsing for the CLI. Accepts plain decimal digits only (no sign, no spaces, no hex or
// octal, which CLI11's strtoull-based conversion would take: "-1" as 2^64 - 1, "010" as 8),
// with an overflow-safe scan, so "1e3", "08x" and 10^30 all get a precise message. The range
// and its messages are the library's (nqueens/invalid_argument.hpp): this file only reads text.
#include "numbers.hpp"

#include <cctype>
#include <string>

#include "contract.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqcli {

namespace {

std::string quoted(std::string_view text) {
  std::string shown(1, '\'');  // the argument as typed, cut short if it is long
  shown.append(text.substr(0, 40)).append(text.size() > 40 ? "...'" : "'");
  return shown;
}

}  // namespace

std::uint64_t parse_whole_number(std::string_view text, std::string_view name, std::uint64_t min,
                                 std::uint64_t max, std::string_view job) {
  if (text.empty()) throw UsageError(std::string(name) + " is missing");
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw nq::not_a_whole_number(name, text, min > 0);
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (digit > max || value > (max - digit) / 10) {  // (max - digit would wrap)
      throw nq::too_large(name, text, max, job);
    }
    value = value * 10 + digit;
  }
  return nq::check_whole_number(value, name, min, max, job, text);
}

int parse_board_size(std::string_view text, int max, std::string_view job) {
  if (text.empty()) throw UsageError("N is missing; give the board size, e.g. 8");
  return static_cast<int>(parse_whole_number(text, "N", 1, static_cast<std::uint64_t>(max), job));
}
std::uint64_t parse_memory_size(std::string_view text, std::string_view job) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  std::string unit(text.substr(digits));
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int shift = -1;
  const char* units[] = {"", "K", "M", "G", "T"};
  for (int i = 0; i < 5; ++i) {
    const std::string u = units[i];
    if (unit == u || (i > 0 && (unit == u + "B" || unit == u + "IB")) || (i == 0 && unit == "B")) {
      shift = 10 * i;
    }
  }
  const std::string what = (job.empty() ? std::string() : std::string(job) + ": ") +
                           "--memory must be a size such as 8G, 512M or a number of bytes, got " +
                           quoted(text);
  if (digits == 0 || shift < 0) throw UsageError(what);
  const std::uint64_t value =
      parse_whole_number(text.substr(0, digits), "--memory", 1, std::uint64_t{1} << 50, job);
  if (shift > 0 && value > (std::uint64_t{1} << 50) >> shift) throw UsageError(what);
  return value << shift;
}

std::string count_of(std::uint64_t k, std::string_view word) {
  return std::to_string(k) + " " + std::string(word) + (k == 1 ? "" : "s");
}

}  // namespace nqcli
