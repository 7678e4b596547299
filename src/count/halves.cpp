// SPDX-License-Identifier: MIT
// The halves engine: meet in the middle. Every row holds one queen, in the west half of the
// columns or in the east half (for odd n the middle column holds one more queen, at row m). A
// subproblem fixes m and the set of rows whose queen is in the east; the west half-boards (west
// queens on the other rows, one per west column, not attacking each other) and the east
// half-boards are built separately, and a solution is a west and an east half-board that share no
// diagonal. Only the 2(2h - 1) diagonals that cross the middle can be shared (h = n / 2), so a
// half-board is summarised by a bit pattern, and counting solutions is counting the pairs of
// patterns whose AND is zero.
//
// Building the halves: each half is itself a north quarter and a south quarter. All partial
// placements of each quarter are enumerated once, grouped by the rows and columns they use; a
// west half for rows R is every north entry for R's north rows joined with every south entry for
// R's south rows that uses the remaining west columns and shares no diagonal with it.
//
// Counting the pairs: a few of the most often occupied diagonals ("cut" bits) split both lists
// into buckets; only buckets whose cut bits are disjoint can match, and each such pair of
// buckets is compared exhaustively by a register-blocked vector loop (AVX2 when the processor
// has it).
//
// Symmetry: turning the board upside down maps (m, east rows) to (n-1-m, reversed rows), and the
// left-right mirror swaps east and west; only the smallest of the (up to) four images is counted,
// with the number of images as its weight. For even n the transpose halves the work once more
// (see HalvesWorker::run). Unique counts come from Burnside's lemma in count().
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#include "count/engine.hpp"
#include "count/pair_count.hpp"
#include "nqueens/count.hpp"

namespace nq::detail {

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// Even n only: a half-board's pattern carries, above bit kTagShift, a tag derived from the
// columns its south quarter uses (see HalvesWorker::run); kPatternMask keeps the diagonals.
constexpr int kTagShift = 48;
constexpr std::uint64_t kPatternMask = (std::uint64_t{1} << kTagShift) - 1;

struct Group {  // the entries with one (rows, cols) pair: [begin, end) of d1, d2 and pattern
  u32 cols, begin, end;
};

struct Quarter {
  int r0 = 0, nr = 0, c0 = 0, nc = 0;  // board rows [r0, r0 + nr), columns [c0, c0 + nc)
  // The partial placements ("entries") ordered by (rows, cols), one array per field: occupied
  // diagonals r + c and r - c + n - 1 (board numbering), and the middle-crossing ones among them
  // in pattern layout.
  std::vector<u64> d1, d2, pattern;
  std::vector<Group> groups;     // sorted by (rows, cols)
  std::vector<u32> row_start;    // groups for rows x: [row_start[x], row_start[x + 1])
  std::vector<u64> row_entries;  // entries per row set, for cost estimates

  const Group* find(u32 rows, u32 cols) const {
    const Group* b = groups.data() + row_start[rows];
    const Group* e = groups.data() + row_start[rows + 1];
    const Group* it =
        std::lower_bound(b, e, cols, [](const Group& g, u32 c) { return g.cols < c; });
    return it != e && it->cols == cols ? it : nullptr;
  }
};

struct Layout {  // where a queen's middle-crossing diagonals go in a pattern
  int n = 0, h = 0, bits = 0, cut = 0, rest = 0;
  u64 square[kMaxCountN][kMaxCountN] = {};  // pattern bits of a queen on (r, c)
};

// The diagonals r + c (and r - c + n - 1) that cross the middle are those in [n - h, n + h - 2].
// Bit order: the longest (most central) diagonals get the highest bits, and the top `cut` bits
// index the buckets.
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
      L.square[r][c] = p;
    }
  }
  return L;
}

Quarter quarter_on(int r0, int nr, int c0, int nc) {
  Quarter q;
  q.r0 = r0, q.nr = nr, q.c0 = c0, q.nc = nc;
  return q;
}

