// SPDX-License-Identifier: MIT
// The two loops of nqueens-mpi. Each rank's main thread polls (MPI_Iprobe, then a wait on its
// worker threads that also ends when their queue runs low) instead of blocking in MPI_Recv,
// because OpenMPI's blocking receive spins and would take a core from the counting threads:
// rank 0 every 20 ms, the others every 100 ms unless they wait for an answer. Waking more often
// costs the counting threads more than it saves them.
#include "mpi_count.hpp"

#include <fmt/core.h>
#include <mpi.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "checkpoint.hpp"
#include "coordinator.hpp"
#include "count_job.hpp"
#include "interrupt.hpp"
#include "local_workers.hpp"
#include "nqueens/count_split.hpp"
#include "nqueens/version.hpp"
#include "progress.hpp"
#include "subtotals.hpp"
#include "transport.hpp"

namespace nqmpi {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kPoll = std::chrono::milliseconds(10);
constexpr auto kPollRank0 = std::chrono::milliseconds(20);
constexpr auto kPollStarving = std::chrono::milliseconds(1);
constexpr auto kReportEvery = std::chrono::milliseconds(100);
constexpr const char* kJob = "nqueens-mpi count";

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::uint64_t nanos(double seconds) { return static_cast<std::uint64_t>(seconds * 1e9); }
double from_nanos(std::uint64_t ns) { return static_cast<double>(ns) * 1e-9; }

// Ranks must agree on the split, or the same id would mean different work: the version, n,
// engine and number of subproblems, hashed.
std::uint64_t fingerprint(const nq::CountSplit& split) {
  return nqcli::fnv1a(fmt::format("{} {} {} {}", nq::kVersion, split.n(),
                                  nq::engine_name(split.engine()), split.size()));
}

// What each rank tells rank 0 at the end, and rank 0 reports in --json.
struct RankStats {
  unsigned threads = 0;
  std::uint64_t subproblems = 0;
  std::uint64_t nodes = 0;
  double busy = 0, startup = 0, waiting = 0, tail = 0;  // summed over the rank's threads
  double main_cpu = 0;                                  // CPU time of the rank's main (MPI) thread
  double seconds = 0;          // from the end of its table build to its end
  std::uint64_t messages = 0;  // sent

