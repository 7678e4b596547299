// SPDX-License-Identifier: MIT
#include "nqueens/render.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace {

std::string drawn(const nq::Placement& p, nq::RenderStyle style, nq::RenderOptions options = {}) {
  std::ostringstream out;
  nq::render(out, p, style, options);
  return out.str();
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

}  // namespace

TEST(render, text_is_the_board_format) {
  EXPECT_EQ(drawn(nq::Placement{1, 3, 0, 2}, nq::RenderStyle::text), ".Q..\n...Q\nQ...\n..Q.\n");
}

TEST(render, unicode_is_a_labelled_chessboard) {
  EXPECT_EQ(drawn(nq::Placement{1, 3, 0, 2}, nq::RenderStyle::unicode),
            "4 □ ♛ □ ■\n"
            "3 ■ □ ■ ♛\n"
            "2 ♛ ■ □ ■\n"
            "1 ■ □ ♛ □\n"
            "  a b c d\n");
  const std::string big =
      drawn(nq::Placement{0, 2, 4, 1, 3, 8, 6, 9, 7, 5}, nq::RenderStyle::unicode);
  EXPECT_EQ(big.substr(0, 3), "10 ");
  EXPECT_NE(big.find("\n 9 "), std::string::npos);
  EXPECT_EQ(occurrences(big, "♛"), 10u);
}

TEST(render, unicode_drops_labels_past_26_columns) {
  std::vector<nq::Column> col(27);
  for (nq::Column i = 0; i < 27; ++i) col[i] = i;
  const std::string board = drawn(nq::Placement(col), nq::RenderStyle::unicode);
  EXPECT_EQ(board.find('a'), std::string::npos);
  EXPECT_EQ(occurrences(board, "\n"), 27u);
}

TEST(render, svg_has_one_queen_per_row_and_labels) {
  const std::string svg =
      drawn(nq::Placement{1, 3, 0, 2}, nq::RenderStyle::svg, {.title = "a <b> & c"});
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<title>a &lt;b&gt; &amp; c</title>"), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<use "), 4u);
  EXPECT_EQ(occurrences(svg, "<text "), 8u);  // 4 ranks + 4 files
  EXPECT_NE(svg.find(">a</text>"), std::string::npos);
  EXPECT_NE(svg.find("</svg>\n"), std::string::npos);
}

TEST(render, svg_stays_linear_in_n) {
  std::vector<nq::Column> col(1000);
  for (nq::Column i = 0; i < 1000; ++i) col[i] = (i * 7) % 1000;
  const std::string svg = drawn(nq::Placement(col), nq::RenderStyle::svg);
  EXPECT_EQ(occurrences(svg, "<use "), 1000u);
  EXPECT_EQ(occurrences(svg, "<text "), 0u);
  EXPECT_LT(svg.size(), 200u * 1000u);
}

TEST(render, refuses_empty_and_huge_boards) {
  EXPECT_THROW(drawn(nq::Placement{}, nq::RenderStyle::text), std::invalid_argument);
  std::vector<nq::Column> col(nq::kMaxRenderN + 1, 0);
  EXPECT_THROW(drawn(nq::Placement(col), nq::RenderStyle::text), std::invalid_argument);
}

TEST(render, names_styles) {
  EXPECT_EQ(nq::render_style_from_string("unicode"), nq::RenderStyle::unicode);
  EXPECT_EQ(nq::render_style_from_string("png"), std::nullopt);
}

TEST(render, a_sheet_holds_every_board_with_its_caption) {
  const std::vector<nq::Placement> boards = {{1, 3, 0, 2}, {2, 0, 3, 1}};
  std::ostringstream out;
  nq::render_sheet(out, boards, {.title = "Both <4> queens"});
  const std::string svg = out.str();
  std::size_t queens = 0;
  for (std::size_t at = svg.find("xlink:href=\"#queen\""); at != std::string::npos;
       at = svg.find("xlink:href=\"#queen\"", at + 1)) {
    ++queens;
  }
  EXPECT_EQ(queens, 8u);
  EXPECT_NE(svg.find("<title>Both &lt;4&gt; queens</title>"), std::string::npos);
  EXPECT_NE(svg.find(">2 4 1 3</text>"), std::string::npos);
  EXPECT_NE(svg.find(">3 1 4 2</text>"), std::string::npos);
  EXPECT_THROW(nq::render_sheet(out, {}), std::invalid_argument);
  EXPECT_THROW(nq::render_sheet(out, {{0}, {1, 3, 0, 2}}), std::invalid_argument);
}
