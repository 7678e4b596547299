// SPDX-License-Identifier: MIT
// `nqueens audit-first FILE [--sample K]`: check a proof written by `solve --method first
// --proof FILE` (nqueens/first_proof.hpp). The answer must be a solution; the proof's steps must
// cover every placement lexicographically smaller than it; and K of the refuted pieces the cover
// uses, drawn at random, are searched again by a different, plainer search, which must find no
// solution in them. Exit 0 when all holds, 1 when something does not, 2 on bad input, 130 on
// Ctrl-C.
#include <fmt/core.h>

#include <fstream>
#include <random>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/first_proof.hpp"
#include "numbers.hpp"

namespace nqcli {

int run_audit_first(const AuditFirstArgs& args) {
  std::ifstream in(args.proof, std::ios::binary);
  if (!in) throw UsageError("audit-first: cannot read " + args.proof);
  nq::FirstProof proof;
  try {
    proof = nq::read_first_proof(in);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("audit-first: {}: {}", args.proof, e.what()));
  }
  if (!proof.answer) throw UsageError("audit-first: " + args.proof + " has no answer line");
  const std::uint64_t seed =
      args.seed.empty() ? std::random_device{}()
                        : parse_whole_number(args.seed, "seed", 0, UINT64_MAX, "audit-first");
  InterruptGuard interrupt;
  const nq::FirstProofCheck c = nq::check_first_proof(
      proof,
      {.sample = args.sample, .seed = seed, .node_budget = args.budget, .stop = interrupt.token()});
  if (c.stopped) {
    fmt::print(stderr, "nqueens: audit-first interrupted\n");
    return kExitInterrupted;
  }
  if (!c.answer_is_solution) {
    fmt::print("audit-first: the answer in {} is not a solution for n = {}\n", args.proof, proof.n);
    return kExitNo;
  }
  fmt::print(
      "audit-first: n = {}: {} smaller probes, {} attacked by the rows above, the rest covered "
      "by {} refuted pieces and {} cuts\n",
      proof.n, c.probes, c.attacked, c.pieces, c.splits);
  if (c.uncovered > 0) {
    fmt::print("audit-first: NOT COVERED: {} pieces, the first {}\n", c.uncovered,
               c.first_uncovered);
  }
  fmt::print(
      "audit-first: seed {}: {} pieces searched again: {} refuted, {} over the budget of {} "
      "nodes, {} completable\n",
      seed, c.sampled, c.re_refuted, c.inconclusive, args.budget, c.contradicted);
  if (c.contradicted > 0) {
    fmt::print("audit-first: WRONG: a piece the proof says is refuted has a solution: {}\n",
               c.first_contradicted);
  }
  if (!c.valid()) return kExitNo;
  fmt::print("audit-first: ok, no placement smaller than {} is a solution{}\n", args.proof,
             c.inconclusive > 0 ? " (some samples over the budget were not checked)" : "");
  return kExitOk;
}

}  // namespace nqcli
