// SPDX-License-Identifier: MIT
// `nqueens count N`: total and unique solutions. The answer goes to stdout (a sentence, or one
// JSON object with --json); statistics and progress go to stderr. With --checkpoint FILE the
// finished subproblems are saved every --checkpoint-every seconds and when the run ends or is
// interrupted, and the same command later resumes from them. Ctrl-C or SIGTERM stops the count,
// saves, prints what was finished marked incomplete, and exits 130.
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>

#include "checkpoint.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "memory.hpp"
#include "nqueens/count.hpp"
#include "nqueens/version.hpp"
#include "numbers.hpp"
#include "subtotals.hpp"

namespace nqcli {

namespace {

using Clock = std::chrono::steady_clock;

nlohmann::ordered_json to_json(const nq::CountResult& r, const char* check) {
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
  j["engine"] = nq::engine_name(r.engine);
  j["nodes"] = r.nodes;
  j["subproblems"] = r.subproblems;
  j["subproblems_done"] = r.subproblems_done;
  j["subproblems_resumed"] = r.subproblems_resumed;
  j["memory_bytes"] = r.memory_bytes;
  j["threads"] = r.threads;
  j["seconds"] = r.seconds;
  j["complete"] = r.complete;
  if (check) j["check"] = check;
  return j;
}

std::string clock_time(double seconds) {
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// A progress line on stderr: percent of the estimated work, subproblems per second and the
// time left. On a terminal it is rewritten in place twice a second; otherwise (--progress
// always into a file) a new line every 10 seconds.
class ProgressPrinter {
 public:
  ProgressPrinter(int n, bool terminal) : n_(n), terminal_(terminal) {}

  void operator()(const nq::CountProgress& p) {
    const auto now = Clock::now();
    if (!first_) first_ = p;
    const bool last = p.subproblems_done == p.subproblems;
    if (now - printed_ < (terminal_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10)) &&
        !last) {
      return;
    }
    printed_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double fraction = p.work_total > 0 ? p.work_done / p.work_total : 1.0;
    const double work_rate = (p.work_done - first_->work_done) / std::max(elapsed, 1e-9);
    if (work_rate <= 0 && !last) return;  // nothing to say yet (the tables are still being built)
    const double rate = static_cast<double>(p.subproblems_done - first_->subproblems_done) /
                        std::max(elapsed, 1e-9);
    const std::string eta =
        work_rate > 0 ? clock_time((p.work_total - p.work_done) / work_rate) : "?";
    fmt::print(stderr, "{}count {}: {:.1f}% ({}/{} subproblems), {:.0f}/s, ETA {}{}",
               terminal_ ? "\r" : "", n_, 100.0 * fraction, p.subproblems_done, p.subproblems, rate,
               eta, terminal_ && !last ? "  " : "\n");
  }

 private:
  int n_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point printed_ = start_;  // the first line after one interval, with a rate
  std::optional<nq::CountProgress> first_;
};

// Keeps the checkpoint file in step with the finished subproblems. Called from the workers one
// at a time (count() serialises its callbacks).
class CheckpointKeeper {
 public:
  CheckpointKeeper(std::string path, Checkpoint state, double every)
      : path_(std::move(path)), state_(std::move(state)), every_(every) {}

  void add(const nq::SubproblemCount& s, std::stop_source& stop) {
    state_.done.push_back(s);
    if (Clock::now() - saved_ >= std::chrono::duration<double>(every_)) {
      try {
        save();
      } catch (const CheckpointError& e) {
        error_ = e.what();
        stop.request_stop();
      }
    }
  }
  void start(std::uint64_t subproblems) {  // before the first worker: a bad path fails early
    state_.subproblems = subproblems;
    save();
  }
  void save() {
    save_checkpoint(path_, state_);
    saved_ = Clock::now();
  }
  const std::string& error() const { return error_; }

