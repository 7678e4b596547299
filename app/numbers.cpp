// SPDX-License-Identifier: MIT
// Board-size parsing for the CLI. Accepts plain decimal digits only (no sign, no spaces, no
// hex), with an overflow-safe scan, so "1e3", "08x" and 10^30 all get a precise message.
#include "numbers.hpp"

#include <string>

#include "commands.hpp"

namespace nqcli {

int parse_board_size(std::string_view text, int max, std::string_view job) {
  std::string shown(1, '\'');  // the argument as typed, cut short if it is long
  shown.append(text.substr(0, 40)).append(text.size() > 40 ? "...'" : "'");
  if (text.empty()) throw UsageError("N is missing; give the board size, e.g. 8");
  long long value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw UsageError("N must be a positive whole number, got " + shown);
    value = value * 10 + (c - '0');
    if (value > max) {
      throw UsageError("N = " + std::string(text.substr(0, 40)) + " is too large for " +
                       std::string(job) + " (at most " + std::to_string(max) + ")");
    }
  }
  if (value == 0) throw UsageError("N must be at least 1, got " + shown);
  return static_cast<int>(value);
}

}  // namespace nqcli
