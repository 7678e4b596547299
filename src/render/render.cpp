// SPDX-License-Identifier: MIT
// Dispatch on the drawing style, plus the text and Unicode boards.
// Chess colouring: a1 (bottom-left) is dark, so the square in row r (from the top) and column c
// is dark when (c + rank) is odd, with rank = n - r.
#include "nqueens/render.hpp"

#include <stdexcept>
#include <string>

#include "nqueens/format.hpp"
#include "render/render_svg.hpp"

namespace nq {

namespace {

bool is_dark(std::size_t n, std::size_t row, std::size_t col) { return (col + n - row) % 2 == 1; }

std::size_t label_width(std::size_t n) { return n >= 10 ? 2 : 1; }  // widest rank number

void render_unicode(std::ostream& out, const Placement& p) {
  const std::size_t n = p.size();
  const bool labels = n <= kMaxLabelledN;
  std::string line;
  for (std::size_t row = 0; row < n; ++row) {
    line.clear();
    if (labels) {
      const std::string rank = std::to_string(n - row);
      line.append(label_width(n) - rank.size(), ' ').append(rank).append(" ");
    }
    for (std::size_t col = 0; col < n; ++col) {
      if (col > 0) line += ' ';
      line += p[row] == col ? "\u265B" : is_dark(n, row, col) ? "\u25A0" : "\u25A1";
    }
    out << line << '\n';
  }
  if (labels) {
    line.assign(label_width(n) + 1, ' ');
    for (std::size_t col = 0; col < n; ++col) {
      if (col > 0) line += ' ';
      line += static_cast<char>('a' + col);
    }
    out << line << '\n';
  }
}

}  // namespace

void render(std::ostream& out, const Placement& p, RenderStyle style,
            const RenderOptions& options) {
  if (p.size() == 0) throw std::invalid_argument("render: the placement is empty");
  if (p.size() > kMaxRenderN) {
    throw std::invalid_argument("render: n = " + std::to_string(p.size()) +
                                " is too large to draw (at most " + std::to_string(kMaxRenderN) +
                                ")");
  }
  switch (style) {
    case RenderStyle::text: write_board(out, p); return;
    case RenderStyle::unicode: render_unicode(out, p); return;
    case RenderStyle::svg: detail::render_svg(out, p, options.title); return;
  }
}

std::string_view to_string(RenderStyle style) {
  switch (style) {
    case RenderStyle::text: return "text";
    case RenderStyle::unicode: return "unicode";
    case RenderStyle::svg: return "svg";
  }
  return "text";
}

std::optional<RenderStyle> render_style_from_string(std::string_view name) {
  for (RenderStyle s : {RenderStyle::text, RenderStyle::unicode, RenderStyle::svg}) {
    if (to_string(s) == name) return s;
  }
  return std::nullopt;
}

}  // namespace nq
