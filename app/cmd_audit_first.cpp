// SPDX-License-Identifier: MIT
// `nqueens audit-first FILE [--sample K | --full]`: check a proof written by `solve --method first
// --proof FILE` (nqueens/first_proof.hpp). The answer must be a solution (if not, the first two
// queens that attack each other are named); the proof's steps must cover every placement
// lexicographically smaller than it; and K of the refuted pieces the cover uses, drawn at random,
// or with --full every one, are searched again by a different search on all cores, which must
// find no solution in them. Progress on stderr. Exit 0 when all holds, 1 when something does
// not, 2 on bad input, 130 on Ctrl-C.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <random>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/first_proof.hpp"
#include "nqueens/verify.hpp"
#include "numbers.hpp"
#include "progress.hpp"

namespace nqcli {

namespace {

// "audit-first 61: 40/135 pieces searched again, 1.2e+05 nodes | 0:03", rewritten in place twice
// a second on a terminal, a new line every 10 seconds otherwise.
class AuditProgress {
 public:
  AuditProgress(int n, bool terminal) : n_(n), terminal_(terminal) {}

  void operator()(const nq::FirstProofCheckProgress& p) {
    const auto now = Clock::now();
    const bool last = p.searched == p.of;
    if (!last &&
        now - printed_ < (terminal_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10))) {
      return;
    }
    printed_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    fmt::print(stderr, "{}audit-first {}: {}/{} pieces searched again, {:.3g} nodes | {}{}",
               terminal_ ? "\r" : "", n_, p.searched, p.of, static_cast<double>(p.nodes),
               clock_time(elapsed), terminal_ && !last ? "  " : "\n");
    dirty_ = terminal_ && !last;
  }

  void finish() {  // ends a line left open on a terminal
    if (dirty_) fmt::print(stderr, "\n");
    dirty_ = false;
  }

 private:
  using Clock = std::chrono::steady_clock;
  int n_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point printed_ = start_;
  bool dirty_ = false;
};

}  // namespace

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
  nq::FirstProofCheckOptions options{.sample = args.full ? ~std::uint64_t{0} : args.sample,
                                     .seed = seed,
                                     .node_budget = args.budget,
                                     .stop = interrupt.token(),
                                     .threads = args.threads};
  std::optional<AuditProgress> progress;
  if (progress_wanted(args.progress, args.quiet)) {
    progress.emplace(proof.n, isatty(STDERR_FILENO) != 0);
    options.on_progress = [&](const nq::FirstProofCheckProgress& p) { (*progress)(p); };
  }
  const nq::FirstProofCheck c = nq::check_first_proof(proof, options);
  if (progress) progress->finish();
  if (c.stopped) {
    fmt::print(stderr, "nqueens: audit-first interrupted\n");
    return kExitInterrupted;
  }
  if (!c.answer_is_solution) {
    const std::optional<nq::Attack> attack = nq::find_attack(*proof.answer);
    fmt::print("audit-first: the answer in {} is not a solution for n = {}{}\n", args.proof,
               proof.n, attack ? ": " + nq::describe(*attack) : "");
    return kExitNo;
  }
  fmt::print(
      "audit-first: n = {}: {}, {} attacked by the rows above, the rest covered by {} and {}\n",
      proof.n, count_of(c.probes, "smaller probe"), c.attacked, count_of(c.pieces, "refuted piece"),
      count_of(c.splits, "cut"));
  if (c.uncovered > 0) {
    fmt::print("audit-first: NOT COVERED: {}, the first {}\n", count_of(c.uncovered, "piece"),
               c.first_uncovered);
  }
  const std::string which = args.full
                                ? fmt::format("full audit: all {}", count_of(c.sampled, "piece"))
                                : fmt::format("seed {}: {}", seed, count_of(c.sampled, "piece"));
  fmt::print(
      "audit-first: {} searched again ({}): {} refuted, {} over the budget of {}, {} "
      "completable\n",
      which, count_of(c.nodes, "node"), c.re_refuted, c.inconclusive, count_of(args.budget, "node"),
      c.contradicted);
  if (c.contradicted > 0) {
    fmt::print("audit-first: WRONG: a piece the proof says is refuted has a solution: {}\n",
               c.first_contradicted);
  }
  if (args.full && c.inconclusive > 0) {
    fmt::print("audit-first: NOT CHECKED: {} over the budget, the first {} (raise --budget)\n",
               count_of(c.inconclusive, "piece"), c.first_inconclusive);
    return kExitNo;
  }
  if (!c.valid()) return kExitNo;
  fmt::print("audit-first: ok{}, no placement smaller than {} is a solution{}\n",
             args.full ? " (full audit)" : "", args.proof,
             c.inconclusive > 0 ? " (some samples over the budget were not checked)" : "");
  return kExitOk;
}

}  // namespace nqcli
