// SPDX-License-Identifier: MIT
// D4 acting on placements. Each symmetry maps a queen (r, c) to a new square; writing the new
// col[] means inverting that map row by row, which is why a permutation is required.
#include "nqueens/symmetry.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

namespace nq {

std::string_view to_string(Symmetry s) {
  switch (s) {
    case Symmetry::identity: return "identity";
    case Symmetry::rotate90: return "rotate90";
    case Symmetry::rotate180: return "rotate180";
    case Symmetry::rotate270: return "rotate270";
    case Symmetry::flip_horizontal: return "flip_horizontal";
    case Symmetry::flip_vertical: return "flip_vertical";
    case Symmetry::transpose: return "transpose";
    case Symmetry::anti_transpose: return "anti_transpose";
  }
  return "identity";
}

Placement apply(Symmetry s, const Placement& p) {
  if (!p.is_permutation()) {
    throw std::invalid_argument("symmetry: the placement is not a permutation");
  }
  const Column last = static_cast<Column>(p.size()) - 1;
  std::vector<Column> out(p.size());
  for (Column r = 0; r < p.size(); ++r) {
    const Column c = p[r];
    switch (s) {
      case Symmetry::identity: out[r] = c; break;
      case Symmetry::rotate90: out[c] = last - r; break;
      case Symmetry::rotate180: out[last - r] = last - c; break;
      case Symmetry::rotate270: out[last - c] = r; break;
      case Symmetry::flip_horizontal: out[r] = last - c; break;
      case Symmetry::flip_vertical: out[last - r] = c; break;
      case Symmetry::transpose: out[c] = r; break;
      case Symmetry::anti_transpose: out[last - c] = last - r; break;
    }
  }
  return Placement(std::move(out));
}

Placement canonical(const Placement& p) {
  Placement best = p;
  for (Symmetry s : kAllSymmetries) best = std::min(best, apply(s, p));
  return best;
}

std::uint8_t stabilizer(const Placement& p) {
  std::uint8_t bits = 0;
  for (std::size_t i = 0; i < kAllSymmetries.size(); ++i) {
    if (apply(kAllSymmetries[i], p) == p) bits |= static_cast<std::uint8_t>(1u << i);
  }
  return bits;
}

int class_size(const Placement& p) { return 8 / std::popcount(stabilizer(p)); }

}  // namespace nq