// Every partial placement of the quarter with queens on exactly the quarter-local rows `rows`
// (one per row, none in the same column, none attacking another), passed to
// visit(cols, d1, d2, pattern). `up` mirrors d2 (bit c - r + n - 1), so that the squares a row
// has left are one shift and mask away.
template <class Visit>
void enumerate_rows(const Layout& L, const Quarter& q, u32 rows, int lr, u32 cols, u64 d1, u64 d2,
                    u64 up, u64 pattern, Visit& visit) {
  while (lr < q.nr && !(rows >> lr & 1)) ++lr;
  if (lr == q.nr) {
    visit(cols, d1, d2, pattern);
    return;
  }
  const int r = q.r0 + lr;
  const u32 mask = (1u << q.nc) - 1;
  u32 free =
      ~(cols | static_cast<u32>(d1 >> (r + q.c0)) | static_cast<u32>(up >> (q.c0 - r + L.n - 1))) &
      mask;
  while (free) {
    const int lc = std::countr_zero(free);
    free &= free - 1;
    const int c = q.c0 + lc;
    enumerate_rows(L, q, rows, lr + 1, cols | 1u << lc, d1 | 1ull << (r + c),
                   d2 | 1ull << (r - c + L.n - 1), up | 1ull << (c - r + L.n - 1),
                   pattern | L.square[r][c], visit);
  }
}

// How many partial placements the quarter has (rows from `lr` on free to hold a queen or not).
std::size_t count_entries(const Layout& L, const Quarter& q, int lr, u32 cols, u64 d1, u64 up) {
  if (lr == q.nr) return 1;
  std::size_t total = count_entries(L, q, lr + 1, cols, d1, up);  // no queen in this row
  const int r = q.r0 + lr;
  u32 free =
      ~(cols | static_cast<u32>(d1 >> (r + q.c0)) | static_cast<u32>(up >> (q.c0 - r + L.n - 1))) &
      ((1u << q.nc) - 1);
  while (free) {
    const int lc = std::countr_zero(free);
    free &= free - 1;
    const int c = q.c0 + lc;
    total += count_entries(L, q, lr + 1, cols | 1u << lc, d1 | 1ull << (r + c),
                           up | 1ull << (c - r + L.n - 1));
  }
  return total;
}

// The entries come out grouped by row set when the row sets are enumerated in order, and each
// group is small enough to sort by column set in cache; one counting pass first sizes the arrays
// exactly. (Collecting all entries and sorting them spent most of its time in std::sort and in
// the kernel clearing the pages of the growing list.)
void build_quarter(const Layout& L, Quarter& q) {
  const u32 row_sets = 1u << q.nr, col_sets = 1u << q.nc;
  const std::size_t total = count_entries(L, q, 0, 0, 0, 0);
  if (total >= (std::size_t{1} << 32)) throw std::length_error("halves: quarter table too large");
  q.d1.resize(total);
  q.d2.resize(total);
  q.pattern.resize(total);
  q.row_start.assign(std::size_t{row_sets} + 1, 0);
  q.row_entries.assign(row_sets, 0);
  struct Entry {
    u32 cols;
    u64 d1, d2, pattern;
  };
  std::vector<Entry> group;
  std::vector<u32> at(col_sets + 1);
  u32 offset = 0;
  for (u32 rows = 0; rows < row_sets; ++rows) {
    q.row_start[rows] = static_cast<u32>(q.groups.size());
    if (std::popcount(rows) > q.nc) continue;
    group.clear();
    auto collect = [&](u32 cols, u64 d1, u64 d2, u64 pattern) {
      group.push_back({cols, d1, d2, pattern});
    };
    enumerate_rows(L, q, rows, 0, 0, 0, 0, 0, 0, collect);
    std::fill(at.begin(), at.end(), 0);
    for (const Entry& e : group) ++at[e.cols + 1];
    for (u32 c = 0; c < col_sets; ++c) {
      if (at[c + 1]) q.groups.push_back({c, offset + at[c], offset + at[c] + at[c + 1]});
      at[c + 1] += at[c];
    }
    for (const Entry& e : group) {
      const u32 i = offset + at[e.cols]++;
      q.d1[i] = e.d1;
      q.d2[i] = e.d2;
      q.pattern[i] = e.pattern;
    }
    q.row_entries[rows] = group.size();
    offset += static_cast<u32>(group.size());
  }
  q.row_start[row_sets] = static_cast<u32>(q.groups.size());
}

struct Subproblem {
  u64 east;  // rows whose queen is in the east half
  int m;     // row of the middle-column queen (odd n), or -1
  u32 weight;
  double cost;
};

// Bucket sizes: enough cut bits that the rest always fits a 32-bit word, and a few more as the
// halves grow (measured on 2 cores: see bench/count.sh).
int cut_bits(int n) {
  const int bits = 2 * (2 * (n / 2) - 1);
  int cut = n <= 13 ? 2 : n <= 17 ? 4 : 6;
  return std::max(cut, bits - 32);
}

