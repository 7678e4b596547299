// SPDX-License-Identifier: MIT
#include "memory.hpp"

#include <fmt/core.h>
#include <sys/resource.h>

#include <fstream>
#include <limits>
#include <string>

#include "contract.hpp"

namespace nqcli {

std::uint64_t available_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::numeric_limits<std::uint64_t>::max();
}

void require_memory(std::uint64_t bytes, std::string_view job) {
  const std::uint64_t available = available_memory();
  if (bytes <= available) return;
  const auto gib = [](std::uint64_t b) { return static_cast<double>(b) / (1ull << 30); };
  throw UsageError(fmt::format("{} needs about {:.1f} GiB of memory; only {:.1f} GiB is available",
                               job, gib(bytes), gib(available)));
}

std::uint64_t default_memory_budget() {
  const std::uint64_t available = available_memory();
  if (available == std::numeric_limits<std::uint64_t>::max()) return std::uint64_t{8} << 30;
  return available / 4 * 3;
}

std::uint64_t peak_memory() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace nqcli
