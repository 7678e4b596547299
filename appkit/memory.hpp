// SPDX-License-Identifier: MIT
// "Before allocating, say how much is needed": a check of a job's memory need against what the
// machine has available (MemAvailable in /proc/meminfo), with a one-line refusal if it lacks.
#pragma once

#include <cstdint>
#include <string_view>

namespace nqcli {

std::uint64_t available_memory();  // bytes; the maximum value if it cannot be read

// Throws UsageError "<job> needs about X of memory; only Y is available" when short.
void require_memory(std::uint64_t bytes, std::string_view job);

// The budget a long count takes when none is given: three quarters of what is available, so
// that the machine keeps room for everything else.
std::uint64_t default_memory_budget();

// The most memory this process has held so far (its peak resident set), in bytes.
std::uint64_t peak_memory();

}  // namespace nqcli
