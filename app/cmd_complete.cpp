// SPDX-License-Identifier: MIT
// `nqueens complete`: one completion of an instance (perm format), `no completion` (exit 1),
// the number of completions (--count) or all of them (--all); --to-dimacs and --from-model for
// SAT solvers. `nqueens instance`: a random instance in the text form.
#include <fmt/core.h>
#include <unistd.h>

#include <iostream>
#include <limits>
#include <optional>

#include "commands.hpp"
#include "input.hpp"
#include "interrupt.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/format.hpp"
#include "nqueens/memory.hpp"
#include "numbers.hpp"
#include "output.hpp"

namespace nqcli {

namespace {

// "r:c,r:c" (1-based) onto `out`; throws UsageError naming the option.
void parse_squares(const std::string& list, std::uint32_t n, const char* option,
                   std::vector<nq::Square>& out) {
  if (list.empty()) return;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma - start);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      throw UsageError(fmt::format("complete: {} takes row:column pairs, got '{}'", option, item));
    }
    const std::string job = fmt::format("complete {}", option);
    const auto row = parse_whole_number(item.substr(0, colon), "row", 1, n, job);
    const auto col = parse_whole_number(item.substr(colon + 1), "column", 1, n, job);
    out.push_back({static_cast<std::uint32_t>(row - 1), static_cast<std::uint32_t>(col - 1)});
    if (comma == std::string::npos) return;
    start = comma + 1;
  }
}

nq::CompletionInstance load(const CompleteArgs& args) {
  nq::CompletionInstance in;
  const bool inline_squares = !args.queens.empty() || !args.blocked.empty();
  if (!args.input.empty() || !args.size) {
    if (args.size && !args.input.empty()) {
      throw UsageError("complete: give the board size in the instance or with --size, not both");
    }
    in = nq::read_instance(read_input(args.input.empty() ? "-" : args.input));
  } else {
    in.n = static_cast<std::uint32_t>(*args.size);
  }
  if (inline_squares) {
    parse_squares(args.queens, in.n, "--queens", in.queens);
    parse_squares(args.blocked, in.n, "--blocked", in.blocked);
    if (const auto error = nq::instance_error(in)) throw UsageError("complete: " + *error);
  }
  return in;
}

std::string perm_line(const nq::Placement& p) {
  std::string line;
  for (std::size_t r = 0; r < p.size(); ++r) {
    if (r) line += ' ';
    line += std::to_string(p[r] + 1);
  }
  line += '\n';
  return line;
}

void print_placement(const nq::Placement& p) { fmt::print("{}", perm_line(p)); }

}  // namespace

int run_complete(const CompleteArgs& args) {
  const nq::CompletionInstance in = load(args);
  const std::uint64_t n = in.n;
  if (args.to_dimacs) {
    // The CNF has about 200 n^2 bytes of text (measured for n = 50..200), built in memory.
    nq::require_memory(2 * 210 * n * n, fmt::format("the CNF of a board of {}", n));
    const std::string cnf = nq::to_dimacs(in);
    std::fwrite(cnf.data(), 1, cnf.size(), stdout);
    return kExitOk;
  }
  if (!args.from_model.empty()) {
    const std::optional<nq::Placement> p = nq::from_model(in, read_input(args.from_model));
    if (!p) {
      fmt::print("no completion\n");
      return kExitNo;
    }
    print_placement(*p);
    return kExitOk;
  }

  nq::check(in);  // a well-formed instance whose search fits the memory available
  InterruptGuard interrupt;
  const nq::Deadline deadline(interrupt.token(), args.timeout);
  nq::CompleteOptions options{.limit = args.count || args.all ? 0u : 1u,
                              .stop = deadline.token(),
                              .local_search = !args.exhaustive};
  std::optional<FdOutput> out;  // --all: a reader that goes away (| head) ends it quietly
  if (args.all) {
    out.emplace(STDOUT_FILENO);
    options.on_solution = [&out](const nq::Placement& p) {
      out->append(perm_line(p));
      return out->flush_if_full();
    };
  }
  const nq::CompleteResult r = nq::complete(in, options);
  if (out) out->flush();
  if (!r.complete) {
    const std::string found = args.count || args.all
                                  ? fmt::format(", {} completions found so far", r.count)
                              : r.moves ? fmt::format(", {} local-search moves", r.moves)
                                        : "";
    if (deadline.expired()) {
      fmt::print(stderr, "nqueens: complete gave up after {} s ({} queens placed{})\n",
                 args.timeout, r.nodes, found);
      return kExitTimeout;
    }
    if (out && out->closed()) return kExitOk;  // the reader went away
    fmt::print(stderr, "nqueens: complete interrupted ({} queens placed{})\n", r.nodes, found);
    return kExitInterrupted;
  }
  if (args.count) {
    fmt::print("{}\n", r.count);
    return kExitOk;
  }
  if (!r.solution) {
    fmt::print("no completion\n");
    return kExitNo;
  }
  if (!args.all) print_placement(*r.solution);
  return kExitOk;
}

