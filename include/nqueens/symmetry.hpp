// SPDX-License-Identifier: MIT
// The 8 symmetries of the square (the dihedral group D4) acting on placements, the canonical
// form of a symmetry class (its lexicographically smallest image, comparing col[] row by row)
// and the size of the class (1, 2, 4 or 8). Rows are numbered from the top, columns from the
// left; rotations turn the board clockwise.
//
// Example:
//   nq::Placement p{1, 3, 0, 2};                     // perm "2 4 1 3"
//   nq::apply(nq::Symmetry::flip_horizontal, p);     // {2, 0, 3, 1}, perm "3 1 4 2"
//   nq::apply(nq::Symmetry::rotate90, p) == p;       // a quarter turn maps it to itself
//   nq::canonical(p) == nq::Placement{1, 3, 0, 2};   // already the smallest image
//   nq::class_size(p) == 2;                          // fixed by the quarter turns
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "nqueens/placement.hpp"

namespace nq {

enum class Symmetry : std::uint8_t {
  identity,         // (r, c) -> (r, c)
  rotate90,         // (r, c) -> (c, n-1-r), a quarter turn clockwise
  rotate180,        // (r, c) -> (n-1-r, n-1-c)
  rotate270,        // (r, c) -> (n-1-c, r)
  flip_horizontal,  // (r, c) -> (r, n-1-c), mirror in the vertical axis
  flip_vertical,    // (r, c) -> (n-1-r, c), mirror in the horizontal axis
  transpose,        // (r, c) -> (c, r), mirror in the main diagonal
  anti_transpose,   // (r, c) -> (n-1-c, n-1-r), mirror in the anti-diagonal
};

inline constexpr std::array<Symmetry, 8> kAllSymmetries = {
    Symmetry::identity,  Symmetry::rotate90,        Symmetry::rotate180,
    Symmetry::rotate270, Symmetry::flip_horizontal, Symmetry::flip_vertical,
    Symmetry::transpose, Symmetry::anti_transpose};

std::string_view to_string(Symmetry s);  // "identity", "rotate90", ...

// The image of p under s. Needs a permutation (a board with one queen per row and column), since
// the diagonal mirrors and quarter turns swap rows with columns; throws std::invalid_argument
// otherwise. O(n).
Placement apply(Symmetry s, const Placement& p);

Placement canonical(const Placement& p);  // smallest of the 8 images; O(n) each, 8 of them
int class_size(const Placement& p);       // 8 / (number of symmetries that fix p)

// Bit i set when kAllSymmetries[i] maps p to itself (bit 0, the identity, always is).
std::uint8_t stabilizer(const Placement& p);

}  // namespace nq
