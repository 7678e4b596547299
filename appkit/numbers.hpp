// SPDX-License-Identifier: MIT
// Reading numbers from the command line with messages a person understands: "N must be a
// positive whole number, got '-3'" rather than a generic conversion failure.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace nqcli {

// Plain decimal digits, min..max; `name` and `job` go into the message. Throws UsageError.
std::uint64_t parse_whole_number(std::string_view text, std::string_view name, std::uint64_t min,
                                 std::uint64_t max, std::string_view job = {});

// A memory size: a whole number of bytes, or with a binary unit K, M, G or T (an optional "iB"
// or "B" after it, any case): "8G", "512MiB", "1073741824". Throws UsageError, naming `job`.
std::uint64_t parse_memory_size(std::string_view text, std::string_view job);

// A board size 1..max for `job` (used in the message); throws UsageError otherwise.
int parse_board_size(std::string_view text, int max, std::string_view job);

// "1 piece", "2 pieces": k and the word, in the plural unless k is 1.
std::string count_of(std::uint64_t k, std::string_view word);

}  // namespace nqcli
