// SPDX-License-Identifier: MIT
// Fuzzes format detection plus all three readers, and checks what they accept: a placement
// that survives a write/read round trip and that verify and the symmetries can process.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "nqueens/format.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/verify.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nq::Placement p;
  try {
    p = nq::read_placement(text);
  } catch (const nq::ParseError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  if (p.size() == 0) std::abort();
  std::ostringstream out;
  nq::write_perm(out, p);
  if (nq::read_perm(out.str()) != p) std::abort();
  const bool valid = nq::is_solution(p);
  if (valid && nq::canonical(p).size() != p.size()) std::abort();
  return 0;
}
