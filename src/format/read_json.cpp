// SPDX-License-Identifier: MIT
// The JSON reader: {"n": 4, "perm": [2, 4, 1, 3]} or a bare [2, 4, 1, 3]. Columns are 1-based,
// as in the perm format, so the two forms of a placement carry the same numbers; but a bare array
// that holds a 0 is a program's array of columns counted from 0 ([1, 3, 0, 2], as the trace's
// variables and most code show it), and one holding both 0 and n is refused. Other keys are
// ignored (a verify --json answer can be read back), but "n", if present, must agree. An array
// of strings is LeetCode's board (problem 51 prints its answers so): one string a row, read as
// the board format reads its lines; a list holding one such board is taken too.
#include <nlohmann/json.hpp>
#include <string>

#include "format/text_scan.hpp"
#include "nqueens/format.hpp"

namespace nq {

namespace {

nlohmann::json parse_document(std::string_view text) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    // parse_error, but also out_of_range for a number like 1e999. nlohmann quotes the bytes it
    // last read; keep the message on one printable line.
    std::string message = e.what();
    for (char& c : message) {
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    }
    throw ParseError("JSON: " + message);
  }
}

const nlohmann::json& perm_array(const nlohmann::json& doc) {
  if (doc.is_array()) return doc;
  if (!doc.is_object()) throw ParseError("JSON: expected an object with \"perm\" or an array");
  const auto it = doc.find("perm");
  if (it == doc.end()) throw ParseError("JSON: the object has no \"perm\" array");
  if (!it->is_array()) throw ParseError("JSON: \"perm\" is not an array");
  return *it;
}

// LeetCode's [".Q..", "...Q", ...] as the lines of a board.
Placement read_string_rows(const nlohmann::json& rows, const ReadOptions& options) {
  std::string lines;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (!rows[r].is_string()) {
      throw ParseError("JSON: element " + std::to_string(r + 1) +
                       " is not a string; a board is an array of rows such as \".Q..\"");
    }
    const std::string& row = rows[r].get_ref<const std::string&>();
    if (row.find_first_not_of(".Qq") != std::string::npos || row.empty()) {
      throw ParseError("JSON: row " + std::to_string(r + 1) + " (" + detail::quote_bytes(row) +
                       ") is not a row of '.' and 'Q'");
    }
    (lines += row) += '\n';
  }
  return read_board(lines, options);
}

bool is_string_rows(const nlohmann::json& doc) {
  return doc.is_array() && !doc.empty() && doc.front().is_string();
}

}  // namespace

Placement read_json(std::string_view text, const ReadOptions& options) {
  const nlohmann::json doc = parse_document(text);
  if (is_string_rows(doc)) return read_string_rows(doc, options);
  if (doc.is_array() && doc.size() == 1 && is_string_rows(doc.front())) {
    return read_string_rows(doc.front(), options);
  }
  const nlohmann::json& perm = perm_array(doc);
  const std::size_t n = perm.size();
  if (n == 0) throw ParseError("JSON: \"perm\" is empty; expected column numbers 1..n");
  if (doc.is_object() && doc.contains("n")) {
    const auto& declared = doc["n"];
    if (!declared.is_number_unsigned() || declared.get<std::uint64_t>() != n) {
      throw ParseError("JSON: \"n\" is " + declared.dump() + " but \"perm\" has " +
                       std::to_string(n) + " numbers");
    }
  }
  if (options.expected_size && *options.expected_size != n) {
    throw ParseError("JSON: expected " + std::to_string(*options.expected_size) +
                     " column numbers, got " + std::to_string(n));
  }
  // A column number must be a whole number; which ones are on the board depends on the base.
  bool has_zero = false, has_n = false;
  for (std::size_t row = 0; row < n; ++row) {
    const auto& v = perm[row];
    if (!v.is_number_unsigned()) {
      throw ParseError("JSON: row " + std::to_string(row + 1) + "'s column " +
                       detail::quote_bytes(v.dump()) + " is not a column number");
    }
    has_zero |= v.get<std::uint64_t>() == 0;
    has_n |= v.get<std::uint64_t>() == n;
  }
  const bool from_zero = doc.is_array() && has_zero;
  if (from_zero && has_n) {
    throw ParseError("JSON: the array holds both 0 and " + std::to_string(n) +
                     "; its columns must count from 0 (0.." + std::to_string(n - 1) +
                     ") or from 1 (1.." + std::to_string(n) + ")");
  }
  const std::uint64_t low = from_zero ? 0 : 1;
  std::vector<Column> col(n);
  for (std::size_t row = 0; row < n; ++row) {
    const std::uint64_t v = perm[row].get<std::uint64_t>();
    if (v < low || v > n - 1 + low) {
      throw ParseError("JSON: row " + std::to_string(row + 1) + "'s column " + std::to_string(v) +
                       " is off the board: " + std::to_string(n) + " numbers make a board of " +
                       "columns " + std::to_string(low) + ".." + std::to_string(n - 1 + low));
    }
    col[row] = static_cast<Column>(v - low);
  }
  return Placement(std::move(col));
}

}  // namespace nq
