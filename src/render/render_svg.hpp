// SPDX-License-Identifier: MIT
// The SVG drawing behind render(..., RenderStyle::svg).
#pragma once

#include <ostream>
#include <string_view>

#include "nqueens/placement.hpp"

namespace nq::detail {

void render_svg(std::ostream& out, const Placement& p, std::string_view title);

}  // namespace nq::detail
