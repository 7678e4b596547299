// SPDX-License-Identifier: MIT
// The backtracking engine. Every solution has exactly one queen on each edge of the board: in the
// top row (column a), the bottom row (column b), the left column (row c) and the right column
// (row d); a corner queen sits on two edges. The 8 symmetries of the square permute these
// "border signatures" (a, b, c, d), and a symmetry maps the solutions with one signature one to
// one onto those with the image signature. So the total is the sum, over one canonical signature
// per orbit (the smallest of its images), of the orbit size (8, 4, 2 or 1) times the number of
// solutions with that signature. Each canonical signature is a subproblem: its (up to) four
// queens are placed, and the rows between are filled by bitmask backtracking in which the squares
// the border queens attack are removed row by row in advance.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "count/engine.hpp"
#include "nqueens/count.hpp"

namespace nq::detail {

namespace {

using Signature = std::array<int, 4>;  // a, b, c, d as above
struct Square {
  int r, c;
  bool operator==(const Square&) const = default;
};

// The distinct squares of a signature, or an empty list if the four edge queens are not a valid
// start: each edge must hold exactly one of them and no two may attack each other.
std::vector<Square> squares_of(int n, const Signature& s) {
  std::vector<Square> sq;
  for (Square q : {Square{0, s[0]}, Square{n - 1, s[1]}, Square{s[2], 0}, Square{s[3], n - 1}}) {
    if (std::find(sq.begin(), sq.end(), q) == sq.end()) sq.push_back(q);
  }
  auto on_edge = [&](auto pred) { return std::count_if(sq.begin(), sq.end(), pred) == 1; };
  if (!on_edge([](Square q) { return q.r == 0; }) ||
      !on_edge([&](Square q) { return q.r == n - 1; }) ||
      !on_edge([](Square q) { return q.c == 0; }) ||
      !on_edge([&](Square q) { return q.c == n - 1; })) {
    return {};
  }
  for (std::size_t i = 0; i < sq.size(); ++i) {
    for (std::size_t j = i + 1; j < sq.size(); ++j) {
      const int dr = sq[i].r - sq[j].r, dc = sq[i].c - sq[j].c;
      if (dr == 0 || dc == 0 || dr == dc || dr == -dc) return {};
    }
  }
  return sq;
}

Square transform(int n, int g, Square q) {
  const int m = n - 1;
  switch (g) {
    case 0: return q;
    case 1: return {q.c, m - q.r};
    case 2: return {m - q.r, m - q.c};
    case 3: return {m - q.c, q.r};
    case 4: return {q.r, m - q.c};
    case 5: return {m - q.r, q.c};
    case 6: return {q.c, q.r};
    default: return {m - q.c, m - q.r};
  }
}

Signature signature_of(int n, const std::vector<Square>& sq) {
  Signature s{};
  for (Square q : sq) {
    if (q.r == 0) s[0] = q.c;
    if (q.r == n - 1) s[1] = q.c;
    if (q.c == 0) s[2] = q.r;
    if (q.c == n - 1) s[3] = q.r;
  }
  return s;
}

struct Start {
  Signature sig;
  std::uint32_t weight;
};

class BacktrackEngine final : public Engine {
 public:
  explicit BacktrackEngine(int n) : n_(n) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        for (int c = 0; c < n; ++c) {
          for (int d = 0; d < n; ++d) consider({a, b, c, d});
        }
      }
    }
  }

  std::size_t size() const override { return starts_.size(); }
  std::uint32_t weight(std::size_t id) const override { return starts_.at(id).weight; }
  double cost(std::size_t) const override { return 1.0; }
  std::uint64_t memory_bytes() const override { return starts_.size() * sizeof(Start); }
  std::uint64_t memory_bytes(unsigned, std::uint64_t) const override { return memory_bytes(); }
  std::unique_ptr<Worker> worker() const override;

  int n() const { return n_; }
  const Signature& signature(std::size_t id) const { return starts_.at(id).sig; }

 private:
  void consider(const Signature& s) {
    const std::vector<Square> sq = squares_of(n_, s);
    if (sq.empty()) return;
    std::vector<Signature> images;
    for (int g = 0; g < 8; ++g) {
      std::vector<Square> image;
      for (Square q : sq) image.push_back(transform(n_, g, q));
      images.push_back(signature_of(n_, image));
    }
    if (*std::min_element(images.begin(), images.end()) != s) return;
    std::sort(images.begin(), images.end());
    const auto distinct = std::unique(images.begin(), images.end()) - images.begin();
    starts_.push_back({s, static_cast<std::uint32_t>(distinct)});
  }

  int n_;
  std::vector<Start> starts_;
};

class BacktrackWorker final : public Worker {
 public:
  explicit BacktrackWorker(const BacktrackEngine& engine) : engine_(engine), n_(engine.n()) {}

  std::uint64_t run(std::size_t id, std::uint64_t& nodes) override {
    const std::vector<Square> sq = squares_of(n_, engine_.signature(id));
    const std::uint64_t full = (n_ == 64 ? 0 : (1ull << n_)) - 1;
    full_ = full;
    std::uint64_t cols = 0;
    bool fixed[kMaxCountN + 1] = {};
    for (int r = 0; r < n_; ++r) blocked_[r] = 0;
    for (Square q : sq) {
      cols |= 1ull << q.c;
      fixed[q.r] = true;
      for (int r = 0; r < n_; ++r) {
        const int dist = r > q.r ? r - q.r : q.r - r;
        if (q.c - dist >= 0) blocked_[r] |= 1ull << (q.c - dist);
        if (q.c + dist < n_) blocked_[r] |= 1ull << (q.c + dist);
      }
    }
    next_free_[n_] = n_;
    for (int r = n_ - 1; r >= 0; --r) next_free_[r] = fixed[r] ? next_free_[r + 1] : r;
    const int first = next_free_[0];
    if (first == n_) return 1;  // n = 1: the border queens are the whole board
    nodes_ = 0;
    const std::uint64_t count = search(first, cols, 0, 0);
    nodes += nodes_;
    return count;
  }

 private:
  // Row r is free; ld and rd are the squares of row r that the queens placed by the search
  // attack along the two diagonals.
  std::uint64_t search(int r, std::uint64_t cols, std::uint64_t ld, std::uint64_t rd) {
    std::uint64_t avail = full_ & ~(cols | ld | rd | blocked_[r]);
    const int next = next_free_[r + 1];
    if (next == n_) {
      nodes_ += static_cast<std::uint64_t>(__builtin_popcountll(avail));
      return static_cast<std::uint64_t>(__builtin_popcountll(avail));
    }
    const int shift = next - r;
    std::uint64_t count = 0;
    while (avail) {
      const std::uint64_t bit = avail & (0 - avail);
      avail ^= bit;
      ++nodes_;
      count += search(next, cols | bit, (ld | bit) << shift, (rd | bit) >> shift);
    }
    return count;
  }

  const BacktrackEngine& engine_;
  int n_;
  std::uint64_t full_ = 0;
  std::uint64_t nodes_ = 0;
  std::uint64_t blocked_[kMaxCountN] = {};
  int next_free_[kMaxCountN + 1] = {};
};

std::unique_ptr<Worker> BacktrackEngine::worker() const {
  return std::make_unique<BacktrackWorker>(*this);
}

}  // namespace

std::unique_ptr<Engine> make_backtrack_engine(int n) {
  if (n < 1 || n > kMaxCountN) throw std::invalid_argument("backtrack engine: n out of range");
  return std::make_unique<BacktrackEngine>(n);
}

}  // namespace nq::detail
