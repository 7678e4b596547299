// SPDX-License-Identifier: MIT
// `nqueens solve N`: one solution, by the explicit construction (default, any n up to
// 2^32 - 1, streamed in constant memory), local search (--method random), the lexicographically
// first solution (--method first, or plain --method backtrack). No solution (n = 2, 3): stderr,
// exit 1. Ctrl-C: exit 130. --timeout reached: exit 124, saying the search gave up.
#include <fmt/core.h>
#include <unistd.h>

#include <iostream>

#include "column_output.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/render.hpp"
#include "nqueens/solve.hpp"
#include "nqueens/solve_request.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

ColumnFormat column_format(const SolveArgs& args) {
  if (args.format == "binary") return ColumnFormat::binary;
  if (args.format == "json") return ColumnFormat::json;
  return args.one_per_line ? ColumnFormat::perm_lines : ColumnFormat::perm;
}

bool is_drawing(const std::string& format) { return format == "board" || format == "svg"; }

void write_placement(const nq::Placement& p, const SolveArgs& args) {
  if (is_drawing(args.format)) {
    nq::render(std::cout, p, args.format == "svg" ? nq::RenderStyle::svg : nq::RenderStyle::text);
    std::cout.flush();
    return;
  }
  FdOutput out(STDOUT_FILENO);
  ColumnWriter writer(out, column_format(args), p.size());
  writer.write(p.columns().data(), p.size());
  writer.finish();
}

// The construction never materialises the board: runs of columns are expanded 64 Ki at a time.
void write_construction(const nq::ExplicitSolution& s, const SolveArgs& args) {
  if (is_drawing(args.format)) return write_placement(s.placement(), args);
  FdOutput out(STDOUT_FILENO);
  ColumnWriter writer(out, column_format(args), s.size());
  std::vector<nq::Column> piece(1 << 16);
  for (const nq::ExplicitSolution::Run& run : s.runs()) {
    for (std::uint64_t done = 0; done < run.count && !out.closed();) {
      const std::size_t take =
          static_cast<std::size_t>(std::min<std::uint64_t>(piece.size(), run.count - done));
      for (std::size_t i = 0; i < take; ++i) {
        piece[i] = static_cast<nq::Column>(run.first + 2 * (done + i) - 1);
      }
      writer.write(piece.data(), take);
      done += take;
    }
  }
  writer.finish();
}

// A search that stopped early: at the --timeout (exit 124) or on Ctrl-C (exit 130).
int gave_up(const nq::Deadline& deadline, double timeout, const std::string& work) {
  if (deadline.expired()) {
    fmt::print(stderr, "nqueens: gave up after {} s ({}); no solution found yet\n", timeout, work);
    return kExitTimeout;
  }
  fmt::print(stderr, "nqueens: interrupted after {}, no solution yet\n", work);
  return kExitInterrupted;
}

// Local search or plain backtracking, as the library's one solve() runs them.
int search(std::uint64_t n, nq::SolveMethod method, const SolveArgs& args) {
  InterruptGuard interrupt;
  const nq::Deadline deadline(interrupt.token(), args.timeout);
  const bool random = method == nq::SolveMethod::random;
  const nq::Solved r = nq::solve({.n = n,
                                  .method = method,
                                  .seed = random ? std::optional(args.seed) : std::nullopt,
                                  .stop = deadline.token()});
  if (!r.complete) {
    return gave_up(deadline, args.timeout,
                   fmt::format("{} {}", r.steps, random ? "swaps" : "nodes"));
  }
  write_placement(*r.solution, args);
  return kExitOk;
}

}  // namespace

int run_solve(const SolveArgs& args) {
  const nq::SolveMethod method = nq::solve_method_named(args.method);
  const std::uint64_t n =
      parse_whole_number(args.n, "N", 1, nq::solve_max_n(method), nq::solve_job(method));
  if (is_drawing(args.format) && n > nq::kMaxRenderN) {
    throw UsageError(
        fmt::format("n = {} is too large to draw as {} (at most {}); use --format "
                    "perm or binary",
                    n, args.format, nq::kMaxRenderN));
  }
  if (method != nq::SolveMethod::first &&
      (!args.checkpoint.empty() || !args.proof.empty() || args.json)) {
    throw UsageError("solve: --checkpoint, --proof and --json are for --method first");
  }
  if (args.estimate > 0) {
    if (method != nq::SolveMethod::first)
      throw UsageError("solve: --estimate is for --method first");
    if (!args.proof.empty())
      throw UsageError("solve: --estimate proves nothing; leave out --proof");
    return run_estimate_first(static_cast<int>(n), args);
  }
  if (args.json && args.format != "perm") {
    throw UsageError("solve: --json prints the solution itself; leave out --format");
  }
  if (!nq::has_solution(n)) {
    if (method == nq::SolveMethod::first && (args.json || !args.proof.empty())) {
      return run_solve_first(static_cast<int>(n), args, {});  // the report says so too
    }
    fmt::print(stderr, "nqueens: there is no solution for n = {}\n", n);
    return kExitNo;
  }
  if (method == nq::SolveMethod::construct) {
    write_construction(nq::ExplicitSolution(n), args);
    return kExitOk;
  }
  if (method != nq::SolveMethod::first) return search(n, method, args);
  return run_solve_first(static_cast<int>(n), args,
                         [&args](const nq::Placement& p) { write_placement(p, args); });
}

}  // namespace nqcli
