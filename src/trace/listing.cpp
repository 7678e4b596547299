// SPDX-License-Identifier: MIT
// The listings of the traced methods: short programs in the style of the JavaScript tutorials,
// written for this project, each doing what the library's method does in the same order, and the
// line each kind of event comes from. Each is written in its method's own file, beside the code
// (its Teaching), and all are fixed text but nested's, whose loops, one a row, are written out
// here for each n. docs/trace.md shows the same text (nested's for n = 4 and 10; a test keeps the
// two equal) and says what every event holds.
#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "classic/methods.hpp"
#include "nqueens/trace.hpp"
#include "trace/methods.hpp"

namespace nq::trace {

namespace {

// The fixed listings, each from its method's Teaching, in Method's order (nested's is empty: it
// is written out for each n below).
const std::array<Listing, kAllMethods.size()>& fixed_listings() {
  static const auto all = [] {
    std::array<Listing, kAllMethods.size()> made{};
    for (Method m : kAllMethods) {
      const detail::Teaching& t = detail::teaching(m);
      made[static_cast<std::size_t>(m)] = {m, t.lines, t.kinds};
    }
    return made;
  }();
  return all;
}

// ---- nested: the tutorials' nested loops, one a row, written out for n ------------------------

// Up to this many rows every loop is written out; beyond, rows 4 to n - 2 are one line.
constexpr int kNestedWrittenOut = 8;

// The safe() of iterative's listing, word for word, so that a reject reads the same.
constexpr std::string_view kSafeLines[] = {
    R"(  function safe(row, c) {                   // no queen above on its column or diagonals)",
    R"(    for (let r = 0; r < row; r++) {)",
    R"(      if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr int kSafeRejectLine = 3;  // of kSafeLines

// A listing made at run time: its text, the views Listing holds, and each row's two lines.
struct WrittenListing {
  std::vector<std::string> text;
  std::vector<std::string_view> lines;
  std::array<KindLine, 4> kinds{};
  std::vector<int> loop_line;  // loop_line[r]: row r's `for`, which tells its remove
  std::vector<int> safe_line;  // safe_line[r]: row r's `if (!safe(...))`, which tells its place
  int report_line = 0, reject_line = 0;
  Listing listing{Method::nested, {}, {}};
};

std::string padded(std::string text, std::size_t column, std::string_view comment) {
  if (comment.empty()) return text;
  text.resize(std::max(text.size() + 1, column), ' ');
  return text.append(comment);
}

std::unique_ptr<const WrittenListing> write_nested(int n) {
  auto w = std::make_unique<WrittenListing>();
  // The rows whose loops are written, in order; -1 stands for the line of the rows left out.
  std::vector<int> shown;
  for (int r = 0; r < n; ++r) {
    if (n <= kNestedWrittenOut || r < 3 || r >= n - 2) {
      shown.push_back(r);
    } else if (shown.back() != -1) {
      shown.push_back(-1);
    }
  }
  const auto indent = [](std::size_t depth) { return std::string(2 + 2 * depth, ' '); };
  const auto loop = [](int r) {
    const std::string c = "cols[" + std::to_string(r) + "]";
    return "for (" + c + " = 0; " + c + " < n; " + c + "++) {";
  };
  std::size_t column = 0;  // where the loops' comments start: past the longest `for`
  for (std::size_t d = 0; d < shown.size(); ++d) {
    if (shown[d] >= 0) column = std::max(column, indent(d).size() + loop(shown[d]).size() + 2);
  }
  const std::string last_left = std::to_string(n - 2);  // 1-based, like the comments' rows
  std::vector<std::string>& t = w->text;
  t.push_back(padded("function queens(n) {", 44,
                     "// written out for n = " + std::to_string(n) + ": a loop per row"));
  t.push_back(padded("  const cols = [];", 44, "// cols[r]: the column of row r's queen"));
  w->loop_line.assign(static_cast<std::size_t>(n), 0);
  w->safe_line.assign(static_cast<std::size_t>(n), 0);
  for (std::size_t d = 0; d < shown.size(); ++d) {
    const int r = shown[d];
    const auto line = static_cast<int>(t.size()) + 1;
    if (r < 0) {  // rows 4 to n - 2 (1-based): their loops and checks all tell from this line
      t.push_back(indent(d) + "// rows 4 to " + last_left + ": the same loop for cols[3] to cols[" +
                  std::to_string(n - 3) + "], each inside the one before");
      for (int m = 3; m < n - 2; ++m) {
        w->loop_line[static_cast<std::size_t>(m)] = line;
        w->safe_line[static_cast<std::size_t>(m)] = line;
      }
      continue;
    }
    const std::string row = std::to_string(r);
    t.push_back(padded(indent(d) + loop(r), column, "// row " + std::to_string(r + 1)));
    t.push_back(padded(indent(d + 1) + "if (!safe(" + row + ", cols[" + row + "])) continue;",
                       column, r == 0 ? "// attacked from above: the next column" : ""));
    w->loop_line[static_cast<std::size_t>(r)] = line;
    w->safe_line[static_cast<std::size_t>(r)] = line + 1;
  }
  w->report_line = static_cast<int>(t.size()) + 1;
  t.push_back(padded(indent(shown.size()) + "report(cols);", column,
                     "// every row has its queen: a solution"));
  for (std::size_t d = shown.size(); d-- > 0;) {
    t.push_back(shown[d] >= 0 ? indent(d) + "}"
                              : indent(d) + "// the closing braces of rows " + last_left + " to 4");
  }
  t.emplace_back();
  w->reject_line = static_cast<int>(t.size()) + kSafeRejectLine;
  for (std::string_view line : kSafeLines) t.emplace_back(line);

  for (const std::string& line : t) w->lines.emplace_back(line);
  w->kinds = {{{Kind::place, w->safe_line[0]},
               {Kind::reject, w->reject_line},
               {Kind::remove, w->loop_line[0]},
               {Kind::solution, w->report_line}}};
  w->listing = {Method::nested, w->lines, w->kinds};
  return w;
}

// nested's listings for n = 1..classic::kMaxN, made once, on the first call (a static local's
// initialization is thread-safe), and kept to the end of the program.
const WrittenListing& nested_listing(int n) {
  static const auto all = [] {
    std::array<std::unique_ptr<const WrittenListing>, classic::kMaxN> made;
    for (int k = 1; k <= classic::kMaxN; ++k) {
      made[static_cast<std::size_t>(k - 1)] = write_nested(k);
    }
    return made;
  }();
  return *all[static_cast<std::size_t>(n - 1)];
}

bool board_size_ok(int n) { return n >= 1 && n <= classic::kMaxN; }

}  // namespace

const Listing& listing(Method method, int n) {
  if (!board_size_ok(n)) {
    throw std::invalid_argument("trace: n must be between 1 and " + std::to_string(classic::kMaxN));
  }
  if (method == Method::nested) return nested_listing(n).listing;
  return fixed_listings()[static_cast<std::size_t>(method)];
}

int line_of(Method method, Kind kind, int row, int n) {
  if (!board_size_ok(n)) return 0;
  if (method == Method::nested) {
    const WrittenListing& w = nested_listing(n);
    const bool in_board = row >= 0 && row < n;
    switch (kind) {
      case Kind::place: return in_board ? w.safe_line[static_cast<std::size_t>(row)] : 0;
      case Kind::remove: return in_board ? w.loop_line[static_cast<std::size_t>(row)] : 0;
      case Kind::reject: return w.reject_line;
      case Kind::solution: return w.report_line;
      default: return 0;
    }
  }
  for (const KindLine& k : detail::teaching(method).kinds) {
    if (k.kind == kind) return k.line;
  }
  return 0;
}

namespace detail {

const Teaching& teaching(Method method) {
  if (method == Method::random) return random_teaching;
  if (method == Method::first) return first_teaching;
  const auto classic = static_cast<std::size_t>(method);
  if (classic >= classic::detail::kTeachings.size()) {
    throw std::invalid_argument("trace: unknown method");
  }
  return *classic::detail::kTeachings[classic];
}

}  // namespace detail

const MethodInfo& method_info(Method method) { return detail::teaching(method).info; }

}  // namespace nq::trace