 private:
  std::string path_;
  Checkpoint state_;
  double every_;
  Clock::time_point saved_ = Clock::now();
  std::string error_;
};

// Peak memory of the halves engine, from measured peaks on 2 threads (n = 18: 213 MB, 19: 400 MB,
// 20: 1.69 GB), rounded up: about 2.85x per n.
std::uint64_t halves_memory(int n) {
  return static_cast<std::uint64_t>(220e6 * std::pow(2.85, n - 18));
}

std::vector<std::uint64_t> parse_ids(const std::string& list) {
  std::vector<std::uint64_t> ids;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    const std::string item = list.substr(start, comma - start);
    ids.push_back(parse_whole_number(item, "subproblem id", 0,
                                     std::numeric_limits<std::uint64_t>::max(), "count"));
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
  const int n = parse_board_size(args.n, nq::kMaxCountN, "count");
  const nq::CountEngine engine = nq::resolve_engine(*nq::engine_from_name(args.engine), n);
  if (engine == nq::CountEngine::halves && (n < 4 || n > nq::kMaxHalvesN)) {
    throw UsageError(
        fmt::format("count: the halves engine takes n from 4 to {}, not {}", nq::kMaxHalvesN, n));
  }
  if (args.check && !nq::known_count(n)) {
    throw UsageError(
        fmt::format("count: --check knows the published counts for n <= {} only, not n = {}",
                    nq::kMaxKnownN, n));
  }
  const bool chosen = !args.subproblems.empty();
  if (chosen && (!args.checkpoint.empty() || !args.subtotals.empty() || args.check)) {
    throw UsageError(
        "count: --subproblems cannot be combined with --checkpoint, --subtotals or "
        "--check");
  }
  if (engine == nq::CountEngine::halves) require_memory(halves_memory(n), "count");

  InterruptGuard interrupt;
  std::stop_source stop;
  std::stop_callback forward(interrupt.token(), [&stop] { stop.request_stop(); });
  nq::CountOptions options{
      .n = n, .threads = args.threads, .engine = engine, .stop = stop.get_token()};
  if (chosen) options.only = parse_ids(args.subproblems);
  options.collect = chosen || !args.subtotals.empty();

  std::optional<CheckpointKeeper> keeper;
  if (!args.checkpoint.empty()) {
    Checkpoint state{nq::kVersion, n, nq::engine_name(engine), 0, {}};
    try {
      if (std::optional<Checkpoint> old = load_checkpoint(args.checkpoint)) {
        if (old->version != state.version || old->n != n || old->engine != state.engine) {
          throw UsageError(fmt::format(
              "count: checkpoint {} is for n = {} with the {} engine of nqueens {}, not n = {} "
              "with the {} engine of nqueens {}; left untouched",
              args.checkpoint, old->n, old->engine, old->version, n, state.engine, state.version));
        }
        options.resume = old->done;
        options.resume_subproblems = old->subproblems;
        state = std::move(*old);
      }
    } catch (const CheckpointError& e) {
      throw UsageError(std::string("count: ") + e.what() + "; left untouched");
    }
    keeper.emplace(args.checkpoint, std::move(state), args.checkpoint_every);
    options.on_start = [&](std::uint64_t subproblems) { keeper->start(subproblems); };
    options.on_done = [&](const nq::SubproblemCount& s) { keeper->add(s, stop); };
  }

  const bool terminal = isatty(STDERR_FILENO) != 0;
  if (!args.quiet && (args.progress == "always" || (args.progress == "auto" && terminal))) {
    options.on_progress = ProgressPrinter(n, terminal);
  }
  nq::CountResult r;
  try {
    r = nq::count(options);
  } catch (const CheckpointError& e) {
    throw UsageError(std::string("count: ") + e.what());
  }

  if (chosen) {
    if (!r.complete && r.subproblems_done < options.only.size()) return kExitInterrupted;
    return print_subproblems(r, args.json);
  }
  if (!args.subtotals.empty()) {
    write_subtotals(args.subtotals,
                    {n, nq::engine_name(engine), nq::kVersion, r.subproblems, r.results, {}});
  }
  if (keeper) {
    try {
      keeper->save();
    } catch (const CheckpointError& e) {
      fmt::print(stderr, "nqueens: {}\n", e.what());
      return kExitUsage;
    }
    if (!keeper->error().empty()) {
      fmt::print(stderr, "nqueens: {}\n", keeper->error());
      return kExitUsage;
    }
  }

  const char* check = nullptr;
  if (args.check && r.complete) {
    const nq::KnownCount known = *nq::known_count(n);
    check = known.total == r.total && known.unique == r.unique ? "passed" : "FAILED";
  }
  if (args.json) {
    std::cout << to_json(r, check).dump() << '\n';
  } else if (r.complete) {
    fmt::print("{} {}: {} {}, {} unique\n", r.n, r.n == 1 ? "queen" : "queens", r.total,
               r.total == 1 ? "solution" : "solutions", r.unique);
  } else {
    fmt::print("{} queens: interrupted after {} of {} subproblems, {} solutions so far\n", r.n,
               r.subproblems_done, r.subproblems, r.total);
  }
  std::cout.flush();
  if (!args.quiet && !args.json) {
    fmt::print(stderr, "{} engine, {} nodes, {} subproblems ({} resumed), {} threads, {:.3f} s\n",
               nq::engine_name(r.engine), r.nodes, r.subproblems, r.subproblems_resumed, r.threads,
               r.seconds);
  }
  if (check && std::string_view(check) != "passed") {
    const nq::KnownCount known = *nq::known_count(n);
    fmt::print(stderr,
               "nqueens: count --check FAILED for n = {}: got {} total and {} unique, the "
               "published values are {} and {}\n",
               n, r.total, r.unique, known.total, known.unique);
    return kExitNo;
  }
  if (check && !args.quiet) fmt::print(stderr, "check: matches OEIS A000170 and A002562\n");
  return r.complete ? kExitOk : kExitInterrupted;
}

}  // namespace nqcli
