// SPDX-License-Identifier: MIT
// `nqueens solve N --method first`: the lexicographically first solution by probing, as a long
// run: progress on stderr (the row, the prefix settled, pieces refuted, nodes per second),
// --checkpoint FILE (every step of the search journaled, resumed by the same command),
// --proof FILE (the steps that show every smaller placement impossible, for audit-first), and
// --json (the solution with how each row was settled). Ctrl-C or SIGTERM saves and exits 130;
// --timeout exits 124. --estimate PATHS reads the checkpoint and projects what is left.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "durable_file.hpp"
#include "first_checkpoint.hpp"
#include "interrupt.hpp"
#include "not_saved.hpp"
#include "nqueens/deadline.hpp"
#include "nqueens/solve.hpp"
#include "progress.hpp"

namespace nqcli {

namespace {

using Clock = std::chrono::steady_clock;

// The progress line: the row being settled, its leftmost open column and the share of that
// column's probe refuted so far (an even split per cut: a rough measure, since pieces differ in
// size), the prefix settled, pieces refuted and cut, nodes per second. Refreshed at most twice a
// second on a terminal and every 10 seconds into a file.
class ProgressLine {
 public:
  ProgressLine(int n, bool terminal) : n_(n), terminal_(terminal) {}

  void step(const nq::FirstStep& s) {
    switch (s.kind) {
      case nq::FirstStep::Kind::refuted:
        ++refuted_;
        nodes_ += s.nodes;
        break;
      case nq::FirstStep::Kind::split: ++splits_; break;
      case nq::FirstStep::Kind::completed: break;
      case nq::FirstStep::Kind::settled:
        prefix_ += fmt::format(" {}", s.column + 1);
        where_ = fmt::format("row {}", s.row + 2);
        break;
    }
    print();
  }

  // The rows a checkpoint settled, for the prefix.
  void resume(const std::vector<nq::FirstStep>& steps) {
    for (const nq::FirstStep& s : steps) {
      if (s.kind == nq::FirstStep::Kind::settled) prefix_ += fmt::format(" {}", s.column + 1);
    }
  }

  void progress(const nq::FirstProgress& p) {
    where_ = fmt::format("row {} column {} {:.1f}% refuted, {} pieces waiting", p.row + 1,
                         p.column + 1, 100 * p.covered, p.waiting);
    print();
  }

  void finish() {
    if (dirty_) fmt::print(stderr, "\n");
    dirty_ = false;
  }

 private:
  void print() {
    const auto now = Clock::now();
    if (now - printed_ < (terminal_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10))) {
      return;
    }
    printed_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    std::string prefix = prefix_;
    if (prefix.size() > 60) prefix = " ..." + prefix.substr(prefix.size() - 56);
    fmt::print(stderr,
               "{}first {}: {} | prefix{} | {} pieces refuted, {} cut, {:.3g} nodes/s | {}{}",
               terminal_ ? "\r" : "", n_, where_, prefix, refuted_, splits_,
               static_cast<double>(nodes_) / std::max(elapsed, 1e-9), clock_time(elapsed),
               terminal_ ? "  " : "\n");
    dirty_ = terminal_;
  }

