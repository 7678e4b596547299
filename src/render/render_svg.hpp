// SPDX-License-Identifier: MIT
// The SVG drawing behind render(..., RenderStyle::svg).
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "nqueens/placement.hpp"

namespace nq::detail {

void render_svg(std::ostream& out, const Placement& p, std::string_view title);

inline constexpr const char* kLight = "#f0d9b5";  // the squares' colours
inline constexpr const char* kDark = "#b58863";

// Text safe inside XML elements and attributes.
std::string escape_xml(std::string_view text);
// <symbol id="queen">: the drawn crown every SVG board uses (inside <defs>).
void write_queen_symbol(std::ostream& out);

}  // namespace nq::detail
