// SPDX-License-Identifier: MIT
// A standalone SVG board. The light squares are one rectangle and the dark ones one <pattern>
// fill, so the file holds O(n) elements: one <use> of a queen symbol per row. The queen is a
// drawn crown (a path), not a font glyph, so it looks the same in every viewer. Boards of up to
// 26 columns get file letters below and rank numbers to the left, as on a chessboard.
#include "render/render_svg.hpp"

#include <algorithm>
#include <string>

#include "nqueens/render.hpp"

namespace nq::detail {

std::string escape_xml(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // XML 1.0 forbids most control characters even when escaped.
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n') out += c;
    }
  }
  return out;
}

void write_queen_symbol(std::ostream& out) {
  out << "<symbol id=\"queen\" viewBox=\"0 0 100 100\">"
      << "<path d=\"M18 84 H82 L86 74 H14 Z M16 70 L10 32 L31 54 L40 22 L50 50 L60 22 L69 54 "
         "L90 32 L84 70 Z\" fill=\"#1b1b1b\" stroke=\"#ffffff\" stroke-width=\"3\" "
         "stroke-linejoin=\"round\"/>"
      << "<circle cx=\"10\" cy=\"28\" r=\"6\" fill=\"#1b1b1b\" stroke=\"#ffffff\" "
         "stroke-width=\"2\"/><circle cx=\"40\" cy=\"18\" r=\"6\" fill=\"#1b1b1b\" "
         "stroke=\"#ffffff\" stroke-width=\"2\"/><circle cx=\"60\" cy=\"18\" r=\"6\" "
         "fill=\"#1b1b1b\" stroke=\"#ffffff\" stroke-width=\"2\"/><circle cx=\"90\" cy=\"28\" "
         "r=\"6\" fill=\"#1b1b1b\" stroke=\"#ffffff\" stroke-width=\"2\"/></symbol>\n";
}

void render_svg(std::ostream& out, const Placement& p, std::string_view title) {
  const std::size_t n = p.size();
  const bool labels = n <= kMaxLabelledN;
  const std::size_t cell = labels ? 40 : std::max<std::size_t>(2, 1024 / n);
  const std::size_t margin = labels ? 24 : 0;  // room for rank numbers and file letters
  const std::size_t side = n * cell;
  const std::size_t width = side + margin, height = side + margin;
  // a1 (bottom-left) is dark, so the top-left square is dark exactly when n is odd.
  const std::size_t dark_x = n % 2 == 1 ? 0 : cell;

  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
      << " width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << ' '
      << height << "\">\n";
  out << "<title>" << escape_xml(title.empty() ? std::to_string(n) + " queens" : title)
      << "</title>\n";
  out << "<defs>\n"
      << "<pattern id=\"dark\" x=\"" << margin << "\" y=\"0\" width=\"" << 2 * cell
      << "\" height=\"" << 2 * cell << "\" patternUnits=\"userSpaceOnUse\">"
      << "<rect x=\"" << dark_x << "\" y=\"0\" width=\"" << cell << "\" height=\"" << cell
      << "\" fill=\"" << kDark << "\"/>"
      << "<rect x=\"" << cell - dark_x << "\" y=\"" << cell << "\" width=\"" << cell
      << "\" height=\"" << cell << "\" fill=\"" << kDark << "\"/></pattern>\n";
  write_queen_symbol(out);
  out << "</defs>\n";
  out << "<rect x=\"" << margin << "\" y=\"0\" width=\"" << side << "\" height=\"" << side
      << "\" fill=\"" << kLight << "\"/>\n"
      << "<rect x=\"" << margin << "\" y=\"0\" width=\"" << side << "\" height=\"" << side
      << "\" fill=\"url(#dark)\"/>\n";
  out << "<g>\n";
  for (std::size_t row = 0; row < n; ++row) {
    out << "<use xlink:href=\"#queen\" x=\"" << margin + p[row] * cell << "\" y=\"" << row * cell
        << "\" width=\"" << cell << "\" height=\"" << cell << "\"/>\n";
  }
  out << "</g>\n";
  if (labels) {
    out << "<g font-family=\"sans-serif\" font-size=\"14\" fill=\"#333333\" "
           "text-anchor=\"middle\">\n";
    for (std::size_t row = 0; row < n; ++row) {
      out << "<text x=\"" << margin / 2 << "\" y=\"" << row * cell + cell / 2 + 5 << "\">"
          << n - row << "</text>\n";
    }
    for (std::size_t col = 0; col < n; ++col) {
      out << "<text x=\"" << margin + col * cell + cell / 2 << "\" y=\"" << side + 17 << "\">"
          << static_cast<char>('a' + col) << "</text>\n";
    }
    out << "</g>\n";
  }
  out << "</svg>\n";
}

}  // namespace nq::detail