  int n_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point printed_ = start_;
  std::string prefix_;
  std::string where_ = "row 1";
  std::uint64_t refuted_ = 0, splits_ = 0, nodes_ = 0;
  bool dirty_ = false;
};

// Writes the proof whole or not at all (FILE.tmp, flushed, renamed over FILE): a full disk or an
// I/O error leaves the last good file as it was and says so; the answer still stands, so the
// caller prints it and exits with kExitNotSaved. False if the proof is not saved.
bool write_proof(const std::string& path, int n, const nq::SolveResult& r,
                 const std::vector<nq::FirstStep>& steps, bool checkpointed) {
  std::ostringstream text;
  nq::write_first_proof(text, {.n = n, .answer = r.solution, .steps = steps});
  try {
    replace_file(path, text.str(), true);
    return true;
  } catch (const CheckpointError& e) {
    fmt::print(
        stderr, "nqueens: the proof is not saved in {} ({}){}\n", path, e.what(),
        checkpointed ? "; the checkpoint keeps its steps: the same command writes it again" : "");
    return false;
  }
}

nlohmann::ordered_json report(int n, const nq::SolveResult& r, double seconds) {
  nlohmann::ordered_json j;
  j["n"] = n;
  j["method"] = "first";
  auto solution = nlohmann::ordered_json::array();
  if (r.solution) {
    for (nq::Column c : r.solution->columns()) solution.push_back(c + 1);
  }
  j["solution"] = solution;
  j["nodes"] = r.nodes;
  j["seconds"] = seconds;
  j["rows"] = nlohmann::ordered_json::array();
  for (const nq::FirstRowReport& row : r.rows) {
    j["rows"].push_back({{"row", row.row + 1},
                         {"column", row.column + 1},
                         {"probed", row.probed},
                         {"refuted_at_once", row.refuted_at_once},
                         {"refuted_by_search", row.refuted_by_search},
                         {"pieces", row.pieces},
                         {"nodes", row.nodes},
                         {"seconds", row.seconds},
                         {"resumed", row.resumed}});
  }
  return j;
}

// After the search: the line for a stopped run, the proof, the answer; returns the exit code.
int finish_run(int n, const nq::SolveResult& r, const SolveArgs& args, const nq::Deadline& deadline,
               double seconds, bool checkpointed, const std::vector<nq::FirstStep>& steps,
               const std::function<void(const nq::Placement&)>& print) {
  if (!r.complete) {
    const std::string saved = checkpointed ? fmt::format("; saved in {}", args.checkpoint) : "";
    if (deadline.expired()) {
      fmt::print(stderr, "nqueens: gave up after {} s ({} nodes, {} rows settled){}\n",
                 args.timeout, r.nodes, r.rows.size(), saved);
      return kExitTimeout;
    }
    fmt::print(stderr, "nqueens: interrupted after {} nodes, {} rows settled{}\n", r.nodes,
               r.rows.size(), saved);
    return kExitInterrupted;
  }
  const bool saved = args.proof.empty() || write_proof(args.proof, n, r, steps, checkpointed);
  const int done = saved ? kExitOk : kExitNotSaved;
  if (args.json) {
    std::cout << report(n, r, seconds).dump() << '\n';
    std::cout.flush();
    return r.solution ? done : kExitNo;
  }
  if (!r.solution) {
    fmt::print(stderr, "nqueens: there is no solution for n = {}\n", n);
    return kExitNo;
  }
  print(*r.solution);
  return done;
}

}  // namespace

int run_solve_first(int n, const SolveArgs& args,
                    const std::function<void(const nq::Placement&)>& print) {
  InterruptGuard interrupt;
  const nq::Deadline deadline(interrupt.token(), args.timeout);
  std::stop_source stop;
  std::stop_callback forward(deadline.token(), [&stop] { stop.request_stop(); });

  std::optional<FirstCheckpoint> checkpoint;
  std::vector<nq::FirstStep> steps;  // without a checkpoint, kept here for --proof
  if (!args.checkpoint.empty()) {
    checkpoint.emplace(args.checkpoint, n, args.checkpoint_every);
    try {
      checkpoint->start();
    } catch (const CheckpointError& e) {
      throw UsageError(std::string("solve: ") + e.what());
    }
  }
  std::optional<ProgressLine> progress;
  if (progress_wanted(args.progress, args.quiet)) {
    progress.emplace(n, isatty(STDERR_FILENO) != 0);
    if (checkpoint) progress->resume(checkpoint->steps());
  }

  nq::SolveOptions options{.n = n, .stop = stop.get_token(), .threads = args.threads};
  if (checkpoint) options.resume = checkpoint->steps();
  const bool keep = !checkpoint && !args.proof.empty();
  options.on_step = [&](const nq::FirstStep& s) {
    if (checkpoint) checkpoint->add(s);
    if (keep) steps.push_back(s);
    if (progress) progress->step(s);
  };
  if (progress) options.on_progress = [&](const nq::FirstProgress& p) { progress->progress(p); };
  const auto started = Clock::now();
  const nq::SolveResult r = nq::solve_first(options);
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  if (progress) progress->finish();

  const std::string unsaved = finish_checkpoint(checkpoint);  // the answer is printed all the same
  const int code = finish_run(n, r, args, deadline, seconds, checkpoint.has_value(),
                              checkpoint ? checkpoint->steps() : steps, print);
  // "No solution" is an answer too.
  return not_saved(code, {kExitOk, kExitNo}, "nqueens: solve", "search", args.checkpoint, unsaved);
}

