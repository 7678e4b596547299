// SPDX-License-Identifier: MIT
// Quarter boards of the halves engine: the pattern layout, the counting pass, and slices built
// into a whole shared table or into one worker's buffer (see quarters.hpp).
#include "count/quarters.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <utility>

#include "count/half_join.hpp"
#include "count/tuning.hpp"
#include "first_error.hpp"

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// The squares row r has left: not in a used column, not on a used diagonal. `up` mirrors the
// r - c diagonals (bit c - r + n - 1), so that both diagonal families are one shift away.
u32 free_squares(const Layout& L, const QuarterShape& q, int r, u32 cols, u64 d1, u64 up) {
  return ~(cols | static_cast<u32>(d1 >> (r + q.c0)) |
           static_cast<u32>(up >> (q.c0 - r + L.n - 1))) &
         ((1u << q.nc) - 1);
}

// Every entry with queens on exactly the quarter-local rows `rows`, passed to
// visit(cols, d1, d2, pattern).
template <class Visit>
void enumerate_rows(const Layout& L, const QuarterShape& q, u32 rows, int lr, u32 cols, u64 d1,
                    u64 d2, u64 up, u64 pattern, Visit& visit) {
  while (lr < q.nr && !(rows >> lr & 1)) ++lr;
  if (lr == q.nr) {
    visit(cols, d1, d2, pattern);
    return;
  }
  const int r = q.r0 + lr;
  for (u32 free = free_squares(L, q, r, cols, d1, up); free; free &= free - 1) {
    const int lc = std::countr_zero(free);
    const int c = q.c0 + lc;
    enumerate_rows(L, q, rows, lr + 1, cols | 1u << lc, d1 | 1ull << (r + c),
                   d2 | 1ull << (r - c + L.n - 1), up | 1ull << (c - r + L.n - 1),
                   pattern | L.square[r][c], visit);
  }
}

// std::popcount is a library call on the baseline x86-64 this builds for, which showed in the
// counting pass (docs/journal/count.md, "Wide patterns for n = 26, 27 and 28"); this is a few
// instructions. (The residual searches' popcount clones,
// search/popcount_clones.hpp, would send count_rows' every recursive call through the ifunc.)
inline u64 popcount32(u32 x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return (x * 0x01010101u) >> 24;
}

// Adds every entry below this point (rows from `lr` on free to hold a queen or not) to the size
// of its row set.
void count_rows(const Layout& L, const QuarterShape& q, int lr, u32 rows, u32 cols, u64 d1, u64 up,
                std::vector<u64>& sizes) {
  if (lr == q.nr) {
    ++sizes[rows];
    return;
  }
  const int r = q.r0 + lr;
  if (lr == q.nr - 1) {  // the last row: empty, or one entry per free square, counted at once
    ++sizes[rows];       // (fewer calls than visiting each entry: docs/journal/count.md)
    sizes[rows | 1u << lr] += popcount32(free_squares(L, q, r, cols, d1, up));
    return;
  }
  if (lr == q.nr - 2) {  // the last two rows at once: a queen on column x of the first attacks
    // exactly columns x - 1, x and x + 1 of the next, so the pairs are |a| |b| less those three
    // overlaps (docs/journal/count.md, "The counting pass: the last two rows at once").
    const u32 a = free_squares(L, q, r, cols, d1, up);
    const u32 b = free_squares(L, q, r + 1, cols, d1, up);
    const u64 na = popcount32(a), nb = popcount32(b);
    const u32 first = 1u << lr, second = 2u << lr;
    ++sizes[rows];
    sizes[rows | first] += na;
    sizes[rows | second] += nb;
    sizes[rows | first | second] +=
        na * nb - popcount32(a & b) - popcount32(a & b << 1) - popcount32(a & b >> 1);
    return;
  }
  count_rows(L, q, lr + 1, rows, cols, d1, up, sizes);  // no queen in this row
  for (u32 free = free_squares(L, q, r, cols, d1, up); free; free &= free - 1) {
    const int lc = std::countr_zero(free);
    const int c = q.c0 + lc;
    count_rows(L, q, lr + 1, rows | 1u << lr, cols | 1u << lc, d1 | 1ull << (r + c),
               up | 1ull << (c - r + L.n - 1), sizes);
  }
}

