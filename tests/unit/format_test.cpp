// SPDX-License-Identifier: MIT
#include "nqueens/format.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace {

template <typename F>
std::string written(F write, const nq::Placement& p) {
  std::ostringstream out;
  write(out, p);
  return out.str();
}

// The message of the ParseError that reading `text` raises ("" if none).
std::string error_of(std::string_view text, const nq::ReadOptions& options = {}) {
  try {
    nq::read_placement(text, options);
  } catch (const nq::ParseError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(format, reads_perm_with_any_whitespace_or_commas) {
  EXPECT_EQ(nq::read_perm("2 4 1 3"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_perm("\n  2\t4\r\n1   3\n\n"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_perm("1"), nq::Placement{0});
  EXPECT_EQ(nq::read_perm("2,4,1,3"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_placement("2, 4, 1, 3\n"), (nq::Placement{1, 3, 0, 2}));
}

TEST(format, reads_board_with_or_without_blanks) {
  EXPECT_EQ(nq::read_board(".Q..\n...Q\nQ...\n..Q.\n"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_board("\n. Q . .\r\n. . . q\nQ . . .\n. . Q .\n\n"),
            (nq::Placement{1, 3, 0, 2}));
}

TEST(format, reads_json_object_or_array) {
  EXPECT_EQ(nq::read_json(R"({"n": 4, "perm": [2, 4, 1, 3]})"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_json("[2,4,1,3]"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_json(R"({"perm":[1], "valid": true})"), nq::Placement{0});
}

// A program's array (the trace's `cols`) counts from 0; a 0 in a bare array says so.
TEST(format, reads_a_bare_array_holding_0_as_counted_from_0) {
  EXPECT_EQ(nq::read_json("[1,3,0,2]"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_json("[0]"), nq::Placement{0});
  EXPECT_EQ(nq::read_json("[0, 0, 2]"), (nq::Placement{0, 0, 2}));
  EXPECT_EQ(error_of("[0,4,1,3]"),
            "JSON: the array holds both 0 and 4; its columns must count from 0 (0..3) or from 1 "
            "(1..4)");
  EXPECT_EQ(error_of("[0,5,1,3]"),
            "JSON: row 2's column 5 is off the board: 4 numbers make a board of columns 0..3");
  EXPECT_EQ(error_of(R"({"perm": [0, 1]})"),
            "JSON: row 1's column 0 is off the board: 2 numbers make a board of columns 1..2");
}

// LeetCode 51 prints a board as a list of strings; a list holding one such board reads too.
TEST(format, reads_leetcodes_list_of_strings) {
  EXPECT_EQ(nq::read_json(R"([".Q..","...Q","Q...","..Q."])"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_placement(R"([["..Q.","Q...","...Q",".Q.."]])"), (nq::Placement{2, 0, 3, 1}));
  EXPECT_NE(error_of(R"([".Q..","...Q","Q..x","..Q."])").find("row 3 ('Q..x')"), std::string::npos);
  EXPECT_NE(error_of(R"([".Q..","Q..Q","Q...","..Q."])").find("row 2 (line 2) has 2 queens"),
            std::string::npos);
  EXPECT_NE(error_of(R"([".Q..", 3])").find("element 2 is not a string"), std::string::npos);
}

// Rows from the top, '/' between them, digits for empty runs (several for 10 or more).
TEST(format, reads_fen_like_boards) {
  EXPECT_EQ(nq::read_fen("1q2/3q/q3/2q1"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_placement(" 1Q2/3Q/Q3/2Q1\n"), (nq::Placement{1, 3, 0, 2}));
  EXPECT_EQ(nq::read_fen("q9/2q7/4q5/1q8/3q6/5q4/7q2/9q/6q3/8q1").size(), 10u);
  EXPECT_EQ(nq::read_fen("9q/q9/1q8/2q7/3q6/4q5/5q4/6q3/7q2/8q1")[0], 9u);
  EXPECT_NE(error_of("1q2/3q/q3").find("FEN: row 1 has 4 squares; a board of 3 rows needs 3"),
            std::string::npos);
  EXPECT_NE(error_of("1q2/2qq/q3/2q1").find("FEN: row 2 has 2 queens"), std::string::npos);
  EXPECT_NE(error_of("1q2/3q/q3/2k1").find("FEN: unexpected character 'k'"), std::string::npos);
  EXPECT_NE(error_of("1q2/3q/q3/").find("FEN: row 4 has 0 squares"), std::string::npos);
  // One row and one square read as such, not "1 rows", "1 squares".
  EXPECT_NE(error_of("qq").find("has 2 squares; a board of 1 row needs 1"), std::string::npos);
  EXPECT_NE(error_of("q2/1q1/1").find("row 3 has 1 square; a board of 3 rows needs 3"),
            std::string::npos);
  EXPECT_NE(error_of("1q2/3q/q3/0q3").find("a run of 0 empty squares"), std::string::npos);
  EXPECT_NE(error_of("1q2/3q/q3/99999999999999999999q").find("longer than the board"),
            std::string::npos);
  EXPECT_EQ(error_of("2q1/q3/3q/1q2", {.expected_size = 5}), "FEN: expected 5 rows, got 4");
}

TEST(format, detects_the_format) {
  EXPECT_EQ(nq::detect_format("1q2/3q/q3/2q1"), nq::Format::fen);
  EXPECT_EQ(nq::detect_format("  2 4 1 3"), nq::Format::perm);
  EXPECT_EQ(nq::detect_format("\n.Q..\n"), nq::Format::board);
  EXPECT_EQ(nq::detect_format("Q"), nq::Format::board);
  EXPECT_EQ(nq::detect_format(" {\"perm\":[1]}"), nq::Format::json);
  EXPECT_EQ(nq::detect_format("[1]"), nq::Format::json);
  EXPECT_EQ(nq::read_placement(".Q..\n...Q\nQ...\n..Q.\n"), nq::read_placement("2 4 1 3"));
  EXPECT_EQ(nq::read_placement("[2,4,1,3]", nq::Format::json), nq::read_placement("2 4 1 3"));
  EXPECT_THROW(nq::read_placement("[2,4,1,3]", nq::Format::perm), nq::ParseError);
}

TEST(format, writes_perm_board_and_json) {
  const nq::Placement p{1, 3, 0, 2};
  EXPECT_EQ(written(nq::write_perm, p), "2 4 1 3\n");
  EXPECT_EQ(written(nq::write_board, p), ".Q..\n...Q\nQ...\n..Q.\n");
  EXPECT_EQ(written(nq::write_json, p), "{\"n\":4,\"perm\":[2,4,1,3]}\n");
  EXPECT_EQ(nq::to_perm(p), "2 4 1 3");
}

TEST(format, round_trips_every_format_on_a_large_placement) {
  std::vector<nq::Column> col(20000);
  for (std::size_t i = 0; i < col.size(); ++i)
    col[i] = static_cast<nq::Column>((i * 7919) % col.size());
  const nq::Placement p(col);
  EXPECT_EQ(nq::read_perm(written(nq::write_perm, p)), p);
  EXPECT_EQ(nq::read_json(written(nq::write_json, p)), p);
  const nq::Placement small{4, 2, 0, 5, 3, 1};
  EXPECT_EQ(nq::read_board(written(nq::write_board, small)), small);
}

TEST(format, keeps_repeated_columns_for_verify_to_report) {
  EXPECT_EQ(nq::read_perm("1 1 1"), (nq::Placement{0, 0, 0}));
}

TEST(format, rejects_empty_input) {
  EXPECT_NE(error_of(""), "");
  EXPECT_NE(error_of(" \n\t "), "");
  EXPECT_NE(error_of("[]"), "");
  EXPECT_NE(error_of("{\"perm\": []}"), "");
}

TEST(format, rejects_numbers_out_of_range_naming_the_place) {
  EXPECT_EQ(error_of("1 2 5"),
            "column numbers: row 3's column '5' (line 1, character 5) is off the board: 3 numbers "
            "make a board of columns 1..3");
  EXPECT_NE(error_of("0 1 2").find("row 1's column '0' (line 1, character 1)"), std::string::npos);
  EXPECT_NE(error_of("1 2\n99999999999999999999999999").find("line 2, character 1"),
            std::string::npos);
}

TEST(format, rejects_stray_characters) {
  EXPECT_EQ(error_of("1 2 x"),
            "column numbers: unexpected character 'x' at line 1, character 5; expected column "
            "numbers 1..n");
  EXPECT_NE(error_of("1; 2").find("';'"), std::string::npos);
  EXPECT_NE(error_of("1 -2").find("negative"), std::string::npos);
  EXPECT_NE(error_of(std::string("1 \x01 2", 5)).find("\\x01"), std::string::npos);
  EXPECT_NE(error_of("1.5").find("unexpected character"), std::string::npos);
  EXPECT_NE(error_of(".Q\nQx").find(
                "rows of '.' and 'Q': unexpected character 'x' at line 2, character 2"),
            std::string::npos);
}

TEST(format, rejects_the_wrong_number_of_queens) {
  EXPECT_EQ(error_of("2 4 1 3", {.expected_size = 5}),
            "column numbers: expected 5 column numbers, got 4");
  EXPECT_NE(error_of(".Q..\n...Q\nQ...\n", {}).find("row 1 (line 1) has 4 squares"),
            std::string::npos);
  EXPECT_NE(error_of(".Q..\n.Q.Q\nQ...\n..Q.\n").find("row 2 (line 2) has 2 queens"),
            std::string::npos);
  EXPECT_NE(error_of(".Q..\n....\nQ...\n..Q.\n").find("has 0 queens"), std::string::npos);
  EXPECT_NE(error_of(R"({"n": 5, "perm": [2, 4, 1, 3]})").find("\"n\" is 5"), std::string::npos);
}

TEST(format, rejects_malformed_json_on_one_line) {
  for (const char* bad : {"[1, 2", "{\"perm\": 3}", "{\"n\": 1}", "[1, \"2\"]", "[1.5]", "[0, 2]",
                          "[-1]", "\"x\"", "[1]\n\x02", "[1e999]", "[44444442222222222e883,1]"}) {
    const std::string message = error_of(bad);
    EXPECT_NE(message, "") << bad;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

TEST(format, names_formats) {
  EXPECT_EQ(nq::format_from_string("board"), nq::Format::board);
  EXPECT_EQ(nq::format_from_string("svg"), std::nullopt);
  EXPECT_EQ(nq::to_string(nq::Format::json), "json");
  EXPECT_EQ(nq::format_from_string("fen"), nq::Format::fen);
}
