// SPDX-License-Identifier: MIT
// What the whole core shares: the heap budget's check and the version.
#include <emscripten/bind.h>

#include <cstdio>
#include <string>

#include "binding.hpp"
#include "contract.hpp"
#include "nqueens/version.hpp"

namespace nqweb {

void require_heap(std::uint64_t bytes, std::string_view job) {
  if (bytes <= kHeapBudget) return;
  const auto gib = [](std::uint64_t b) { return static_cast<double>(b) / (1ull << 30); };
  char text[160];
  std::snprintf(text, sizeof text, "needs about %.1f GiB of memory; only %.1f GiB is available",
                gib(bytes), gib(kHeapBudget));
  throw nqcli::UsageError(std::string(job) + " " + text);
}

}  // namespace nqweb

EMSCRIPTEN_BINDINGS(nqueens_module) { emscripten::constant("version", std::string(nq::kVersion)); }