// About half a minute of squares looked at (random_instance_cost()).
constexpr std::uint64_t kMaxInstanceSteps = 10'000'000'000;

namespace {

// --family blocked and --family diagonals.
int run_family_instance(const InstanceArgs& args) {
  const bool blocked_family = args.family == "blocked";
  const auto n = static_cast<std::uint32_t>(parse_board_size(
      args.n, static_cast<int>(nq::kMaxFamilyN), "instance --family " + args.family));
  if (args.queens != 0) {
    throw UsageError("instance: --queens is for --family queens (the " + args.family +
                     " family places no queens)");
  }
  if (blocked_family && args.diagonals) {
    throw UsageError("instance: --diagonals is for --family diagonals");
  }
  if (!blocked_family && args.blocked != 0) {
    throw UsageError("instance: --blocked is for --family queens or blocked");
  }
  const std::uint64_t min_free = args.min_free.value_or(1);
  if (min_free > n) {
    throw UsageError(
        fmt::format("instance: --min-free {} is more than the {} squares of a row", min_free, n));
  }
  const auto k = static_cast<std::uint32_t>(min_free);
  nq::CompletionInstance in;
  std::string parameters;
  if (blocked_family) {
    const std::uint64_t most = std::uint64_t{n} * (n - k);
    if (args.blocked > most) {
      throw UsageError(fmt::format(
          "instance: --blocked {} is more than the {} squares that can be blocked on {} x {} "
          "while every row and column keeps {} open",
          args.blocked, most, n, n, k));
    }
    // The random order of all squares, the per-line counts, the chosen squares and their text.
    nq::require_memory(4 * std::uint64_t{n} * n + 8 * std::uint64_t{n} + 28 * args.blocked + 4096,
                       fmt::format("instance {} --family blocked", n));
    in = nq::random_blocked_instance(n, args.blocked, k, args.seed);
    parameters = fmt::format("--blocked {}", args.blocked);
  } else {
    const std::uint64_t diagonals = args.diagonals.value_or(0);
    if (diagonals > 4 * std::uint64_t{n} - 2) {
      throw UsageError(
          fmt::format("instance: --diagonals {} is more than the {} diagonals of {} x {}",
                      diagonals, 4 * std::uint64_t{n} - 2, n, n));
    }
    in = nq::random_diagonals_instance(n, static_cast<std::uint32_t>(diagonals), k, args.seed);
    parameters = fmt::format("--diagonals {}", diagonals);
  }
  fmt::print("# nqueens instance {} --family {} {} --min-free {} --seed {}\n{}", n, args.family,
             parameters, k, args.seed, nq::write_instance(in));
  return kExitOk;
}

}  // namespace

int run_instance(const InstanceArgs& args) {
  if (args.family != "queens") return run_family_instance(args);
  if (args.diagonals || args.min_free) {
    throw UsageError(std::string("instance: --") + (args.diagonals ? "diagonals" : "min-free") +
                     " is for --family " + (args.diagonals ? "diagonals" : "blocked or diagonals"));
  }
  const auto n = static_cast<std::uint32_t>(
      parse_board_size(args.n, static_cast<int>(nq::kMaxCompleteN), "instance"));
  if (args.queens > n) {
    throw UsageError(fmt::format("instance: {} queens do not fit on {} rows", args.queens, n));
  }
  const std::uint64_t squares = std::uint64_t{n} * n;
  if (args.blocked > squares - args.queens) {
    throw UsageError(fmt::format(
        "instance: --blocked {} is more than the {} squares left beside {} queens on {} x {}",
        args.blocked, squares - args.queens, args.queens, n, n));
  }
  const nq::RandomInstanceCost cost =
      nq::random_instance_cost(n, static_cast<std::uint32_t>(args.queens), args.blocked);
  if (cost.steps > kMaxInstanceSteps) {
    throw UsageError(fmt::format(
        "instance: placing {} queens at random on {} x {} would take about {:.2g} steps (at "
        "most {:.2g}); past half the rows each queen costs n^2",
        args.queens, n, n, static_cast<double>(cost.steps),
        static_cast<double>(kMaxInstanceSteps)));
  }
  nq::require_memory(cost.bytes,
                     fmt::format("instance {} with {} blocked squares", n, args.blocked));
  const nq::CompletionInstance in =
      nq::random_instance(n, static_cast<std::uint32_t>(args.queens), args.blocked, args.seed);
  fmt::print("# nqueens instance {} --queens {} --blocked {} --seed {}\n{}", n, args.queens,
             args.blocked, args.seed, nq::write_instance(in));
  return kExitOk;
}

}  // namespace nqcli