namespace {

// A projected time, from seconds to the 10^40 years a hopeless probe projects.
std::string projected_time(double seconds) {
  constexpr double kDay = 86400, kYear = 365.25 * kDay;
  if (seconds < 2 * kDay) return clock_time(seconds);
  if (seconds < kYear) return fmt::format("{:.1f} days", seconds / kDay);
  return fmt::format("{:.2g} years", seconds / kYear);
}

}  // namespace

int run_estimate_first(int n, const SolveArgs& args) {
  if (args.checkpoint.empty()) {
    throw UsageError("solve: --estimate needs --checkpoint FILE, the stopped run to estimate");
  }
  if (std::ifstream probe(args.checkpoint); !probe) {
    throw UsageError(fmt::format("solve: --estimate: cannot read checkpoint {}", args.checkpoint));
  }
  InterruptGuard interrupt;
  const nq::Deadline deadline(interrupt.token(), args.timeout);
  FirstCheckpoint checkpoint(args.checkpoint, n, args.checkpoint_every);
  const nq::FirstEstimate e = nq::estimate_first(
      {.n = n, .resume = checkpoint.steps(), .paths = args.estimate, .stop = deadline.token()});
  checkpoint.release();
  const unsigned threads =
      args.threads ? args.threads : std::max(1u, std::thread::hardware_concurrency());
  // The pieces are shared by every thread, so the time divides by their number; restarts take
  // their share of it meanwhile (FirstEstimate::work).
  const double seconds = e.nodes_per_second > 0 ? e.work / (e.nodes_per_second * threads) : 0;
  if (args.json) {
    nlohmann::ordered_json j;
    j["n"] = n;
    j["open"] = e.open;
    if (e.open) {
      j["row"] = e.row + 1;
      j["column"] = e.column + 1;
      j["pieces"] = e.pieces;
      j["covered"] = e.covered;
      j["searched"] = e.searched;
      j["nodes"] = e.nodes;
      j["error"] = e.error;
      j["paths"] = e.paths;
      j["completions"] = e.completions;
      j["path_nodes"] = e.path_nodes;
      j["nodes_per_second"] = e.nodes_per_second;
      j["work"] = e.work;
      j["threads"] = threads;
      if (e.completions == 0) j["seconds"] = seconds;  // no projection for a live column
    }
    std::cout << j.dump() << '\n';
  } else if (!e.open) {
    fmt::print("first {}: every row is settled; nothing is left to search\n", n);
  } else {
    fmt::print(
        "first {}: row {}, column {}: {} pieces waiting, {:.1f}% of the probe refuted ({} "
        "nodes)\n",
        n, e.row + 1, e.column + 1, e.pieces, 100 * e.covered, e.searched);
  }
  if (!args.json && e.open && e.completions > 0) {
    fmt::print(
        "left: {} of {} paths ended in a completion, so the column has one: the run settles the "
        "row when its search or a restart reaches one\n",
        e.completions, e.paths);
  } else if (!args.json && e.open) {
    fmt::print(
        "left: about {:.3g} nodes, standard error {:.2g} (Knuth's estimator, {} paths)\n"
        "at {:.3g} nodes/s a thread: about {} on {} thread{}, if the column has no completion\n",
        e.nodes, e.error, e.paths, e.nodes_per_second, projected_time(seconds), threads,
        threads == 1 ? "" : "s");
  }
  if (deadline.expired() || interrupt.token().stop_requested()) {
    fmt::print(stderr, "nqueens: stopped after {} of {} paths\n", e.paths, args.estimate);
    return deadline.expired() ? kExitTimeout : kExitInterrupted;
  }
  return kExitOk;
}

}  // namespace nqcli
