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
#include <string>
#include <thread>
#include <vector>

#include "checkpoint.hpp"
#include "coordinator.hpp"
#include "count_job.hpp"
#include "interrupt.hpp"
#include "local_workers.hpp"
#include "not_saved.hpp"
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

// Before any work: a checkpoint with another number of subproblems than this split is refused
// and left untouched, and start() saves the checkpoint once, so that a path that cannot be
// written ends the job now rather than at the first save.
void start_checkpoint(nqcli::CheckpointKeeper& keeper, const nq::CountSplit& split,
                      const std::string& path) {
  if (keeper.resumed_subproblems() != 0 && keeper.resumed_subproblems() != split.size()) {
    abort_job(fmt::format("checkpoint {} is for {} subproblems, this search has {}; left "
                          "untouched",
                          path, keeper.resumed_subproblems(), split.size()),
              nqcli::kExitUsage);
  }
  try {
    keeper.start(split.size());
  } catch (const nqcli::CheckpointError& e) {
    abort_job(e.what(), nqcli::kExitUsage);
  }
}

// A rank broke the protocol: the counts accepted so far are saved, and the whole job ends here
// with the reason.
[[noreturn]] void stop_after_fault(std::optional<nqcli::CheckpointKeeper>& keeper,
                                   const FaultError& fault) {
  if (keeper) {
    try {
      keeper->finish();  // what was accepted before the fault is sound
    } catch (const nqcli::CheckpointError& save) {
      fmt::print(stderr, "nqueens-mpi: {}\n", save.what());
    }
  }
  abort_job(fmt::format("{}; the job is stopped (the checkpoint keeps the counts accepted "
                        "before)",
                        fault.what()),
            nqcli::kExitUsage);
}

// The subtotal log of a complete count, the same file `nqueens count --subtotals` writes.
void save_subtotals(const nqcli::CountArgs& args, const nqcli::CountJob& job,
                    const nq::CountResult& r) {
  nqcli::write_subtotals(
      args.subtotals,
      {job.n, nq::engine_name(job.engine), nq::kVersion, r.subproblems, r.results, {}});
}

// One rank's line of "rank_stats" in --json.
nlohmann::ordered_json rank_json(int rank, const RankStats& s) {
  return {{"rank", rank},
          {"threads", s.threads},
          {"subproblems", s.subproblems},
          {"seconds", s.seconds},
          {"busy_seconds", s.busy},
          {"startup_seconds", s.startup},
          {"waiting_seconds", s.waiting},
          {"tail_seconds", s.tail},
          {"main_thread_cpu_seconds", s.main_cpu},
          {"messages", s.messages},
          {"coordination_overhead", s.overhead()}};
}

// The progress line on stderr, when --progress (and --quiet) ask for it.
std::optional<nqcli::ProgressPrinter> progress_line(const nqcli::CountArgs& args, int n) {
  if (!nqcli::progress_wanted(args.progress, args.quiet)) return std::nullopt;
  return nqcli::ProgressPrinter(n, isatty(STDERR_FILENO) != 0);
}

// Rank 0 during the count: it hands out the batches, checks every count that comes back (its
// own threads' and the other ranks'), journals it and shows the progress, and counts on its
// own threads too. Each step of its loop is one member function.
class Rank0 {
 public:
  Rank0(const nqcli::CountArgs& args, const nq::CountSplit& split,
        std::optional<nqcli::CheckpointKeeper>& keeper, int ranks, unsigned threads);

  // Until every rank has said goodbye and every count is in, or until the user interrupts;
  // throws FaultError when a rank breaks the protocol.
  void count(const nqcli::InterruptGuard& interrupt);
  bool finished() const { return coordinator_.finished(); }  // every count is in
  // The answer from the counts accepted, with the nodes of every rank; ends rank 0's statistics.
  nq::CountResult tally(Clock::time_point job_start);
  // Prints the answer as `nqueens count` does, with the ranks' statistics, and returns the exit
  // code; `unsaved` says why the checkpoint could not be saved at the end, if it could not.
  int report(const nq::CountResult& r, const std::string& unsaved) const;

 private:
  void accept(int rank, std::uint64_t id, std::uint64_t count);
  void accept_local_results();
  void feed_local_threads();
  void read_messages();
  void check_hello(int from, const Message& hello);
  void collect_report(int from, const Message& report);
  void send_batch(int rank);
  void record_goodbye(int from, const Message& bye);
  bool everyone_ended() const;
  nlohmann::ordered_json json_stats() const;

