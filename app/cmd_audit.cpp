// SPDX-License-Identifier: MIT
// `nqueens audit LOG --sample K`: recompute K randomly chosen lines of a subtotal log (written by
// `count --subtotals`) and compare weight and count. Prints one line per mismatch and a summary;
// exit 0 when every sampled line matches, 1 otherwise.
#include <fmt/core.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <random>
#include <vector>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/count.hpp"
#include "nqueens/memory.hpp"
#include "nqueens/version.hpp"
#include "numbers.hpp"
#include "subtotals.hpp"

namespace nqcli {

int run_audit(const AuditArgs& args) {
  const Subtotals log = read_subtotals(args.log);
  if (log.version != nq::kVersion) {
    throw UsageError(
        fmt::format("audit: {} was written by nqueens {}, this is {}; subproblem ids may differ",
                    args.log, log.version, nq::kVersion));
  }
  if (log.n < 1 || log.n > nq::kMaxCountN) throw UsageError("audit: bad n in " + args.log);
  const std::optional<nq::CountEngine> engine = nq::engine_from_name(log.engine);
  if (!engine || *engine == nq::CountEngine::automatic) {
    throw UsageError("audit: unknown engine '" + log.engine + "' in " + args.log);
  }
  if (log.lines.empty()) throw UsageError("audit: " + args.log + " has no subtotal lines");

  const std::uint64_t seed = args.seed.empty()
                                 ? std::random_device{}()
                                 : parse_whole_number(args.seed, "seed", 0, UINT64_MAX, "audit");
  std::mt19937_64 rng(seed);
  std::vector<std::size_t> picks(log.lines.size());
  for (std::size_t i = 0; i < picks.size(); ++i) picks[i] = i;
  const std::size_t k =
      static_cast<std::size_t>(std::min<std::uint64_t>(args.sample, picks.size()));
  for (std::size_t i = 0; i < k; ++i) {  // the first k of a random shuffle
    std::uniform_int_distribution<std::size_t> pick(i, picks.size() - 1);
    std::swap(picks[i], picks[pick(rng)]);
  }
  picks.resize(k);

  InterruptGuard interrupt;
  nq::CountOptions options{.n = log.n,
                           .threads = args.threads,
                           .engine = *engine,
                           .memory = args.memory.empty() ? nq::default_memory_budget()
                                                         : parse_memory_size(args.memory, "audit"),
                           .stop = interrupt.token(),
                           .collect = true};
  for (std::size_t i : picks) options.only.push_back(log.lines[i].id);
  const nq::CountResult r = nq::count(options);
  if (r.subproblems != log.subproblems) {
    throw UsageError(fmt::format("audit: {} says {} subproblems, this engine has {}", args.log,
                                 log.subproblems, r.subproblems));
  }
  if (r.results.size() != k) return kExitInterrupted;

  std::size_t mismatches = 0;
  for (std::size_t i : picks) {
    const nq::SubproblemCount& logged = log.lines[i];
    const auto again =
        std::find_if(r.results.begin(), r.results.end(),
                     [&](const nq::SubproblemCount& s) { return s.id == logged.id; });
    if (again->count != logged.count || again->weight != logged.weight) {
      ++mismatches;
      fmt::print(
          "mismatch: subproblem {} (line {}): the log says weight {} count {}, "
          "recomputed weight {} count {}\n",
          logged.id, log.line_numbers[i], logged.weight, logged.count, again->weight, again->count);
    }
  }
  fmt::print("audit: {} of {} lines recomputed (seed {}): {}\n", k, log.lines.size(), seed,
             mismatches ? fmt::format("{} mismatch{}", mismatches, mismatches == 1 ? "" : "es")
                        : std::string("all match"));
  return mismatches ? kExitNo : kExitOk;
}

}  // namespace nqcli
