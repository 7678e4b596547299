// SPDX-License-Identifier: MIT
// Reading N from the command line with messages a person understands: "N must be a positive
// whole number, got '-3'" rather than a generic conversion failure.
#pragma once

#include <string_view>

namespace nqcli {

// A board size 1..max for `job` (used in the message); throws UsageError otherwise.
int parse_board_size(std::string_view text, int max, std::string_view job);

}  // namespace nqcli