  const nqcli::CountArgs& args_;
  const nq::CountSplit& split_;
  std::optional<nqcli::CheckpointKeeper>& keeper_;
  int ranks_;
  unsigned threads_;
  // Built in the order declared: ordering the subproblems (the coordinator) is set-up that
  // `nqueens count` does too, not coordination, so the clocks start after it.
  Coordinator coordinator_;
  Clock::time_point start_;
  double cpu_start_;
  std::optional<nqcli::ProgressPrinter> progress_;
  LocalWorkers local_;
  Outbox out_;
  Inbox in_{MPI_ANY_SOURCE};
  std::vector<std::optional<RankStats>> stats_;
  int remote_open_;  // ranks that have not said goodbye
  int hellos_ = 0;
  bool local_closed_ = false;
  std::size_t last_batch_ = 0;
};

Rank0::Rank0(const nqcli::CountArgs& args, const nq::CountSplit& split,
             std::optional<nqcli::CheckpointKeeper>& keeper, int ranks, unsigned threads)
    : args_(args),
      split_(split),
      keeper_(keeper),
      ranks_(ranks),
      threads_(threads),
      coordinator_(split, keeper ? keeper->resumed() : std::vector<nq::SubproblemCount>{}, ranks),
      start_(Clock::now()),
      cpu_start_(thread_cpu_seconds()),
      progress_(progress_line(args, split.n())),
      local_(split, threads),
      stats_(ranks),
      remote_open_(ranks - 1) {
  coordinator_.set_threads(0, threads);
}

void Rank0::count(const nqcli::InterruptGuard& interrupt) {
  while (true) {
    accept_local_results();
    feed_local_threads();
    read_messages();
    out_.poll();
    if (interrupt.interrupted()) return;
    if (everyone_ended()) {
      accept_local_results();  // those finished since the top of this round
      return;
    }
    // Every millisecond until each rank has said hello, so none waits long for its first batch.
    local_.wait(hellos_ < ranks_ - 1 || in_.pending() ? kPollStarving : kPollRank0);
  }
}

// Every count is checked, journaled and shown the same way, whichever rank counted it.
void Rank0::accept(int rank, std::uint64_t id, std::uint64_t count) {
  coordinator_.accept(rank, id, count);
  if (keeper_) keeper_->add({id, count, split_.weight(id)});
  if (progress_) (*progress_)(coordinator_.progress());
}

void Rank0::accept_local_results() {
  for (const nq::SubproblemCount& s : local_.take_results()) accept(0, s.id, s.count);
}

// Rank 0's own threads take their batches from the coordinator directly, without a message:
// a new batch when fewer ids than half the last batch, or than threads, are left, and the end
// when nothing is left to hand out.
void Rank0::feed_local_threads() {
  const std::size_t low_water = std::max<std::size_t>(local_.threads(), last_batch_ / 2);
  local_.set_low_water(low_water);
  if (local_closed_ || local_.queued() >= low_water) return;
  const std::vector<std::uint64_t> batch = coordinator_.assign(0, seconds_since(start_));
  if (batch.empty()) {
    local_.close();
    local_closed_ = true;
  } else {
    local_.push(batch);
    last_batch_ = batch.size();
  }
}

// Every message that has wholly arrived, in the order received; anything but a hello, a
// well-formed report or a goodbye is a fault.
void Rank0::read_messages() {
  int from = 0;
  while (std::optional<Message> m = in_.try_receive(&from)) {
    const Message& msg = *m;
    if (msg.empty()) throw FaultError(fmt::format("rank {} sent an empty message", from));
    if (msg[0] == kHello) {
      check_hello(from, msg);
    } else if (msg[0] == kReport && msg.size() % 2 == 0) {
      collect_report(from, msg);
    } else if (msg[0] == kBye) {
      record_goodbye(from, msg);
    } else {
      throw FaultError(fmt::format("rank {} sent a malformed message", from));
    }
  }
}

void Rank0::check_hello(int from, const Message& hello) {
  if (hello.size() != 3 || hello[1] != fingerprint(split_)) {
    throw FaultError(fmt::format(
        "rank {} split the search differently (another version of nqueens-mpi?)", from));
  }
  coordinator_.set_threads(from, static_cast<unsigned>(hello[2]));
  ++hellos_;
}

// The counts of a report, then the next batch if the rank asked for one.
void Rank0::collect_report(int from, const Message& report) {
  for (std::size_t i = 2; i < report.size(); i += 2) accept(from, report[i], report[i + 1]);
  if (report[1]) send_batch(from);
}

// An empty batch tells the rank that nothing is left: it finishes and says goodbye.
void Rank0::send_batch(int rank) {
  Message batch{kBatch};
  for (std::uint64_t id : coordinator_.assign(rank, seconds_since(start_))) batch.push_back(id);
  out_.send(rank, std::move(batch));
}

