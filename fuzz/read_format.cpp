// SPDX-License-Identifier: MIT
// Fuzzes one reader alone, chosen at build time (NQ_FUZZ_FORMAT = perm, board, json or fen): it
// must accept or throw ParseError, never crash, and what it accepts must be a placement whose
// columns all lie on the board.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "nqueens/format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const nq::Placement p = nq::read_placement(text, nq::Format::NQ_FUZZ_FORMAT);
    for (nq::Column c : p.columns()) {
      if (c >= p.size()) std::abort();
    }
  } catch (const nq::ParseError&) {
  }
  return 0;
}
