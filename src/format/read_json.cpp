// SPDX-License-Identifier: MIT
// The JSON reader: {"n": 4, "perm": [2, 4, 1, 3]} or a bare [2, 4, 1, 3]. Columns are 1-based,
// as in the perm format, so the two forms of a placement carry the same numbers. Other keys are
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
    throw ParseError("json: " + message);
  }
}

const nlohmann::json& perm_array(const nlohmann::json& doc) {
  if (doc.is_array()) return doc;
  if (!doc.is_object()) throw ParseError("json: expected an object with \"perm\" or an array");
  const auto it = doc.find("perm");
  if (it == doc.end()) throw ParseError("json: the object has no \"perm\" array");
  if (!it->is_array()) throw ParseError("json: \"perm\" is not an array");
  return *it;
}

// LeetCode's [".Q..", "...Q", ...] as the lines of a board.
Placement read_string_rows(const nlohmann::json& rows, const ReadOptions& options) {
  std::string lines;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (!rows[r].is_string()) {
      throw ParseError("json: element " + std::to_string(r + 1) +
                       " is not a string; a board is an array of rows such as \".Q..\"");
    }
    const std::string& row = rows[r].get_ref<const std::string&>();
    if (row.find_first_not_of(".Qq") != std::string::npos || row.empty()) {
      throw ParseError("json: row " + std::to_string(r + 1) + " (" + detail::quote_bytes(row) +
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
  if (n == 0) throw ParseError("json: \"perm\" is empty; expected column numbers 1..n");
  if (doc.is_object() && doc.contains("n")) {
    const auto& declared = doc["n"];
    if (!declared.is_number_unsigned() || declared.get<std::uint64_t>() != n) {
      throw ParseError("json: \"n\" is " + declared.dump() + " but \"perm\" has " +
                       std::to_string(n) + " numbers");
    }
  }
  if (options.expected_size && *options.expected_size != n) {
    throw ParseError("json: expected " + std::to_string(*options.expected_size) +
                     " column numbers, got " + std::to_string(n));
  }
  std::vector<Column> col(n);
  for (std::size_t row = 0; row < n; ++row) {
    const auto& v = perm[row];
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0 || v.get<std::uint64_t>() > n) {
      throw ParseError("json: element " + std::to_string(row + 1) + " (" +
                       detail::quote_bytes(v.dump()) + ") is not a column number 1.." +
                       std::to_string(n));
    }
    col[row] = static_cast<Column>(v.get<std::uint64_t>() - 1);
  }
  return Placement(std::move(col));
}

}  // namespace nq
