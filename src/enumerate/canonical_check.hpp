// SPDX-License-Identifier: MIT
// Is a solution the canonical (lexicographically smallest) member of its symmetry class, and
// which symmetries fix it? Asked once per solution during enumerate --unique, so it must cost
// little more than the leaf itself: with the inverse permutation at hand (the search keeps it),
// every image's row j is one lookup, and the comparison with the solution stops at the first
// row where they differ, which is almost always row 0 or 1.
#pragma once

#include <cstdint>

namespace nq::detail {

// col: the solution (col[row]); inv: its inverse (inv[col[row]] == row); n: the size.
// Returns false if some image is lexicographically smaller; otherwise true, with `stabilizer`
// set to the symmetries (bit i: kAllSymmetries[i]) that map the solution onto itself.
inline bool is_canonical(const std::uint8_t* col, const std::uint8_t* inv, int n,
                         std::uint8_t& stabilizer) {
  const int last = n - 1;
  stabilizer = 1;  // the identity
  for (int s = 1; s < 8; ++s) {
    int j = 0;
    for (; j < n; ++j) {
      int image = 0;
      switch (s) {  // image[j] under kAllSymmetries[s]; see symmetry.hpp for the maps
        case 1: image = last - inv[j]; break;          // rotate90
        case 2: image = last - col[last - j]; break;   // rotate180
        case 3: image = inv[last - j]; break;          // rotate270
        case 4: image = last - col[j]; break;          // flip_horizontal
        case 5: image = col[last - j]; break;          // flip_vertical
        case 6: image = inv[j]; break;                 // transpose
        default: image = last - inv[last - j]; break;  // anti_transpose
      }
      if (image < col[j]) return false;  // a smaller image: not the representative
      if (image > col[j]) break;
    }
    if (j == n) stabilizer = static_cast<std::uint8_t>(stabilizer | (1u << s));
  }
  return true;
}

}  // namespace nq::detail
