// SPDX-License-Identifier: MIT
// The listings of the traced methods: short programs in the style of the JavaScript tutorials,
// written for this project, each doing what the library's method does in the same order, and the
// line each kind of event comes from. All are fixed text but nested's, whose loops, one a row, are
// written out for each n. docs/trace.md shows the same text (nested's for n = 4 and 10; a test
// keeps the two equal) and says what every event holds.
#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "nqueens/trace.hpp"

namespace nq::trace {

namespace {

constexpr std::string_view kRecursiveLines[] = {
    R"(function queens(n) {)",
    R"(  const cols = [];                          // cols[r]: the column of row r's queen)",
    R"(  place(0);)",
    R"()",
    R"(  function place(row) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    for (let c = 0; c < n; c++) {)",
    R"(      if (!safe(row, c)) continue;          // attacked from above: the next column)",
    R"(      cols[row] = c;                        // put the queen here)",
    R"(      place(row + 1);                       // and fill the rows below)",
    R"(      cols.length = row;                    // take it back: backtrack)",
    R"(    })",
    R"(  })",
    R"()",
    R"(  function safe(row, c) {                   // no queen above on its column or diagonals)",
    R"(    for (let r = 0; r < row; r++) {)",
    R"(      if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kRecursiveKinds[] = {
    {Kind::place, 9},
    {Kind::reject, 17},
    {Kind::remove, 11},
    {Kind::solution, 6},
};

constexpr std::string_view kIterativeLines[] = {
    R"(function queens(n) {)",
    R"(  const cols = new Array(n).fill(-1);       // -1: no queen in that row yet)",
    R"(  let row = 0;)",
    R"(  while (row >= 0) {)",
    R"(    cols[row]++;                            // this row's queen moves one square right)",
    R"(    if (cols[row] === n) {                  // off the edge: lift it)",
    R"(      cols[row] = -1;)",
    R"(      row--;                                // and back up to the row above)",
    R"(    } else if (safe(row, cols[row])) {      // not attacked: it stays)",
    R"(      if (row === n - 1) report(cols);      // the last row: a solution)",
    R"(      else row++;                           // go down to the next row)",
    R"(    })",
    R"(  })",
    R"()",
    R"(  function safe(row, c) {                   // no queen above on its column or diagonals)",
    R"(    for (let r = 0; r < row; r++) {)",
    R"(      if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return false;)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kIterativeKinds[] = {
    {Kind::place, 9},
    {Kind::reject, 17},
    {Kind::remove, 5},
    {Kind::solution, 10},
};

constexpr std::string_view kBitmaskLines[] = {
    R"(function queens(n) {)",
    R"(  const all = (1 << n) - 1;                 // n bits, one per column)",
    R"(  const cols = [];)",
    R"(  place(0, 0, 0, 0);)",
    R"()",
    R"(  // taken, diag, anti: the columns and diagonals the queens above attack in this row)",
    R"(  function place(row, taken, diag, anti) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    let free = all & ~(taken | diag | anti); // the safe squares of the row, all at once)",
    R"(    while (free !== 0) {)",
    R"(      const bit = free & -free;             // the lowest safe square)",
    R"(      free -= bit;)",
    R"(      cols[row] = Math.log2(bit);           // put the queen there)",
    R"(      place(row + 1, taken | bit, (diag | bit) << 1, (anti | bit) >> 1);)",
    R"(      cols.length = row;                    // take it back: backtrack)",
    R"(    })",
    R"(  })",
    R"(})",
};
constexpr KindLine kBitmaskKinds[] = {
    {Kind::free, 9},
    {Kind::place, 13},
    {Kind::remove, 15},
    {Kind::solution, 8},
};

constexpr std::string_view kBlindLines[] = {
    R"(function queens(n) {)",
    R"(  const cols = new Array(n).fill(0);        // a queen in every row, all in column 0)",
    R"(  for (;;) {)",
    R"(    if (allSafe(cols)) report(cols);        // tested only once the board is full)",
    R"(    let row = n - 1;                        // turn the odometer: the last row turns fastest,)",
    R"(    while (row >= 0 && ++cols[row] === n) { // and a row that runs out)",
    R"(      cols[row] = 0;                        // goes back to column 0)",
    R"(      row--;                                // and turns the row above)",
    R"(    })",
    R"(    if (row < 0) return;                    // rolled over: all n^n boards were tested)",
    R"(  })",
    R"()",
    R"(  function allSafe(cols) {                  // every pair of queens, a pair at a time)",
    R"(    for (let b = 1; b < n; b++) {)",
    R"(      for (let a = 0; a < b; a++) {)",
    R"(        if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) return false;)",
    R"(      })",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kBlindKinds[] = {
    {Kind::candidate, 4},
    {Kind::conflict, 16},
    {Kind::solution, 4},
};

constexpr std::string_view kBoardScanLines[] = {
    R"(function queens(n) {)",
    R"(  const board = Array.from({ length: n }, () => new Array(n).fill(false));)",
    R"(  const cols = [];)",
    R"(  place(0);)",
    R"()",
    R"(  function place(row) {)",
    R"(    if (row === n) return report(cols);     // every row has its queen: a solution)",
    R"(    for (let c = 0; c < n; c++) {)",
    R"(      if (!scanIsSafe(row, c)) continue;)",
    R"(      cols[row] = c;)",
    R"(      board[row][c] = true;                 // put the queen on its square)",
    R"(      place(row + 1);)",
    R"(      board[row][c] = false;)",
    R"(      cols.length = row;                    // take it back: backtrack)",
    R"(    })",
    R"(  })",
    R"()",
    R"(  function scanIsSafe(row, c) {             // walk up the board from the square:)",
    R"(    for (const dc of [0, -1, 1]) {          // straight up, up and left, up and right)",
    R"(      for (let r = row - 1, k = c + dc; r >= 0 && k >= 0 && k < n; r--, k += dc) {)",
    R"(        if (board[r][k]) return false;      // a queen on the way: attacked)",
    R"(      }                                     // this way is clear)",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kBoardScanKinds[] = {
    {Kind::scan, 22},   {Kind::reject, 21},  {Kind::place, 11},
    {Kind::remove, 14}, {Kind::solution, 7},
};

constexpr std::string_view kPermutationsLines[] = {
    R"(function queens(n) {)",
    R"(  const p = [...Array(n).keys()];           // 0, 1, ..., n - 1: one queen per row and column)",
    R"(  do {)",
    R"(    if (noSharedDiagonal(p)) report(p);     // only the diagonals are left to test)",
    R"(  } while (nextPermutation(p));)",
    R"()",
    R"(  function noSharedDiagonal(p) {            // every pair of queens, a pair at a time)",
    R"(    for (let b = 1; b < n; b++) {)",
    R"(      for (let a = 0; a < b; a++) {)",
    R"(        if (Math.abs(p[a] - p[b]) === b - a) return false;)",
    R"(      })",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"()",
    R"(  function nextPermutation(p) {             // the next one in lexicographic order)",
    R"(    let i = n - 2;)",
    R"(    while (i >= 0 && p[i] > p[i + 1]) i--;  // the last place where p rises)",
    R"(    if (i < 0) return false;                // none: p was the last permutation)",
    R"(    let j = n - 1;)",
    R"(    while (p[j] < p[i]) j--;                // the smallest larger value after it)",
    R"(    [p[i], p[j]] = [p[j], p[i]];            // swap the two)",
    R"(    p.push(...p.splice(i + 1).reverse());   // and reverse what follows)",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kPermutationsKinds[] = {
    {Kind::candidate, 4}, {Kind::conflict, 10}, {Kind::solution, 4},
    {Kind::swap, 22},     {Kind::reverse, 23},
};

constexpr std::string_view kAmbLines[] = {
    R"(function queens(n) {                        // amb runs it again and again: see runAll)",
    R"(  const cols = [];)",
    R"(  for (let row = 0; row < n; row++) {)",
    R"(    cols[row] = amb.choose(range(n));       // any column: amb makes it a right one)",
    R"(    amb.require(safe(cols, row));           // or fails, back to the latest choice)",
    R"(  })",
    R"(  report(cols);                             // every choice held: a solution)",
    R"(})",
    R"()",
    R"(// Amb by replay; safe(cols, row) tests the row's queen against those above it.)",
    R"(function choose(options) {)",
    R"(  if (pos < trail.length) return options[trail[pos++]];   // an earlier choice, replayed)",
    R"(  trail.push(0); pos++;                     // a new choice point: its first option)",
    R"(  return options[0];)",
    R"(})",
    R"()",
    R"(function runAll(program) {)",
    R"(  trail = [];)",
    R"(  do {)",
    R"(    pos = 0;                                // start the program again)",
    R"(    try { program(); } catch (failure) { trail.length = pos; })",
    R"(  } while (backtrack());)",
    R"(})",
    R"()",
    R"(function backtrack() {                      // to the latest choice with options left)",
    R"(  while (trail.length > 0 && trail.at(-1) === n - 1) trail.pop();)",
    R"(  if (trail.length === 0) return false;     // none: every combination was tried)",
    R"(  trail[trail.length - 1]++;                // its next option)",
    R"(  return true;)",
    R"(})",
};
constexpr KindLine kAmbKinds[] = {
    {Kind::run, 20}, {Kind::replay, 12},  {Kind::choose, 13},
    {Kind::fail, 5}, {Kind::solution, 7}, {Kind::backtrack, 28},
};

constexpr std::string_view kFunctionalLines[] = {
    R"(function queens(n) {)",
    R"(  let boards = [[]];                        // level 0: the one board with no queen)",
    R"(  for (let k = 1; k <= n; k++) {            // level k: the safe boards of k queens)",
    R"(    boards = boards.flatMap(board =>        // each board of the level above,)",
    R"(      range(n).map(c => [...board, c])      // extended by every column (map),)",
    R"(              .filter(safe));               // keeping the safe ones (filter))",
    R"(  })",
    R"(  return boards;                            // level n: the solutions)",
    R"(})",
    R"()",
    R"(const safe = b => b.slice(0, -1).every((c, r) =>   // the newest queen against each above)",
    R"(  c !== b.at(-1) && Math.abs(c - b.at(-1)) !== b.length - 1 - r);)",
};
constexpr KindLine kFunctionalKinds[] = {
    {Kind::extend, 5}, {Kind::keep, 6}, {Kind::drop, 6}, {Kind::level, 4}, {Kind::solution, 8},
};

constexpr std::string_view kRandomLines[] = {
    R"(function solveRandom(n) {)",
    R"(  for (;;) {                                // a start, and a fresh one when repair is stuck)",
    R"(    const cols = [...Array(n).keys()];      // a permutation: never two queens on a column)",
    R"(    for (let i = 0; i < n; i++) {           // row i draws its column from those unused,)",
    R"(      let j = i;)",
    R"(      for (let t = 0; t < 32; t++) {        // again while a queen above shares a diagonal)",
    R"(        j = i + randomBelow(n - i);)",
    R"(        if (diagonalsFree(i, cols[j])) break;)",
    R"(      })",
    R"(      [cols[i], cols[j]] = [cols[j], cols[i]];)",
    R"(    })",
    R"(    let tries = 64, most = Math.min(16384, Math.max(64, 8 * n));  // swaps a row is offered)",
    R"(    while (pairs(cols) > 0) {               // repair: some queens still attack each other)",
    R"(      const before = pairs(cols);)",
    R"(      for (const i of attackedRows(cols)) {)",
    R"(        for (let t = 0; t < tries && attacked(cols, i); t++) {)",
    R"(          const j = otherRow(i), was = pairs(cols);          // any row but i)",
    R"(          [cols[i], cols[j]] = [cols[j], cols[i]];           // swap two queens' columns)",
    R"(          if (worse(pairs(cols), was)) [cols[i], cols[j]] = [cols[j], cols[i]];  // worse: undo)",
    R"(        })",
    R"(      })",
    R"(      if (pairs(cols) < before) tries = 64; // progress: few tries again)",
    R"(      else if ((tries *= 2) > most) break;  // stuck: start afresh)",
    R"(    })",
    R"(    if (pairs(cols) === 0) return cols;     // no two queens attack: a solution)",
    R"(  })",
    R"(})",
};
constexpr KindLine kRandomKinds[] = {
    {Kind::start, 2}, {Kind::pick, 10}, {Kind::move, 18}, {Kind::undo, 19}, {Kind::solution, 25},
};

constexpr std::string_view kFirstLines[] = {
    R"(function first(n) {)",
    R"(  const rows = [];                          // the rows settled so far, from the top)",
    R"(  let known = null;                         // a solution that starts with them, once found)",
    R"(  for (let row = 0; row < n; row++) {)",
    R"(    const right = known ? known[row] : n;   // known's own column works: probe left of it)",
    R"(    let col = right;)",
    R"(    for (let c = 0; c < right; c++) {)",
    R"(      if (attacked(rows, row, c)) continue; // a queen above attacks it: no probe needed)",
    R"(      const found = complete([...rows, c]); // probe: can a board starting so be completed?)",
    R"(      if (found) { known = found; col = c; break; }   // yes: the leftmost that can)",
    R"(    }                                       // (no: refuted, nothing smaller starts so))",
    R"(    if (col === n) return null;             // no column at all: no solution (n = 2, 3))",
    R"(    rows.push(col);                         // the row is settled)",
    R"(  })",
    R"(  return rows;                              // the lexicographically first solution)",
    R"(})",
};
constexpr KindLine kFirstKinds[] = {
    {Kind::reject, 8},     {Kind::probe, 9},    {Kind::refuted, 9},   {Kind::split, 9},
    {Kind::completed, 10}, {Kind::settled, 13}, {Kind::solution, 15},
};

template <std::size_t L, std::size_t K>
constexpr Listing make(Method method, const std::string_view (&lines)[L],
                       const KindLine (&kinds)[K]) {
  return {method, std::span<const std::string_view>(lines, L), std::span<const KindLine>(kinds, K)};
}

constexpr Listing kListings[] = {
    make(Method::blind, kBlindLines, kBlindKinds),
    {Method::nested, {}, {}},  // written for each n: nested_listing
    make(Method::iterative, kIterativeLines, kIterativeKinds),
    make(Method::recursive, kRecursiveLines, kRecursiveKinds),
    make(Method::board_scan, kBoardScanLines, kBoardScanKinds),
    make(Method::permutations, kPermutationsLines, kPermutationsKinds),
    make(Method::amb, kAmbLines, kAmbKinds),
    make(Method::functional, kFunctionalLines, kFunctionalKinds),
    make(Method::bitmask, kBitmaskLines, kBitmaskKinds),
    make(Method::random, kRandomLines, kRandomKinds),
    make(Method::first, kFirstLines, kFirstKinds),
};

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
  return kListings[static_cast<std::size_t>(method)];
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
  for (const KindLine& k : kListings[static_cast<std::size_t>(method)].kinds) {
    if (k.kind == kind) return k.line;
  }
  return 0;
}

}  // namespace nq::trace
