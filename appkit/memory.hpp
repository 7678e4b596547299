// SPDX-License-Identifier: MIT
// How much memory this process has held: the figure a long count reports. (The checks of a
// job's need against what is available are the library's: nqueens/memory.hpp.)
#pragma once

#include <cstdint>

namespace nqcli {

// The most memory this process has held so far (its peak resident set), in bytes.
std::uint64_t peak_memory();

}  // namespace nqcli
