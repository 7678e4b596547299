// SPDX-License-Identifier: MIT
// verify --binary: a placement as uint32 little-endian 0-based columns (solve --format binary),
// checked as a stream so that 10^9 queens need the 5n bits of line marks, not the board.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "nqueens/verify.hpp"

namespace nqcli {

struct BinaryVerdict {
  std::uint64_t n = 0;
  std::optional<nq::Attack> attack;
};

// Throws nq::ParseError for malformed input, UsageError for unreadable files or short memory.
BinaryVerdict verify_binary(const std::string& path, std::optional<std::uint64_t> expected_size);

}  // namespace nqcli
