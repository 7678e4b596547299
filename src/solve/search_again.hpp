// SPDX-License-Identifier: MIT
// audit-first's second look at a proof's refuted pieces: each searched again by PlainRefuter,
// independent pieces on several threads at once.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "solve/plain_refuter.hpp"

namespace nq::detail {

struct PieceToSearch {
  std::vector<Cell> queens;         // all of the piece's queens, the probe's rows included
  std::uint64_t claimed_nodes = 0;  // what the proof says its search took: only an order of work
};

struct SearchedAgain {
  bool searched = false;  // false: left when a stop was requested
  PlainRefuter::Outcome outcome = PlainRefuter::Outcome::over_budget;
  std::uint64_t nodes = 0;
};

// One result per piece, in the order given. The pieces are taken largest claim first (a proof
// that lies about its nodes only changes the order), so that the longest searches start early
// instead of leaving one thread busy at the end.
std::vector<SearchedAgain> search_again(int n, std::span<const PieceToSearch> pieces,
                                        const FirstProofCheckOptions& options);

}  // namespace nq::detail
