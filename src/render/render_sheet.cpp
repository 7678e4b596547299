// SPDX-License-Identifier: MIT
// Many small boards on one SVG sheet, in rows, each with its solution in perm form below it, and
// a heading: the pictures of "all 12 unique solutions for 8 queens".
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "nqueens/render.hpp"
#include "render/render_svg.hpp"

namespace nq {

void render_sheet(std::ostream& out, const std::vector<Placement>& boards,
                  const SheetOptions& options) {
  if (boards.empty()) throw std::invalid_argument("render: no boards to draw");
  const std::size_t n = boards.front().size();
  if (n == 0 || n > kMaxSheetN) {
    throw std::invalid_argument("render: sheets take boards of 1 to " + std::to_string(kMaxSheetN) +
                                " queens");
  }
  if (boards.size() > kMaxSheetBoards) {
    throw std::invalid_argument("render: a sheet holds at most " + std::to_string(kMaxSheetBoards) +
                                " boards");
  }
  for (const Placement& p : boards) {
    if (p.size() != n) throw std::invalid_argument("render: the boards differ in size");
  }
  const std::size_t cell = std::max<std::size_t>(4, 160 / n), side = n * cell;
  const std::size_t gap = 16, caption = 18, heading = 40;
  const std::size_t per_row =
      options.per_row ? options.per_row
                      : static_cast<std::size_t>(
                            std::ceil(std::sqrt(static_cast<double>(boards.size()) * 1.5)));
  const std::size_t rows = (boards.size() + per_row - 1) / per_row;
  const std::size_t columns = std::min(per_row, boards.size());
  const std::size_t width = gap + columns * (side + gap);
  const std::size_t height = heading + rows * (side + caption + gap);
  std::string title(options.title);
  if (title.empty()) {
    title += std::to_string(boards.size());
    title += " boards of ";
    title += std::to_string(n);
    title += " queens";
  }

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
      << " width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << ' '
      << height << "\">\n<title>" << detail::escape_xml(title) << "</title>\n<defs>\n";
  // One board's squares, drawn once and used for every board.
  out << "<pattern id=\"dark\" x=\"0\" y=\"0\" width=\"" << 2 * cell << "\" height=\"" << 2 * cell
      << "\" patternUnits=\"userSpaceOnUse\"><rect x=\"" << (n % 2 ? 0 : cell)
      << "\" y=\"0\" width=\"" << cell << "\" height=\"" << cell << "\" fill=\"" << detail::kDark
      << "\"/><rect x=\"" << (n % 2 ? cell : 0) << "\" y=\"" << cell << "\" width=\"" << cell
      << "\" height=\"" << cell << "\" fill=\"" << detail::kDark << "\"/></pattern>\n";
  out << "<g id=\"squares\"><rect width=\"" << side << "\" height=\"" << side << "\" fill=\""
      << detail::kLight << "\"/><rect width=\"" << side << "\" height=\"" << side
      << "\" fill=\"url(#dark)\"/></g>\n";
  detail::write_queen_symbol(out);
  out << "</defs>\n<rect width=\"" << width << "\" height=\"" << height
      << "\" fill=\"#ffffff\"/>\n<text x=\"" << width / 2
      << "\" y=\"26\" font-family=\"sans-serif\""
      << " font-size=\"18\" text-anchor=\"middle\" fill=\"#222222\">" << detail::escape_xml(title)
      << "</text>\n";
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const std::size_t x = gap + (i % per_row) * (side + gap);
    const std::size_t y = heading + (i / per_row) * (side + caption + gap);
    out << "<g transform=\"translate(" << x << ',' << y << ")\">"
        << "<use xlink:href=\"#squares\"/>";
    std::string perm;
    for (std::size_t row = 0; row < n; ++row) {
      out << "<use xlink:href=\"#queen\" x=\"" << boards[i][row] * cell << "\" y=\"" << row * cell
          << "\" width=\"" << cell << "\" height=\"" << cell << "\"/>";
      if (row) perm += ' ';
      perm += std::to_string(boards[i][row] + 1);
    }
    out << "<text x=\"" << side / 2 << "\" y=\"" << side + 14
        << "\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\" "
           "fill=\"#333333\">"
        << (n <= 16 ? perm : std::to_string(i + 1)) << "</text></g>\n";
  }
  out << "</svg>\n";
}

}  // namespace nq
