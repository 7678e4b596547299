// SPDX-License-Identifier: MIT
// Drawing a placement for people: plain text (the board format: rows of '.' and 'Q', which the
// readers accept back), Unicode (a chessboard of light and dark squares with ♛ queens and
// rank/file labels), and a standalone SVG image whose size grows linearly with n (the
// checkering is an SVG pattern, not n^2 squares).
//
// Example:
//   nq::render(std::cout, nq::Placement{1, 3, 0, 2}, nq::RenderStyle::unicode);
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq {

enum class RenderStyle { text, unicode, svg };

inline constexpr std::size_t kMaxLabelledN = 26;  // files a..z: labels only up to 26 columns
inline constexpr std::size_t kMaxRenderN = 4096;  // text grows as n^2; beyond this, refuse

struct RenderOptions {
  std::string_view title = {};  // svg only: a <title> for the image
};

// Throws std::invalid_argument for an empty placement or n > kMaxRenderN.
void render(std::ostream& out, const Placement& p, RenderStyle style,
            const RenderOptions& options = {});

// Many boards of one size on one SVG sheet, in rows, each captioned with its columns (1-based),
// under a heading: e.g. all 12 unique solutions for 8 queens. Throws std::invalid_argument for
// no boards, boards of different sizes, n > kMaxSheetN or more than kMaxSheetBoards boards.
inline constexpr std::size_t kMaxSheetN = 64;
inline constexpr std::size_t kMaxSheetBoards = 10000;
struct SheetOptions {
  std::string_view title = {};  // the heading (and <title>); default "K boards of N queens"
  std::size_t per_row = 0;      // boards per row; 0: about sqrt(1.5 K)
};
void render_sheet(std::ostream& out, const std::vector<Placement>& boards,
                  const SheetOptions& options = {});

std::string_view to_string(RenderStyle style);
std::optional<RenderStyle> render_style_from_string(std::string_view name);

}  // namespace nq
