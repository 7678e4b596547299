// SPDX-License-Identifier: MIT
// The halves engine's quarter boards. A quarter is a block of rows and columns of the board; its
// entries are its partial placements (every row empty or holding one queen, no two attacking),
// each with its occupied diagonals and the pattern bits of the diagonals that cross the middle.
// A slice is the entries on one set of rows, grouped by the set of columns they use.
//
// Slices come from one of two places, with the same contents in the same order: a whole table of
// the quarter built once and shared by the workers (fast when it fits in memory), or a buffer a
// worker fills with just the slice it needs (memory bounded by the largest slice, whatever n).
// A counting pass gives the size of every slice first, exactly, for both the choice and the
// engine's cost estimates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <vector>

#include "nqueens/count.hpp"

namespace nq::detail {

// Where a queen's middle-crossing diagonals go in a pattern. With h = n / 2, the diagonals r + c
// (and r - c + n - 1) that cross the middle are those in [n - h, n + h - 2]; the longest (most
// central) get the highest bits, and the top `cut` bits index the buckets of the pair count.
inline constexpr int kMiddleRowShift = 56;
struct Layout {
  int n = 0, h = 0, bits = 0, cut = 0, rest = 0;
  std::uint64_t square[kMaxCountN][kMaxCountN] = {};  // pattern bits of a queen on (r, c)
};
Layout make_layout(int n, int cut);

// The low `width` bits of x (1 <= width <= 32) in reverse order: a row set turned upside down,
// a column set mirrored.
inline std::uint32_t reverse_bits(std::uint32_t x, int width) {
  x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
  x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
  x = (x >> 4 & 0x0F0F0F0Fu) | (x & 0x0F0F0F0Fu) << 4;
  x = (x >> 8 & 0x00FF00FFu) | (x & 0x00FF00FFu) << 8;
  x = x >> 16 | x << 16;
  return x >> (32 - width);
}

struct QuarterShape {
  int r0 = 0, nr = 0, c0 = 0, nc = 0;  // board rows [r0, r0 + nr), columns [c0, c0 + nc)
};

struct Group {  // the entries of a slice with one column set: [begin, end) of the arrays
  std::uint32_t cols, begin, end;
  bool operator==(const Group&) const = default;
};

// A quarter's entries keep their occupied diagonals in one word: the diagonals r + c from the
// quarter's lowest (r0 + c0) in the low 32 bits, the diagonals r - c + n - 1 from the quarter's
// lowest (r0 - c0 - nc + 1 + n - 1) in the high 32 (a quarter spans nr + nc - 1 of each, at most
// 28 at n = 28). Two words, d1 and d2 in board numbering, took a third more memory, and the join
// of north and south entries one more test a candidate.
struct DiagonalFrame {
  int sum_low = 0, diff_low = 0;
};
DiagonalFrame diagonal_frame(const Layout& layout, const QuarterShape& shape);

// Diagonals in board numbering (bit r + c of d1, bit r - c + n - 1 of d2) as a word of `frame`;
// those outside it are dropped.
inline std::uint64_t framed(std::uint64_t d1, std::uint64_t d2, DiagonalFrame frame) {
  return (d1 >> frame.sum_low & 0xFFFFFFFFu) | (d2 >> frame.diff_low & 0xFFFFFFFFu) << 32;
}

// One slice, read-only: groups sorted by column set, one array per entry field (occupied
// diagonals as framed() words in the quarter's frame, and the pattern). Both arrays can be read
// kSouthSpare entries past the last entry (half_join.hpp: the join reads whole vectors).
struct SliceView {
  const Group* first = nullptr;
  const Group* last = nullptr;
  const std::uint64_t* diag = nullptr;
  const std::uint64_t* pattern = nullptr;
};

// Entries per row set (index: the set as quarter-local row bits), by a counting pass on
// `threads` threads; throws CountStopped when `stop` is requested before it ends.
std::vector<std::uint64_t> count_slices(const Layout& layout, const QuarterShape& shape,
                                        unsigned threads = 1, const std::stop_token& stop = {});

// A south quarter's slice sizes from the north quarter's on the same columns: turning the board
// upside down (row r to n - 1 - r) maps the south rows [n - rows, n) onto the north rows
// [0, rows), local row i onto local row rows - 1 - i (for odd n the north quarter has the middle
// row, local row rows, more, which no south row maps to).
std::vector<std::uint64_t> turned_slice_sizes(const std::vector<std::uint64_t>& north, int rows);

// Bytes a slice of `entries` entries on `rows` rows can take (its groups bounded by the column
// sets of that size).
std::uint64_t slice_bytes(std::uint64_t entries, int rows, int columns);

// Reused memory for sorting one slice's entries by column set.
struct SliceScratch {
  struct Entry {
    std::uint32_t cols;
    std::uint64_t diag, pattern;
  };
  std::vector<Entry> entries;
  std::vector<std::uint32_t> at;
};

// The whole quarter: every slice, one after another by row set. Requires fewer than 2^32 entries.
class QuarterTable {
 public:
  // Throws CountStopped when `stop` is requested before it ends.
  void build(const Layout& layout, const QuarterShape& shape,
             const std::vector<std::uint64_t>& slice_sizes, const std::stop_token& stop = {});
  // What build gives for `shape`, the quarter that the mirror (column c to n - 1 - c) makes of
  // `west`'s (rows the same, columns [n - c0 - nc, n - c0)), the same entries in the same order,
  // made from `west`'s table: each entry's two diagonal families swap (so the halves of its framed
  // word do) and its pattern bits move by a fixed map, and the enumeration that build runs, its
  // columns taken in the other order at every row, meets the entries of each column set in
  // reverse. Throws std::logic_error where the layout's patterns do not mirror bit for bit.
  void mirror(const Layout& layout, const QuarterShape& shape, const QuarterTable& west,
              const std::stop_token& stop = {});
  SliceView slice(std::uint32_t rows) const;
  std::uint64_t bytes() const;
  // Equal contents, arrays and groups alike (for tests).
  bool operator==(const QuarterTable&) const = default;

 private:
  std::vector<std::uint64_t> diag_, pattern_;
  std::vector<Group> groups_;
  std::vector<std::uint32_t> row_start_;  // groups of rows x: [row_start_[x], row_start_[x + 1])
};

// One slice at a time, built when asked for (the last one is kept, so asking again is free).
class SliceBuffer {
 public:
  // `largest`: the most entries any slice of this quarter has (reserved once, so the buffer never
  // grows past it). `scratch` sorts each slice as it is built; the buffers of one thread can
  // share one, since they are filled one at a time (reserve it for the largest of theirs).
  SliceBuffer(const Layout& layout, const QuarterShape& shape, std::uint64_t largest,
              SliceScratch& scratch);
  SliceView slice(std::uint32_t rows);

 private:
  const Layout& layout_;
  QuarterShape shape_;
  std::uint32_t rows_ = ~std::uint32_t{0};
  std::vector<std::uint64_t> diag_, pattern_;
  std::vector<Group> groups_;
  SliceScratch& scratch_;
};

}  // namespace nq::detail