// A rank's last message: its statistics. Whatever it was given must have been reported by then.
void Rank0::record_goodbye(int from, const Message& bye) {
  stats_[from] = RankStats::decode(bye);
  if (coordinator_.held_by(from) != 0) {
    throw FaultError(fmt::format("rank {} ended with {} subproblems unreported", from,
                                 coordinator_.held_by(from)));
  }
  --remote_open_;
}

bool Rank0::everyone_ended() const { return local_closed_ && local_.ended() && remote_open_ == 0; }

nq::CountResult Rank0::tally(Clock::time_point job_start) {
  stats_[0] = finish_stats(local_, start_, cpu_start_, out_.sent());
  nq::CountResult r;
  try {
    r = split_.tally(coordinator_.results(), !args_.subtotals.empty());
  } catch (const nq::InconsistentCounts& e) {  // as count() says it (count.hpp)
    if (!keeper_ || keeper_->resumed().empty()) throw;
    throw nqcli::UsageError(e.resumed());
  }
  r.subproblems_resumed = keeper_ ? keeper_->resumed().size() : 0;
  r.threads = threads_;
  r.seconds = seconds_since(job_start);
  for (const std::optional<RankStats>& s : stats_) {
    if (s) r.nodes += s->nodes;
  }
  return r;
}

int Rank0::report(const nq::CountResult& r, const std::string& unsaved) const {
  const nlohmann::ordered_json extra = json_stats();
  const std::string workers = fmt::format("{} ranks x {} threads", ranks_, threads_);
  if (!finished()) {
    // Interrupted: the checkpoint and its journal hold everything accepted; the other ranks
    // are still counting, so end the whole job from here.
    nqcli::report_count(r, args_, extra, workers);
    abort_job("interrupted; rerun the same command to resume", nqcli::kExitInterrupted);
  }
  const int code = nqcli::report_count(r, args_, extra, workers);
  return nqcli::not_saved(code, {nqcli::kExitOk}, "nqueens-mpi: count", "result", args_.checkpoint,
                          unsaved);
}

// What rank 0 adds to the JSON answer: the shape of the job, each rank's statistics and, as the
// job's coordination overhead, the worst rank's.
nlohmann::ordered_json Rank0::json_stats() const {
  nlohmann::ordered_json extra;
  extra["ranks"] = ranks_;
  extra["threads_per_rank"] = threads_;
  double worst = 0;
  nlohmann::ordered_json per_rank = nlohmann::ordered_json::array();
  for (int rank = 0; rank < ranks_; ++rank) {
    if (!stats_[rank]) continue;
    worst = std::max(worst, stats_[rank]->overhead());
    per_rank.push_back(rank_json(rank, *stats_[rank]));
  }
  extra["coordination_overhead"] = worst;
  extra["rank_stats"] = per_rank;
  return extra;
}

// Rank 0 from start to end, one step a line. A refused checkpoint, a fault or an interrupt ends
// every rank from here (MPI_Abort); otherwise every rank has said goodbye before the answer.
int run_coordinator(const nqcli::CountArgs& args, const nqcli::CountJob& job,
                    std::optional<nqcli::CheckpointKeeper>& keeper, int ranks, unsigned threads) {
  const Clock::time_point job_start = Clock::now();
  nqcli::InterruptGuard interrupt;
  const nq::CountSplit split = [&] {
    try {
      return nq::CountSplit(job.n, job.engine, threads, job.memory, interrupt.token());
    } catch (const nq::CountStopped& e) {  // the other ranks may still be building theirs
      abort_job(e.what(), nqcli::kExitInterrupted);
    }
  }();
  if (keeper) start_checkpoint(*keeper, split, args.checkpoint);
  Rank0 rank0(args, split, keeper, ranks, threads);
  try {
    rank0.count(interrupt);
  } catch (const FaultError& fault) {
    stop_after_fault(keeper, fault);
  }
  const nq::CountResult r = rank0.tally(job_start);
  if (rank0.finished() && !args.subtotals.empty()) save_subtotals(args, job, r);
  const std::string unsaved = nqcli::finish_checkpoint(keeper);
  return rank0.report(r, unsaved);
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
    return nqcli::run_count_estimate(
        args, job, threads, {static_cast<unsigned>(ranks), threads, job.memory}, interrupt.token());
  }
  try {
    return rank == 0 ? run_coordinator(args, job, keeper, ranks, threads)
                     : run_worker(job, rank, threads);
  } catch (const std::exception& e) {
    abort_job(fmt::format("rank {}: {}", rank, e.what()), nqcli::kExitUsage);
  }
}

}  // namespace nqmpi
