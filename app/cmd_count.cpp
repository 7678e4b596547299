// SPDX-License-Identifier: MIT
// `nqueens count N`: total and unique solutions. The answer goes to stdout (a sentence, or one
// JSON object with --json); statistics and progress go to stderr. With --checkpoint FILE each
// finished subproblem is journaled at once, the checkpoint is saved every --checkpoint-every
// seconds and when the run ends, and the same command later resumes from them. Ctrl-C or SIGTERM
// stops the count, saves, prints what was finished marked incomplete, and exits 130.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>
#include <thread>

#include "checkpoint.hpp"
#include "commands.hpp"
#include "count_job.hpp"
#include "interrupt.hpp"
#include "not_saved.hpp"
#include "nqueens/count.hpp"
#include "nqueens/memory.hpp"
#include "nqueens/version.hpp"
#include "numbers.hpp"
#include "progress.hpp"
#include "subtotals.hpp"

namespace nqcli {

namespace {

// At most this many ids from one --subproblems list: a range such as 0-999999999999 is refused
// here instead of filling memory (the engine then names any id past its last subproblem). n = 23
// has 4,056,746 subproblems; 8 bytes each, the cap is 1 GiB.
constexpr std::uint64_t kMostListed = std::uint64_t{1} << 27;

// `ID`, `FIRST-LAST` or `FIRST-LAST/STEP` (as in crontab: every STEP-th id from FIRST up to
// LAST), comma-separated: `0-4056745/33` is every 33rd subproblem of n = 23, a sample of the
// whole run spread over all of it.
std::vector<std::uint64_t> parse_ids(const std::string& list) {
  constexpr std::uint64_t kMost = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> ids;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    if (dash == std::string::npos) {
      ids.push_back(parse_whole_number(item, "subproblem id", 0, kMost, "count"));
    } else {
      const std::size_t slash = item.find('/', dash);
      const std::string last_text = item.substr(dash + 1, slash - dash - 1);
      const std::uint64_t first =
          parse_whole_number(item.substr(0, dash), "subproblem id", 0, kMost, "count");
      const std::uint64_t last = parse_whole_number(last_text, "subproblem id", 0, kMost, "count");
      const std::uint64_t step =
          slash == std::string::npos
              ? 1
              : parse_whole_number(item.substr(slash + 1), "the step of '" + item + "'", 1, kMost,
                                   "count");
      if (last < first) {
        throw UsageError("count: --subproblems '" + item + "' ends before it starts");
      }
      const std::uint64_t listed = (last - first) / step + 1;
      if (listed > kMostListed - ids.size()) {
        throw UsageError(fmt::format("count: --subproblems lists more than {} ids", kMostListed));
      }
      for (std::uint64_t i = 0; i < listed; ++i) ids.push_back(first + i * step);
    }
    if (comma == std::string::npos) return ids;
    start = comma + 1;
  }
}

// `count N --subproblems ID,...`: the chosen subproblems' lines, as in a subtotal log.
int print_subproblems(const nq::CountResult& r, bool json) {
  if (json) {
    nlohmann::ordered_json j;
    j["n"] = r.n;
    j["engine"] = nq::engine_name(r.engine);
    j["subproblems"] = nlohmann::ordered_json::array();
    for (const nq::SubproblemCount& s : r.results) {
      j["subproblems"].push_back({{"id", s.id}, {"weight", s.weight}, {"count", s.count}});
    }
    j["seconds"] = r.seconds;
    j["complete"] = r.subproblems_done == r.results.size() && r.results.size() > 0;
    std::cout << j.dump() << '\n';
  } else {
    for (const nq::SubproblemCount& s : r.results)
      fmt::print("{} {} {}\n", s.id, s.weight, s.count);
  }
  std::cout.flush();
  return kExitOk;
}

}  // namespace

int run_count(const CountArgs& args) {
  const CountJob job = check_count_args(args, "count");
  const int n = job.n;
  const nq::CountEngine engine = job.engine;
  const bool chosen = !args.subproblems.empty();
  if (chosen && (!args.checkpoint.empty() || !args.subtotals.empty() || args.check)) {
    throw UsageError(
        "count: --subproblems cannot be combined with --checkpoint, --subtotals or "
        "--check");
  }
  if (args.estimate &&
      (chosen || !args.checkpoint.empty() || !args.subtotals.empty() || args.check)) {
    throw UsageError(
        "count: --estimate cannot be combined with --subproblems, --checkpoint, --subtotals or "
        "--check");
  }
  InterruptGuard interrupt;
  std::stop_source stop;
  std::stop_callback forward(interrupt.token(), [&stop] { stop.request_stop(); });
  if (args.ranks && !args.estimate) {
    throw UsageError("count: --ranks plans a cluster run from a sample: it needs --estimate");
  }
  if (args.estimate) {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned threads = args.threads ? args.threads : cores;
    if (!args.ranks) return run_count_estimate(args, job, threads, {}, stop.get_token());
    // A plan for a cluster: --threads and --memory describe a rank; the sample runs here, on the
    // cores and under the budget this machine has.
    CountJob here = job;
    if (!args.memory.empty()) here.memory = std::min(job.memory, nq::default_memory_budget());
    return run_count_estimate(args, here, std::min(threads, cores),
                              {args.ranks, threads, job.memory}, stop.get_token());
  }
  nq::CountOptions options{.n = n,
                           .threads = args.threads,
                           .engine = engine,
                           .memory = job.memory,
                           .stop = stop.get_token()};
  if (chosen) options.only = parse_ids(args.subproblems);
  options.collect = chosen || !args.subtotals.empty();

  std::optional<CheckpointKeeper> keeper;
  if (!args.checkpoint.empty()) {
    keeper.emplace(args.checkpoint, n, nq::engine_name(engine), args.checkpoint_every, "count");
    options.resume = keeper->resumed();
    options.resume_subproblems = keeper->resumed_subproblems();
    options.on_start = [&](std::uint64_t subproblems) { keeper->start(subproblems); };
    options.on_done = [&](const nq::SubproblemCount& s) { keeper->add(s); };
  }
  std::jthread heartbeat;  // the progress line while the set-up or a long subproblem runs
  if (progress_wanted(args.progress, args.quiet)) {
    ProgressPrinter printer(n, isatty(STDERR_FILENO) != 0);
    options.on_progress = printer;
    options.on_start = [printer, keep = options.on_start,
                        resumed = options.resume.size()](std::uint64_t subproblems) mutable {
      if (keep) keep(subproblems);
      printer.started(subproblems, resumed);
    };
    heartbeat = std::jthread([printer](std::stop_token done) mutable { printer.heartbeat(done); });
  }
  nq::CountResult r;
  try {
    r = nq::count(options);
  } catch (const CheckpointError& e) {
    throw UsageError(std::string("count: ") + e.what());
  }
  if (heartbeat.joinable()) {  // before the result's lines
    heartbeat.request_stop();
    heartbeat.join();
  }

  if (chosen) {
    if (!r.complete && r.subproblems_done < options.only.size()) return kExitInterrupted;
    return print_subproblems(r, args.json);
  }
  if (!args.subtotals.empty()) {
    write_subtotals(args.subtotals,
                    {n, nq::engine_name(engine), nq::kVersion, r.subproblems, r.results, {}});
  }
  const std::string unsaved = finish_checkpoint(keeper);  // the result is printed all the same
  const int code = report_count(r, args, {}, fmt::format("{} threads", r.threads));
  return not_saved(code, {kExitOk}, "nqueens: count", "result", args.checkpoint, unsaved);
}

}  // namespace nqcli
