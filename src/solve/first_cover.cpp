// SPDX-License-Identifier: MIT
#include "solve/first_cover.hpp"

#include <algorithm>
#include <cstdlib>

namespace nq::detail {

std::string CoverIndex::key(int row, int column, std::span<const Cell> more) {
  std::vector<Cell> sorted(more.begin(), more.end());
  std::sort(sorted.begin(), sorted.end());
  std::string k;
  k.reserve(2 + 2 * sorted.size());
  k.push_back(static_cast<char>(row));
  k.push_back(static_cast<char>(column));
  for (const Cell& s : sorted) {
    k.push_back(static_cast<char>(s.row));
    k.push_back(static_cast<char>(s.col));
  }
  return k;
}

void CoverIndex::add(const FirstStep& step) {
  if (step.kind == FirstStep::Kind::refuted) {
    refuted_.emplace(key(step.row, step.column, step.more), &step);
  } else if (step.kind == FirstStep::Kind::split) {
    split_.emplace(key(step.row, step.column, step.more), &step);
  }
}

const FirstStep* CoverIndex::refuted(int row, int column, std::span<const Cell> more) const {
  const auto it = refuted_.find(key(row, column, more));
  return it == refuted_.end() ? nullptr : it->second;
}

const FirstStep* CoverIndex::split(int row, int column, std::span<const Cell> more) const {
  const auto it = split_.find(key(row, column, more));
  return it == split_.end() ? nullptr : it->second;
}

bool attacked(std::span<const Cell> queens, Cell s) {
  return std::any_of(queens.begin(), queens.end(), [s](const Cell& q) {
    return q.row == s.row || q.col == s.col || std::abs(q.row - s.row) == std::abs(q.col - s.col);
  });
}

namespace {

struct Walker {
  int n;
  int row;
  int column;
  const CoverIndex& index;
  const CoverVisitor& visit;
  std::vector<Cell> queens;  // prefix, probe and more
  std::vector<Cell> more;
  double covered = 0;

  void walk(double share) {
    if (const FirstStep* r = index.refuted(row, column, more)) {
      if (visit.refuted) visit.refuted(*r);
      covered += share;
      return;
    }
    const FirstStep* s = index.split(row, column, more);
    // A split must cut along an open line: every completion has a queen there.
    const bool open = s != nullptr && s->line >= 0 && s->line < n &&
                      std::none_of(queens.begin(), queens.end(), [s](const Cell& q) {
                        return (s->line_is_row ? q.row : q.col) == s->line;
                      });
    if (!open) {
      if (visit.uncovered) visit.uncovered(more, share);
      return;
    }
    if (visit.split) visit.split(*s);
    int branches = 0;
    for (int p = 0; p < n; ++p) {
      branches += !attacked(queens, s->line_is_row ? Cell{s->line, p} : Cell{p, s->line});
    }
    for (int p = 0; p < n; ++p) {
      const Cell square = s->line_is_row ? Cell{s->line, p} : Cell{p, s->line};
      if (attacked(queens, square)) continue;
      more.push_back(square);
      if (std::find(s->dead.begin(), s->dead.end(), p) != s->dead.end()) {
        if (visit.dead) visit.dead(more);
        covered += share / branches;
      } else {
        queens.push_back(square);
        walk(share / branches);
        queens.pop_back();
      }
      more.pop_back();
    }
  }
};

}  // namespace

double walk_cover(int n, std::span<const int> prefix, int row, int column, const CoverIndex& index,
                  const CoverVisitor& visit) {
  Walker w{n, row, column, index, visit, {}, {}};
  for (std::size_t r = 0; r < prefix.size(); ++r)
    w.queens.push_back({static_cast<int>(r), prefix[r]});
  w.queens.push_back({row, column});
  w.walk(1.0);
  return w.covered;
}

}  // namespace nq::detail
