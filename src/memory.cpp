// SPDX-License-Identifier: MIT
#include "nqueens/memory.hpp"

#include <cstdio>
#include <fstream>
#include <limits>
#include <string>

#include "nqueens/invalid_argument.hpp"

namespace nq {

std::uint64_t available_memory() {
#ifdef __EMSCRIPTEN__
  return kWebAssemblyHeap;
#else
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::numeric_limits<std::uint64_t>::max();
#endif
}

void require_memory(std::uint64_t bytes, std::string_view job) {
  const std::uint64_t available = available_memory();
  if (bytes <= available) return;
  const auto gib = [](std::uint64_t b) { return static_cast<double>(b) / (1ull << 30); };
  char text[96];
  std::snprintf(text, sizeof text, " needs about %.1f GiB of memory; only %.1f GiB is available",
                gib(bytes), gib(available));
  throw InvalidArgument(std::string(job) + text);
}

std::uint64_t default_memory_budget() { return default_memory_budget(available_memory()); }

std::uint64_t default_memory_budget(std::uint64_t available) {
  if (available == std::numeric_limits<std::uint64_t>::max()) return std::uint64_t{8} << 30;
  return available / 4 * 3;
}

}  // namespace nq
