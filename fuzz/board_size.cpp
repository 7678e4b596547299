// SPDX-License-Identifier: MIT
// Fuzzes the command line's N parser: any text gives a size in 1..max or a UsageError.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "commands.hpp"
#include "numbers.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const int n = nqcli::parse_board_size(text, 32, "fuzzing");
    if (n < 1 || n > 32) std::abort();
  } catch (const nqcli::UsageError&) {
  }
  return 0;
}