// The entries of `rows` sorted by column set (a counting sort: a slice is small enough to sort
// in cache), written at `offset` of the arrays, which have room; their groups are appended.
u32 fill_slice(const Layout& L, const QuarterShape& q, u32 rows, SliceScratch& s, u32 offset,
               u64* diag, u64* pattern, std::vector<Group>& groups) {
  s.entries.clear();
  const DiagonalFrame frame = diagonal_frame(L, q);
  auto collect = [&](u32 cols, u64 a, u64 b, u64 p) {
    s.entries.push_back({cols, framed(a, b, frame), p});
  };
  enumerate_rows(L, q, rows, 0, 0, 0, 0, 0, 0, collect);
  const u32 col_sets = 1u << q.nc;
  s.at.assign(col_sets + 1, 0);
  for (const SliceScratch::Entry& e : s.entries) ++s.at[e.cols + 1];
  for (u32 c = 0; c < col_sets; ++c) {
    if (s.at[c + 1]) groups.push_back({c, offset + s.at[c], offset + s.at[c] + s.at[c + 1]});
    s.at[c + 1] += s.at[c];
  }
  for (const SliceScratch::Entry& e : s.entries) {
    const u32 i = offset + s.at[e.cols]++;
    diag[i] = e.diag;
    pattern[i] = e.pattern;
  }
  return static_cast<u32>(s.entries.size());
}

u64 binomial(int n, int k) {
  u64 b = 1;
  for (int i = 1; i <= k; ++i) b = b * static_cast<u64>(n - k + i) / static_cast<u64>(i);
  return b;
}

}  // namespace

Layout make_layout(int n, int cut) {
  Layout L;
  L.n = n;
  L.h = n / 2;
  const int len = 2 * L.h - 1;
  L.bits = 2 * len;
  L.cut = std::min(cut, L.bits);
  L.rest = L.bits - L.cut;
  std::vector<std::pair<int, int>> rank;  // (distance from the centre, slot)
  for (int slot = 0; slot < L.bits; ++slot) {
    const int d = slot % len;
    rank.push_back({2 * std::abs(d - (L.h - 1)) + (slot >= len), slot});
  }
  std::sort(rank.begin(), rank.end());
  int position[2 * kMaxCountN] = {};
  for (int i = 0; i < L.bits; ++i) position[rank[i].second] = L.bits - 1 - i;
  const int lo = n - L.h;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int d1 = r + c - lo, d2 = r - c + n - 1 - lo;
      u64 p = 0;
      if (d1 >= 0 && d1 < len) p |= 1ull << position[d1];
      if (d2 >= 0 && d2 < len) p |= 1ull << position[len + d2];
      // Odd n: a queen on the middle row leaves its column + 1 in the top byte, for the
      // transpose argument of HalvesWorker::half.
      if (n % 2 == 1 && r == L.h) p |= static_cast<u64>(c + 1) << kMiddleRowShift;
      L.square[r][c] = p;
    }
  }
  return L;
}