  Message encode() const {
    return {kBye,           threads,        subproblems, nodes,           nanos(busy),
            nanos(startup), nanos(waiting), nanos(tail), nanos(main_cpu), nanos(seconds),
            messages};
  }
  static RankStats decode(const Message& m) {
    RankStats s;
    if (m.size() != 11) throw FaultError("a rank sent a malformed goodbye");
    s.threads = static_cast<unsigned>(m[1]);
    s.subproblems = m[2];
    s.nodes = m[3];
    s.busy = from_nanos(m[4]);
    s.startup = from_nanos(m[5]);
    s.waiting = from_nanos(m[6]);
    s.tail = from_nanos(m[7]);
    s.main_cpu = from_nanos(m[8]);
    s.seconds = from_nanos(m[9]);
    s.messages = m[10];
    return s;
  }
  // The share of the rank's thread time lost to coordination: threads waiting for a batch
  // while there was work to give, and the main thread's own CPU time (it shares the cores with
  // the counting threads). Waiting for the first batch (the ranks finish building their tables
  // at different times) and idling at the end (nothing left to give) are reported apart.
  double overhead() const {
    const double capacity = threads * seconds;
    return capacity > 0 ? (waiting + main_cpu) / capacity : 0;
  }
};

RankStats finish_stats(const LocalWorkers& local, Clock::time_point start, double cpu_start,
                       std::uint64_t messages) {
  const LocalWorkers::Stats w = local.stats();
  RankStats s;
  s.threads = local.threads();
  s.subproblems = w.counted;
  s.nodes = w.nodes;
  s.busy = w.busy_seconds;
  s.startup = w.startup_seconds;
  s.waiting = w.waiting_seconds;
  s.tail = w.tail_seconds;
  s.main_cpu = thread_cpu_seconds() - cpu_start;
  s.seconds = seconds_since(start);
  s.messages = messages;
  return s;
}

// Test hook: NQUEENS_MPI_TEST_FAULT=duplicate|foreign|unknown makes rank 1 break the protocol
// once, so the tests can check that rank 0 refuses it.
std::string test_fault(int rank) {
  const char* fault = std::getenv("NQUEENS_MPI_TEST_FAULT");
  return fault && rank == 1 ? fault : "";
}

// ---- a counting rank -------------------------------------------------------------------------

int run_worker(const nqcli::CountJob& job, int rank, unsigned threads) {
  const nq::CountSplit split(job.n, job.engine, threads, job.memory);
  const Clock::time_point start = Clock::now();
  const double cpu_start = thread_cpu_seconds();
  LocalWorkers local(split, threads);
  Outbox out;
  out.send(0, {kHello, fingerprint(split), threads});

  std::string fault = test_fault(rank);
  std::set<std::uint64_t> given;  // only for the test hook
  bool asked = false, closed = false;
  std::size_t last_batch = 0;
  Inbox in(0);
  while (true) {
    while (std::optional<Message> m = in.try_receive()) {
      if (m->empty() || (*m)[0] != kBatch) throw FaultError("rank 0 sent a malformed message");
      asked = false;
      if (m->size() == 1) {
        local.close();
        closed = true;
      } else {
        const std::vector<std::uint64_t> ids(m->begin() + 1, m->end());
        if (!fault.empty()) given.insert(ids.begin(), ids.end());
        local.push(ids);
        last_batch = ids.size();
      }
    }
    const bool ended = closed && local.ended();  // then every result is in
    std::vector<nq::SubproblemCount> results = local.take_results();
    // Ask for the next batch when a quarter of the last one is started (double buffering), so
    // the threads do not wait out a round trip to rank 0.
    const std::size_t low_water = std::max<std::size_t>(local.threads(), last_batch * 3 / 4);
    local.set_low_water(low_water);
    const bool want = !closed && !asked && local.queued() < low_water;
    if (!results.empty() || want) {
      Message report{kReport, want ? 1u : 0u};
      for (const nq::SubproblemCount& s : results) {
        report.push_back(s.id);
        report.push_back(s.count);
      }
      if (!fault.empty() && !results.empty()) {
        std::uint64_t id = results[0].id;  // duplicate: the same id once more
        if (fault == "unknown") id = split.size() + 7;
        if (fault == "foreign") {
          for (id = 0; given.count(id); ++id) {
          }
        }
        report.push_back(id);
        report.push_back(results[0].count);
        fault.clear();
      }
      out.send(0, std::move(report));
      asked = asked || want;
    }
    out.poll();
    if (ended) break;
    // Waiting for an answer: look for it every 10 ms, or every millisecond while threads sit
    // idle. Otherwise only the queue running low (time to ask), the end, or the next report of
    // finished counts (every 100 ms) needs the main thread.
    local.wait(in.pending() || (asked && local.queued() == 0) ? kPollStarving
               : !asked                                       ? kReportEvery
                                                              : kPoll);
  }
  out.send(0, finish_stats(local, start, cpu_start, out.sent() + 1).encode());
  out.drain();
  return nqcli::kExitOk;
}

// ---- rank 0 ----------------------------------------------------------------------------------

// Everything rank 0 checks before any rank builds its tables; throws UsageError.
void prepare(const nqcli::CountArgs& args, const nqcli::CountJob& job,
             std::optional<nqcli::CheckpointKeeper>& keeper) {
  if (!args.checkpoint.empty()) {
    keeper.emplace(args.checkpoint, job.n, nq::engine_name(job.engine), args.checkpoint_every,
                   kJob);
  }
  for (const std::string& path : {args.checkpoint, args.subtotals}) {
    if (path.empty()) continue;
    const std::string probe = path + ".tmp";
    std::ofstream test(probe, std::ios::app);
    if (!test) {
      throw nqcli::UsageError(
          fmt::format("{}: cannot write {}: {}", kJob, probe, std::strerror(errno)));
    }
    test.close();
    std::remove(probe.c_str());
  }
}

[[noreturn]] void abort_job(const std::string& message, int code) {
  std::fflush(stdout);
  fmt::print(stderr, "nqueens-mpi: {}\n", message);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

int run_coordinator(const nqcli::CountArgs& args, const nqcli::CountJob& job,
                    std::optional<nqcli::CheckpointKeeper>& keeper, int ranks, unsigned threads) {
  const Clock::time_point job_start = Clock::now();
  nqcli::InterruptGuard interrupt;
  std::stop_source stop;
  const nq::CountSplit split(job.n, job.engine, threads, job.memory);
  if (keeper) {
    if (keeper->resumed_subproblems() != 0 && keeper->resumed_subproblems() != split.size()) {
      abort_job(fmt::format("checkpoint {} is for {} subproblems, this search has {}; left "
                            "untouched",
                            args.checkpoint, keeper->resumed_subproblems(), split.size()),
                nqcli::kExitUsage);
    }
    try {
      keeper->start(split.size());
    } catch (const nqcli::CheckpointError& e) {
      abort_job(e.what(), nqcli::kExitUsage);
    }
  }
  // Ordering the subproblems is set-up that `nqueens count` does too, not coordination.
  Coordinator coordinator(split, keeper ? keeper->resumed() : std::vector<nq::SubproblemCount>{},
                          ranks);
  const Clock::time_point start = Clock::now();
  const double cpu_start = thread_cpu_seconds();
  coordinator.set_threads(0, threads);
  std::optional<nqcli::ProgressPrinter> progress;
  if (nqcli::progress_wanted(args.progress, args.quiet)) {
    progress.emplace(job.n, isatty(STDERR_FILENO) != 0);
  }

  LocalWorkers local(split, threads);
  Outbox out;
  Inbox in(MPI_ANY_SOURCE);
  std::vector<std::optional<RankStats>> stats(ranks);
  int remote_open = ranks - 1;  // ranks that have not said goodbye
  int hellos = 0;
  bool local_closed = false;
  std::size_t last_batch = 0;
  auto accept = [&](int rank, std::uint64_t id, std::uint64_t count) {
    coordinator.accept(rank, id, count);
    if (keeper) keeper->add({id, count, split.weight(id)});
    if (progress) (*progress)(coordinator.progress());
  };

  try {
    while (true) {
      for (const nq::SubproblemCount& s : local.take_results()) accept(0, s.id, s.count);
      const std::size_t low_water = std::max<std::size_t>(local.threads(), last_batch / 2);
      local.set_low_water(low_water);
      if (!local_closed && local.queued() < low_water) {
        const std::vector<std::uint64_t> batch = coordinator.assign(0, seconds_since(start));
        if (batch.empty()) {
          local.close();
          local_closed = true;
        } else {
          local.push(batch);
          last_batch = batch.size();
        }
      }
      int from = 0;
      while (std::optional<Message> m = in.try_receive(&from)) {
        const Message& msg = *m;
        if (msg.empty()) throw FaultError(fmt::format("rank {} sent an empty message", from));
        if (msg[0] == kHello) {
          if (msg.size() != 3 || msg[1] != fingerprint(split)) {
            throw FaultError(fmt::format(
                "rank {} split the search differently (another version of nqueens-mpi?)", from));
          }
          coordinator.set_threads(from, static_cast<unsigned>(msg[2]));
          ++hellos;
        } else if (msg[0] == kReport && msg.size() % 2 == 0) {
          for (std::size_t i = 2; i < msg.size(); i += 2) accept(from, msg[i], msg[i + 1]);
          if (msg[1]) {
            Message batch{kBatch};
            for (std::uint64_t id : coordinator.assign(from, seconds_since(start)))
              batch.push_back(id);
            out.send(from, std::move(batch));
          }
        } else if (msg[0] == kBye) {
          stats[from] = RankStats::decode(msg);
          if (coordinator.held_by(from) != 0) {
            throw FaultError(fmt::format("rank {} ended with {} subproblems unreported", from,
                                         coordinator.held_by(from)));
          }
          --remote_open;
        } else {
          throw FaultError(fmt::format("rank {} sent a malformed message", from));
        }
      }
      out.poll();
      if (interrupt.interrupted() || stop.stop_requested()) break;
      if (local_closed && local.ended() && remote_open == 0) {
        for (const nq::SubproblemCount& s : local.take_results()) accept(0, s.id, s.count);
        break;
      }
      // Every millisecond until each rank has said hello, so none waits long for its first batch.
      local.wait(hellos < ranks - 1 || in.pending() ? kPollStarving : kPollRank0);
    }
  } catch (const FaultError& e) {
    if (keeper) {
      try {
        keeper->finish();  // what was accepted before the fault is sound
      } catch (const nqcli::CheckpointError& save) {
        fmt::print(stderr, "nqueens-mpi: {}\n", save.what());
      }
    }
    abort_job(fmt::format("{}; the job is stopped (the checkpoint keeps the counts accepted "
                          "before)",
                          e.what()),
              nqcli::kExitUsage);
  }

  const bool complete = coordinator.finished();
  stats[0] = finish_stats(local, start, cpu_start, out.sent());
  nq::CountResult r = split.tally(coordinator.results(), !args.subtotals.empty());
  r.subproblems_resumed = keeper ? keeper->resumed().size() : 0;
  r.threads = threads;
  r.seconds = seconds_since(job_start);
  for (const std::optional<RankStats>& s : stats) {
    if (s) r.nodes += s->nodes;
  }
  if (complete && !args.subtotals.empty()) {
    nqcli::write_subtotals(
        args.subtotals,
        {job.n, nq::engine_name(job.engine), nq::kVersion, r.subproblems, r.results, {}});
  }
  std::string unsaved;  // the result is printed even when its checkpoint cannot be saved
  if (keeper) {
    try {
      keeper->finish();
    } catch (const nqcli::CheckpointError& e) {
      unsaved = e.what();
    }
  }

  nlohmann::ordered_json extra;
  extra["ranks"] = ranks;
  extra["threads_per_rank"] = threads;
  double worst = 0;
  nlohmann::ordered_json per_rank = nlohmann::ordered_json::array();
  for (int rank = 0; rank < ranks; ++rank) {
    if (!stats[rank]) continue;
    const RankStats& s = *stats[rank];
    worst = std::max(worst, s.overhead());
    per_rank.push_back({{"rank", rank},
                        {"threads", s.threads},
                        {"subproblems", s.subproblems},
                        {"seconds", s.seconds},
                        {"busy_seconds", s.busy},
                        {"startup_seconds", s.startup},
                        {"waiting_seconds", s.waiting},
                        {"tail_seconds", s.tail},
                        {"main_thread_cpu_seconds", s.main_cpu},
                        {"messages", s.messages},
                        {"coordination_overhead", s.overhead()}});
  }
  extra["coordination_overhead"] = worst;
  extra["rank_stats"] = per_rank;
  if (!complete) {
    // Interrupted: the checkpoint and its journal hold everything accepted; the other ranks
    // are still counting, so end the whole job from here.
    nqcli::report_count(r, args, extra, fmt::format("{} ranks x {} threads", ranks, threads));
    abort_job("interrupted; rerun the same command to resume", nqcli::kExitInterrupted);
  }
  const int code =
      nqcli::report_count(r, args, extra, fmt::format("{} ranks x {} threads", ranks, threads));
  if (unsaved.empty()) return code;
  fmt::print(stderr, "nqueens-mpi: count: the result is not saved in {}: {}\n", args.checkpoint,
             unsaved);
  return code == nqcli::kExitOk ? nqcli::kExitNotSaved : code;
}

}  // namespace

int run_mpi_count(const nqcli::CountArgs& args, int rank, int ranks) {
  // The ranks sharing this machine: they share its cores and memory.
  MPI_Comm node;
  int local_ranks = 1;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &local_ranks);
  MPI_Comm_free(&node);
  // Without --threads, the machine's cores are shared out among its ranks.
  const unsigned threads =
      args.threads
          ? args.threads
          : std::max(1u, std::thread::hardware_concurrency() / static_cast<unsigned>(local_ranks));

