// SPDX-License-Identifier: MIT
// "Before allocating, say how much is needed": a job's memory need checked against what the
// machine has available, refused in one line (nq::InvalidArgument) when it lacks, before the
// allocation that would fail or push the machine into swap.
//
// Available memory is MemAvailable of /proc/meminfo; in WebAssembly, whose 32-bit heap ends at
// 4 GiB and grows from little, it is a fixed budget of 1 GiB (kWebAssemblyHeap).
//
// Example:
//   nq::require_memory(nq::local_search_bytes(n), "random search for n = " + std::to_string(n));
//   // throws "random search for n = ... needs about 15.2 GiB of memory; only 3.0 GiB is available"
#pragma once

#include <cstdint>
#include <string_view>

namespace nq {

inline constexpr std::uint64_t kWebAssemblyHeap = std::uint64_t{1} << 30;

// Bytes available to a new job; the largest value when it cannot be read.
std::uint64_t available_memory();

// Throws InvalidArgument "<job> needs about X GiB of memory; only Y GiB is available" when
// `bytes` exceeds available_memory().
void require_memory(std::uint64_t bytes, std::string_view job);

// The budget a long count takes when none is given: three quarters of what is available, so
// that the machine keeps room for everything else (8 GiB when that cannot be read).
std::uint64_t default_memory_budget();

// The same rule for a given `available` (the largest value meaning "unknown"): what
// default_memory_budget() applies to available_memory(), which moves between two reads.
std::uint64_t default_memory_budget(std::uint64_t available);

}  // namespace nq