class HalvesEngine;

class HalvesWorker final : public Worker {
 public:
  explicit HalvesWorker(const HalvesEngine& e) : engine_(e) {}
  std::uint64_t run(std::size_t id, std::uint64_t& nodes) override;

 private:
  void half(const Quarter& north, const Quarter& south, u64 rows, u64 md1, u64 md2, bool east,
            std::vector<u64>& out, std::uint64_t& nodes) const;
  std::uint64_t join(const std::vector<u64>& west, const std::vector<u64>& east,
                     std::uint64_t& nodes);

  const HalvesEngine& engine_;
  std::vector<u64> west_, east_;
  std::vector<u64> w_hi_gt_, w_hi_eq_, w_hi_, w_eq_, e_gt_p_, e_p_, e_gt_q_, e_eq_q_;
  std::vector<u32> west_start_, east_start_;
  std::vector<u32> west_words_, east_words_;  // the rest bits, bucket by bucket
};

class HalvesEngine final : public Engine {
 public:
  HalvesEngine(int n, unsigned threads) : layout_(make_layout(n, cut_bits(n))) {
    const int h = n / 2, odd = n % 2;
    north_rows_ = h + odd;                            // the middle row (odd n) belongs to the north
    quarters_[0] = quarter_on(0, north_rows_, 0, h);  // north-west
    quarters_[1] = quarter_on(0, north_rows_, n - h, h);                // north-east
    quarters_[2] = quarter_on(north_rows_, n - north_rows_, 0, h);      // south-west
    quarters_[3] = quarter_on(north_rows_, n - north_rows_, n - h, h);  // south-east
    if (threads > 1) {
      std::vector<std::jthread> builders;
      for (Quarter& q : quarters_) builders.emplace_back([&] { build_quarter(layout_, q); });
    } else {
      for (Quarter& q : quarters_) build_quarter(layout_, q);
    }
    make_subproblems();
  }

  std::size_t size() const override { return subproblems_.size(); }
  std::uint32_t weight(std::size_t id) const override { return subproblems_.at(id).weight; }
  double cost(std::size_t id) const override { return subproblems_.at(id).cost; }
  std::unique_ptr<Worker> worker() const override { return std::make_unique<HalvesWorker>(*this); }
  std::uint64_t memory_bytes() const override {
    std::uint64_t bytes = subproblems_.size() * sizeof(Subproblem);
    for (const Quarter& q : quarters_) {
      bytes += 3 * q.pattern.size() * sizeof(u64) + q.groups.size() * sizeof(Group) +
               q.row_start.size() * sizeof(u32) + q.row_entries.size() * sizeof(u64);
    }
    return bytes;
  }

  const Layout& layout() const { return layout_; }
  const Quarter& quarter(int i) const { return quarters_[i]; }
  const Subproblem& subproblem(std::size_t id) const { return subproblems_.at(id); }
  int north_rows() const { return north_rows_; }

 private:
  double estimate(u64 west, u64 east) const {
    const u64 low = (u64{1} << north_rows_) - 1;
    const double w = static_cast<double>(quarters_[0].row_entries[west & low]) *
                     static_cast<double>(quarters_[2].row_entries[west >> north_rows_]);
    const double e = static_cast<double>(quarters_[1].row_entries[east & low]) *
                     static_cast<double>(quarters_[3].row_entries[east >> north_rows_]);
    return 1.0 + std::sqrt(w) * std::sqrt(e);
  }

  void make_subproblems() {
    const int n = layout_.n, h = layout_.h;
    const u64 all = (u64{1} << n) - 1;
    auto reverse = [n](u64 x) {
      u64 y = 0;
      for (int r = 0; r < n; ++r) y |= (x >> r & 1) << (n - 1 - r);
      return y;
    };
    for (int m = n % 2 ? 0 : -1; m < (n % 2 ? n : 0); ++m) {
      const u64 free_rows = all & ~(m >= 0 ? u64{1} << m : 0);
      int row_of[kMaxCountN];
      int k = 0;
      for (int r = 0; r < n; ++r) {
        if (free_rows >> r & 1) row_of[k++] = r;
      }
      for (u64 s = (u64{1} << h) - 1; s < (u64{1} << k);) {
        u64 east = 0;
        for (int i = 0; i < k; ++i) east |= (s >> i & 1) << row_of[i];
        const u64 west = free_rows & ~east;
        const int mf = m >= 0 ? n - 1 - m : -1;
        const std::pair<int, u64> self{m, east};
        const std::pair<int, u64> images[4] = {
            self, {mf, reverse(east)}, {m, west}, {mf, reverse(west)}};
        if (*std::min_element(std::begin(images), std::end(images)) == self) {
          u32 distinct = 0;
          for (int i = 0; i < 4; ++i) {
            if (std::find(images, images + i, images[i]) == images + i) ++distinct;
          }
          subproblems_.push_back({east, m, distinct, estimate(west, east)});
        }
        const u64 low = s & (0 - s), ripple = s + low;  // next subset of the same size
        s = (((ripple ^ s) >> 2) / low) | ripple;
      }
    }
  }