std::vector<u64> count_slices(const Layout& layout, const QuarterShape& shape, unsigned threads,
                              const std::stop_token& stop) {
  const std::size_t row_sets = std::size_t{1} << shape.nr;
  std::vector<u64> sizes(row_sets, 0);
  const Layout& L = layout;
  const QuarterShape& q = shape;
  // The states after the first rows (each empty or holding a queen), taken by the threads one at
  // a time, the stop token read between them: the largest (those rows all empty) holds a small
  // share of the pass, so a stop is answered at once. The last two rows stay to count_rows.
  const int depth = std::clamp(q.nr - 2, 0, kTuning.prefix_rows);
  struct Prefix {
    u32 rows, cols;
    u64 d1, up;
  };
  std::vector<Prefix> prefixes;
  auto extend = [&](auto& self, int lr, const Prefix& p) -> void {
    if (lr == depth) {
      prefixes.push_back(p);
      return;
    }
    self(self, lr + 1, p);  // no queen in this row
    const int r = q.r0 + lr;
    for (u32 free = free_squares(L, q, r, p.cols, p.d1, p.up); free; free &= free - 1) {
      const int lc = std::countr_zero(free);
      const int c = q.c0 + lc;
      self(self, lr + 1,
           {p.rows | 1u << lr, p.cols | 1u << lc, p.d1 | 1ull << (r + c),
            p.up | 1ull << (c - r + L.n - 1)});
    }
  };
  extend(extend, 0, {0, 0, 0, 0});
  std::atomic<std::size_t> next{0};
  auto count_some = [&](std::vector<u64>& mine) {
    for (std::size_t i; (i = next.fetch_add(1)) < prefixes.size();) {
      if (stop.stop_requested()) throw CountStopped();
      const Prefix& p = prefixes[i];
      count_rows(L, q, depth, p.rows, p.cols, p.d1, p.up, mine);
    }
  };
  if (threads <= 1) {
    count_some(sizes);
    return sizes;
  }
  std::vector<std::vector<u64>> partial(threads);
  FirstError errors;
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        errors.run([&] {
          partial[t].assign(row_sets, 0);
          count_some(partial[t]);
        });
      });
    }
  }
  errors.rethrow();
  for (const std::vector<u64>& mine : partial) {
    for (std::size_t r = 0; r < row_sets; ++r) sizes[r] += mine[r];
  }
  return sizes;
}

std::vector<u64> turned_slice_sizes(const std::vector<u64>& north, int rows) {
  std::vector<u64> south(std::size_t{1} << rows);
  for (u32 r = 0; r < south.size(); ++r) south[r] = north.at(reverse_bits(r, rows));
  return south;
}

std::uint64_t slice_bytes(std::uint64_t entries, int rows, int columns) {
  const u64 groups = std::min(entries, binomial(columns, rows));
  return entries * 2 * sizeof(u64) + groups * sizeof(Group);
}

DiagonalFrame diagonal_frame(const Layout& layout, const QuarterShape& shape) {
  if (shape.nr + shape.nc - 1 > 32) throw std::logic_error("halves: a quarter spans 32 diagonals");
  return {shape.r0 + shape.c0, shape.r0 - (shape.c0 + shape.nc - 1) + layout.n - 1};
}

void QuarterTable::build(const Layout& layout, const QuarterShape& shape,
                         const std::vector<u64>& slice_sizes, const std::stop_token& stop) {
  u64 total = 0;
  for (u64 s : slice_sizes) total += s;
  if (total >= (u64{1} << 32)) throw std::length_error("halves: quarter table too large");
  diag_.resize(total + kSouthSpare);
  pattern_.resize(total + kSouthSpare);
  groups_.clear();
  const u32 row_sets = 1u << shape.nr;
  row_start_.assign(std::size_t{row_sets} + 1, 0);
  SliceScratch scratch;
  u32 offset = 0;
  for (u32 rows = 0; rows < row_sets; ++rows) {
    row_start_[rows] = static_cast<u32>(groups_.size());
    if (slice_sizes[rows] == 0) continue;
    if (stop.stop_requested()) throw CountStopped();
    offset +=
        fill_slice(layout, shape, rows, scratch, offset, diag_.data(), pattern_.data(), groups_);
  }
  row_start_[row_sets] = static_cast<u32>(groups_.size());
}

namespace {

// The mirror of patterns: bit b of a queen's pattern on (r, c) is bit b + shift of its pattern on
// (r, n - 1 - c), for the bits of each mask (the diagonal families swap; make_layout ranks the two
// families' diagonals of one distance from the centre next to each other, so the shifts are few),
// and odd n's middle-row column + 1 in the top byte, v, becomes n + 1 - v.
struct PatternMirror {
  int count = 0;
  u64 mask[2 * kMaxCountN];
  int shift[2 * kMaxCountN];
  int n = 0;

