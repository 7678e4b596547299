// SPDX-License-Identifier: MIT
#include "memory.hpp"

#include <sys/resource.h>

namespace nqcli {

std::uint64_t peak_memory() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

}  // namespace nqcli