  Layout layout_;
  int north_rows_ = 0;
  Quarter quarters_[4];
  std::vector<Subproblem> subproblems_;
};

u32 reverse_bits(u32 x, int width) {
  u32 y = 0;
  for (int i = 0; i < width; ++i) y |= (x >> i & 1) << (width - 1 - i);
  return y;
}

// g(Z) = min(Z, complement of Z) over `width` bits; for the east half, Z is first mirrored into
// the west's frame. See HalvesWorker::run.
u32 column_tag(u32 cols, int width, bool east) {
  const u32 z = east ? reverse_bits(cols, width) : cols;
  return std::min(z, z ^ ((1u << width) - 1));
}

// All half-boards on `rows` (board row bits) from a north and a south quarter, as patterns. The
// inner loop writes every candidate and advances only past compatible ones, so it has no branch
// to mispredict.
void HalvesWorker::half(const Quarter& north, const Quarter& south, u64 rows, u64 md1, u64 md2,
                        bool east, std::vector<u64>& out, std::uint64_t& nodes) const {
  out.clear();
  const int nr = engine_.north_rows();
  const u32 rn = static_cast<u32>(rows & ((u64{1} << nr) - 1));
  const u32 rs = static_cast<u32>(rows >> nr);
  const u32 all_cols = (1u << north.nc) - 1;
  const u64* sd1 = south.d1.data();
  const u64* sd2 = south.d2.data();
  const u64* sp = south.pattern.data();
  std::size_t size = 0;
  for (u32 gi = north.row_start[rn]; gi < north.row_start[rn + 1]; ++gi) {
    const Group& g = north.groups[gi];
    const Group* s = south.find(rs, all_cols & ~g.cols);
    if (!s) continue;
    const u32 count = s->end - s->begin;
    const u64 tag = u64{column_tag(s->cols, north.nc, east)} << kTagShift;
    for (u32 i = g.begin; i < g.end; ++i) {
      if ((north.d1[i] & md1) | (north.d2[i] & md2)) continue;
      const u64 a1 = north.d1[i] | md1, a2 = north.d2[i] | md2, ap = north.pattern[i] | tag;
      nodes += count;
      if (out.size() < size + count) out.resize(std::max(2 * out.size(), size + count));
      u64* dst = out.data() + size;
      std::size_t k = 0;
      for (u32 j = s->begin; j < s->end; ++j) {
        dst[k] = ap | sp[j];
        k += ((sd1[j] & a1) | (sd2[j] & a2)) == 0;
      }
      size += k;
    }
  }
  out.resize(size);
}

// Counting sort of patterns by their cut bits; the words keep the rest bits.
template <typename Word>
void bucket(const std::vector<u64>& patterns, int rest, int cut, std::vector<u32>& start,
            std::vector<Word>& words) {
  const u32 buckets = 1u << cut;
  start.assign(buckets + 1, 0);
  for (u64 p : patterns) ++start[((p & kPatternMask) >> rest) + 1];
  for (u32 i = 0; i < buckets; ++i) start[i + 1] += start[i];
  words.resize(patterns.size());
  const u64 mask = rest == 64 ? ~u64{0} : (u64{1} << rest) - 1;
  for (u64 p : patterns) words[start[(p & kPatternMask) >> rest]++] = static_cast<Word>(p & mask);
  for (u32 i = buckets; i > 0; --i) start[i] = start[i - 1];  // filling moved each start on
  start[0] = 0;
}