  explicit PatternMirror(const Layout& L) : n(L.n) {
    // Bit b goes to the one bit that the mirrors of all squares with bit b share.
    const u64 low = (u64{1} << kMiddleRowShift) - 1;
    u64 common[kMiddleRowShift];
    for (u64& c : common) c = low;
    for (int r = 0; r < L.n; ++r) {
      for (int c = 0; c < L.n; ++c) {
        for (u64 m = L.square[r][c] & low; m; m &= m - 1)
          common[std::countr_zero(m)] &= L.square[r][L.n - 1 - c];
      }
    }
    int to[kMiddleRowShift];
    for (int b = 0; b < kMiddleRowShift; ++b) {
      to[b] = common[b] == low ? -1 : std::countr_zero(common[b]);  // low: no square has b
      if (to[b] >= 0 && !std::has_single_bit(common[b]))
        throw std::logic_error("halves: the layout does not mirror");
    }
    for (int b = 0; b < kMiddleRowShift; ++b) {
      if (to[b] < 0) continue;
      const int s = to[b] - b;
      int k = 0;
      while (k < count && shift[k] != s) ++k;
      if (k == count) {
        shift[count] = s;
        mask[count++] = 0;
      }
      mask[k] |= u64{1} << b;
    }
    for (int r = 0; r < L.n; ++r) {
      for (int c = 0; c < L.n; ++c) {
        if (apply(L.square[r][c]) != L.square[r][L.n - 1 - c])
          throw std::logic_error("halves: the layout does not mirror bit for bit");
      }
    }
  }

  u64 apply(u64 p) const {
    u64 q = 0;
    for (int k = 0; k < count; ++k) {
      const u64 bits = p & mask[k];
      q |= shift[k] >= 0 ? bits << shift[k] : bits >> -shift[k];
    }
    const u64 top = p >> kMiddleRowShift;
    return top ? q | (u64(n + 1) - top) << kMiddleRowShift : q;
  }
};

}  // namespace

void QuarterTable::mirror(const Layout& layout, const QuarterShape& shape, const QuarterTable& west,
                          const std::stop_token& stop) {
  const PatternMirror m(layout);
  diag_.resize(west.diag_.size());
  pattern_.resize(west.pattern_.size());
  groups_.clear();
  groups_.reserve(west.groups_.size());
  row_start_.assign(west.row_start_.size(), 0);
  std::vector<std::pair<u32, u32>> order;  // (mirrored column set, west group)
  u32 at = 0;
  for (std::size_t rows = 0; rows + 1 < west.row_start_.size(); ++rows) {
    row_start_[rows] = static_cast<u32>(groups_.size());
    if (stop.stop_requested()) throw CountStopped();
    order.clear();
    for (u32 g = west.row_start_[rows]; g < west.row_start_[rows + 1]; ++g)
      order.push_back({reverse_bits(west.groups_[g].cols, shape.nc), g});
    std::sort(order.begin(), order.end());
    for (const auto& [cols, g] : order) {
      const Group& from = west.groups_[g];
      const u32 size = from.end - from.begin;
      groups_.push_back({cols, at, at + size});
      for (u32 k = 0; k < size; ++k) {
        const u32 i = from.end - 1 - k;
        diag_[at + k] = west.diag_[i] >> 32 | west.diag_[i] << 32;
        pattern_[at + k] = m.apply(west.pattern_[i]);
      }
      at += size;
    }
  }
  row_start_.back() = static_cast<u32>(groups_.size());
  std::fill(diag_.begin() + at, diag_.end(), 0);  // the spare entries, as build leaves them
  std::fill(pattern_.begin() + at, pattern_.end(), 0);
}

SliceView QuarterTable::slice(u32 rows) const {
  return {groups_.data() + row_start_[rows], groups_.data() + row_start_[rows + 1], diag_.data(),
          pattern_.data()};
}

std::uint64_t QuarterTable::bytes() const {
  return 2 * pattern_.size() * sizeof(u64) + groups_.size() * sizeof(Group) +
         row_start_.size() * sizeof(u32);
}

SliceBuffer::SliceBuffer(const Layout& layout, const QuarterShape& shape, u64 largest,
                         SliceScratch& scratch)
    : layout_(layout), shape_(shape), scratch_(scratch) {
  diag_.resize(largest + kSouthSpare);
  pattern_.resize(largest + kSouthSpare);
}

SliceView SliceBuffer::slice(u32 rows) {
  if (rows != rows_) {
    groups_.clear();
    fill_slice(layout_, shape_, rows, scratch_, 0, diag_.data(), pattern_.data(), groups_);
    rows_ = rows;
  }
  return {groups_.data(), groups_.data() + groups_.size(), diag_.data(), pattern_.data()};
}

}  // namespace nq::detail
