// SPDX-License-Identifier: MIT
// `nqueens count N`: total and unique solutions. The answer goes to stdout (a sentence, or one
// JSON object with --json); statistics and progress go to stderr. Ctrl-C stops the count, prints
// what was finished marked incomplete, and exits 130.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/count.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

nlohmann::ordered_json to_json(const nq::CountResult& r) {
  nlohmann::ordered_json j;
  j["n"] = r.n;
  j["total"] = r.total;
  j["unique"] = r.complete ? nlohmann::ordered_json(r.unique) : nlohmann::ordered_json(nullptr);
  j["symmetric180"] = r.symmetric180;
  j["symmetric90"] = r.symmetric90;
  j["classes"] = {{"1", r.classes_of_size[0]},
                  {"2", r.classes_of_size[1]},
                  {"4", r.classes_of_size[2]},
                  {"8", r.classes_of_size[3]}};
  j["nodes"] = r.nodes;
  j["subproblems"] = r.subproblems;
  j["subproblems_done"] = r.subproblems_done;
  j["threads"] = r.threads;
  j["seconds"] = r.seconds;
  j["complete"] = r.complete;
  return j;
}

// A progress line on stderr at most every half second, overwritten in place.
auto progress_printer() {
  return [last = std::chrono::steady_clock::now()](const nq::CountProgress& p) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(500) && p.subproblems_done != p.subproblems) return;
    last = now;
    fmt::print(
        stderr, "\rcount: {}/{} subproblems ({:.1f}%)", p.subproblems_done, p.subproblems,
        100.0 * static_cast<double>(p.subproblems_done) / static_cast<double>(p.subproblems));
    if (p.subproblems_done == p.subproblems) fmt::print(stderr, "\n");
  };
}

}  // namespace

int run_count(const CountArgs& args) {
  const int n = parse_board_size(args.n, nq::kMaxCountN, "count");
  InterruptGuard interrupt;
  nq::CountOptions options{.n = n, .threads = args.threads, .stop = interrupt.token()};
  if (args.progress || (!args.quiet && !args.json && isatty(STDERR_FILENO))) {
    options.on_progress = progress_printer();
  }
  const nq::CountResult r = nq::count(options);

  if (args.json) {
    std::cout << to_json(r).dump() << '\n';
  } else if (r.complete) {
    fmt::print("{} {}: {} {}, {} unique\n", r.n, r.n == 1 ? "queen" : "queens", r.total,
               r.total == 1 ? "solution" : "solutions", r.unique);
  } else {
    fmt::print("{} queens: interrupted after {} of {} subproblems, {} solutions so far\n", r.n,
               r.subproblems_done, r.subproblems, r.total);
  }
  std::cout.flush();
  if (!args.quiet && !args.json) {
    fmt::print(stderr, "{} nodes, {} subproblems, {} threads, {:.3f} s\n", r.nodes, r.subproblems,
               r.threads, r.seconds);
  }
  return r.complete ? kExitOk : kExitInterrupted;
}

}  // namespace nqcli