  // Usage errors are found on rank 0 (the checkpoint is read there) and shared with every rank,
  // so that all of them exit 2 and only rank 0 says why.
  int code = nqcli::kExitOk;
  nqcli::CountJob job;
  std::optional<nqcli::CheckpointKeeper> keeper;
  try {
    job = nqcli::check_count_args(args, kJob);
    if (args.estimate && (!args.checkpoint.empty() || !args.subtotals.empty() || args.check)) {
      throw nqcli::UsageError(fmt::format(
          "{}: --estimate cannot be combined with --checkpoint, --subtotals or --check", kJob));
    }
    // The budget is the machine's: each of its ranks plans for its share.
    job.memory /= static_cast<std::uint64_t>(local_ranks);
    if (rank == 0) prepare(args, job, keeper);
  } catch (const nqcli::UsageError& e) {
    if (rank == 0) fmt::print(stderr, "nqueens-mpi: {}\n", e.what());
    code = nqcli::kExitUsage;
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (code != nqcli::kExitOk) return code;
  if (args.estimate) {
    // Rank 0 samples on its own threads and projects for all the ranks; the others are idle.
    if (rank != 0) return nqcli::kExitOk;
    nqcli::InterruptGuard interrupt;
    return nqcli::run_count_estimate(args, job, threads, ranks, interrupt.token());
  }
  try {
    return rank == 0 ? run_coordinator(args, job, keeper, ranks, threads)
                     : run_worker(job, rank, threads);
  } catch (const std::exception& e) {
    abort_job(fmt::format("rank {}: {}", rank, e.what()), nqcli::kExitUsage);
  }
}

}  // namespace nqmpi