std::uint64_t HalvesWorker::join(const std::vector<u64>& west, const std::vector<u64>& east,
                                 std::uint64_t& nodes) {
  const Layout& L = engine_.layout();
  if (west.empty() || east.empty()) return 0;
  bucket(west, L.rest, L.cut, west_start_, west_words_);
  bucket(east, L.rest, L.cut, east_start_, east_words_);
  std::uint64_t pairs = 0;
  const std::uint64_t total =
      count_bucket_pairs(west_start_.data(), west_words_.data(), east_start_.data(),
                         east_words_.data(), static_cast<u32>(L.cut), pairs);
  nodes += pairs;
  return total;
}

// For even n the transpose halves the work once more. Transposing a solution S turns its east
// rows E(S) into the set C(S) of columns whose queen is in the south half, and C(S) into E(S).
// Take any function phi of a set of rows that the upside-down turn (reversal) and the mirror
// (complement) leave alone, and count each solution 2 times if phi(C) > phi(E), once if they are
// equal and not at all if phi(C) < phi(E): S and its transpose together are still counted twice,
// and a subproblem's count is still the same for all four of its images, so the weights hold.
// Here phi(Z) = the sorted pair (g(low half of Z), g(reversed high half of Z)) with
// g(z) = min(z, complement of z). C(S) is the south-quarter columns of the west half (low half)
// and of the east half (high half), so each half-board carries its g in a tag, and the pairs
// split into five joins by how the tags compare with (p, q) = phi(E).
std::uint64_t HalvesWorker::run(std::size_t id, std::uint64_t& nodes) {
  const Subproblem& s = engine_.subproblem(id);
  const Layout& L = engine_.layout();
  const int n = L.n, h = L.h;
  u64 md1 = 0, md2 = 0;
  if (s.m >= 0) {
    md1 = u64{1} << (s.m + h);
    md2 = u64{1} << (s.m - h + n - 1);
  }
  const u64 all = (u64{1} << n) - 1;
  const u64 west_rows = all & ~s.east & ~(s.m >= 0 ? u64{1} << s.m : 0);
  half(engine_.quarter(0), engine_.quarter(2), west_rows, md1, md2, false, west_, nodes);
  if (west_.empty()) return 0;
  half(engine_.quarter(1), engine_.quarter(3), s.east, md1, md2, true, east_, nodes);
  if (east_.empty()) return 0;
  if (n % 2 == 1) return join(west_, east_, nodes);

  const u32 low = (1u << h) - 1;
  const u32 g1 = column_tag(static_cast<u32>(s.east) & low, h, false);
  const u32 g2 = column_tag(static_cast<u32>(s.east >> h) & low, h, true);
  const u32 p = std::min(g1, g2), q = std::max(g1, g2);
  w_hi_gt_.clear(), w_hi_eq_.clear(), w_hi_.clear(), w_eq_.clear();
  for (u64 w : west_) {
    const u32 g = static_cast<u32>(w >> kTagShift);
    if (g < p) continue;  // then phi(C) < phi(E) whatever the east half
    if (g == p) {
      w_eq_.push_back(w);
      continue;
    }
    w_hi_.push_back(w);
    if (g > q) w_hi_gt_.push_back(w);
    if (g == q) w_hi_eq_.push_back(w);
  }
  e_gt_p_.clear(), e_p_.clear(), e_gt_q_.clear(), e_eq_q_.clear();
  for (u64 e : east_) {
    const u32 g = static_cast<u32>(e >> kTagShift);
    if (g > p) e_gt_p_.push_back(e);
    if (g == p) e_p_.push_back(e);
    if (g > q) e_gt_q_.push_back(e);
    if (g == q) e_eq_q_.push_back(e);
  }
  // phi(C) = (min(gw, ge), max(gw, ge)) against (p, q):
  std::uint64_t twice = join(w_hi_, e_gt_p_, nodes);  // gw > p, ge > p
  twice += join(w_hi_gt_, e_p_, nodes);               // gw > q >= p = ge
  twice += join(w_eq_, e_gt_q_, nodes);               // gw = p, ge > q
  std::uint64_t once = join(w_hi_eq_, e_p_, nodes);   // gw = q > p = ge
  once += join(w_eq_, e_eq_q_, nodes);                // gw = p, ge = q
  return 2 * twice + once;
}

}  // namespace

std::unique_ptr<Engine> make_halves_engine(int n, unsigned threads) {
  if (n < 4 || n > kMaxHalvesN) throw std::invalid_argument("halves engine: n out of range");
  return std::make_unique<HalvesEngine>(n, threads);
}

}  // namespace nq::detail
