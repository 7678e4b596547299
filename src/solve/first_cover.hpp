// SPDX-License-Identifier: MIT
// The cover that the steps of a first-solution search make (nqueens/first_proof.hpp), walked
// from one probe: which refuted pieces, splits and dead squares it uses, and which pieces it
// still lacks. The search resumes from a checkpoint by searching what is lacking; the proof
// check reports it.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "nqueens/first_proof.hpp"

namespace nq::detail {

// The refuted and split steps, found by their piece. It points into the caller's steps, which
// must outlive it and stay where they are.
class CoverIndex {
 public:
  void add(const FirstStep& step);  // refuted and split steps; others are ignored
  const FirstStep* refuted(int row, int column, std::span<const Cell> more) const;
  const FirstStep* split(int row, int column, std::span<const Cell> more) const;

 private:
  static std::string key(int row, int column, std::span<const Cell> more);
  std::unordered_map<std::string, const FirstStep*> refuted_, split_;
};

// Whether `s` shares a row, column or diagonal with any of `queens`.
bool attacked(std::span<const Cell> queens, Cell s);

struct CoverVisitor {
  std::function<void(const FirstStep&)> refuted = {};       // a refuted piece used
  std::function<void(const std::vector<Cell>&)> dead = {};  // a dead square: probe + more
  std::function<void(const FirstStep&)> split = {};         // a split used
  // A piece lacking: its queens beyond the probe's, and its share of the probe (each cut splits
  // a piece's share evenly among the squares of its line that the piece's queens do not attack).
  std::function<void(const std::vector<Cell>&, double)> uncovered = {};
};

// Walks the cover of the probe (row, column) after `prefix` (the columns of rows 0..row-1),
// whose queen must not be attacked by them. Pieces are visited depth first, in line order.
// Returns the share of the probe covered (refuted pieces and dead squares), as above.
double walk_cover(int n, std::span<const int> prefix, int row, int column, const CoverIndex& index,
                  const CoverVisitor& visit);

}  // namespace nq::detail
