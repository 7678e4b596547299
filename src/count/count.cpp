// SPDX-License-Identifier: MIT
// count(): split the search (CountSplit), check what is resumed, let worker threads take the
// rest from a shared counter, largest estimated cost first (many small tasks, and the big ones
// early, balance two cores far better than one task per first-row column), then tally.
#include "nqueens/count.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "nqueens/count_split.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nq {

CountEngine resolve_engine(CountEngine engine, int n) {
  if (engine != CountEngine::automatic) return engine;
  return n >= 12 && n <= kMaxHalvesN ? CountEngine::halves : CountEngine::backtrack;
}

const char* engine_name(CountEngine engine) {
  switch (engine) {
    case CountEngine::backtrack: return "backtrack";
    case CountEngine::halves: return "halves";
    default: return "auto";
  }
}

std::optional<CountEngine> engine_from_name(std::string_view name) {
  for (CountEngine e : {CountEngine::automatic, CountEngine::backtrack, CountEngine::halves}) {
    if (name == engine_name(e)) return e;
  }
  return std::nullopt;
}

CountEngine engine_named(std::string_view name) {
  if (const auto engine = engine_from_name(name)) return *engine;
  throw InvalidArgument("count: unknown engine '" + std::string(name) +
                        "' (auto, backtrack or halves)");
}

void check_count(const CountOptions& options, std::string_view job) {
  const int n =
      check_board_size(options.n < 0 ? 0 : static_cast<std::uint64_t>(options.n), kMaxCountN, job);
  if (resolve_engine(options.engine, n) == CountEngine::halves && (n < 4 || n > kMaxHalvesN)) {
    throw InvalidArgument(std::string(job) + ": the halves engine takes n from 4 to " +
                          std::to_string(kMaxHalvesN) + ", not " + std::to_string(n));
  }
}

CountResult count(const CountOptions& options) {
  check_count(options);
  const auto start = std::chrono::steady_clock::now();
  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const CountSplit split(options.n, options.engine, threads, options.memory);
  const std::uint64_t size = split.size();

  if (options.resume_subproblems != 0 && options.resume_subproblems != size) {
    throw std::invalid_argument("count: the resumed results are for " +
                                std::to_string(options.resume_subproblems) +
                                " subproblems, but this search has " + std::to_string(size));
  }
  std::vector<SubproblemCount> finished;
  finished.reserve(options.only.empty() ? size : options.only.size() + options.resume.size());
  std::vector<char> done(size, 0);
  CountProgress progress{0, size, 0, split.total_cost()};
  for (const SubproblemCount& r : options.resume) {
    if (r.id >= size) {
      throw std::invalid_argument("count: resumed subproblem " + std::to_string(r.id) +
                                  " does not exist (there are " + std::to_string(size) + ")");
    }
    if (done[r.id]) {
      throw std::invalid_argument("count: subproblem " + std::to_string(r.id) +
                                  " is resumed twice");
    }
    done[r.id] = 1;
    finished.push_back(r);
    ++progress.subproblems_done;
    progress.work_done += split.cost(r.id);
  }
  const std::uint64_t resumed = finished.size();

  std::vector<char> chosen(size, options.only.empty() ? 1 : 0);
  for (std::uint64_t id : options.only) {
    if (id >= size) {
      throw std::invalid_argument("count: subproblem " + std::to_string(id) +
                                  " does not exist (there are " + std::to_string(size) +
                                  ", numbered from 0)");
    }
    if (chosen[id]++) {
      throw std::invalid_argument("count: subproblem " + std::to_string(id) + " asked twice");
    }
  }
  std::vector<std::uint64_t> order;
  for (std::uint64_t id : split.schedule()) {
    if (chosen[id] && !done[id]) order.push_back(id);
  }
  const unsigned workers =
      static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(order.size(), 1)));

  if (options.on_start) options.on_start(size);
  std::atomic<std::size_t> next{0};
  const CountSplit::RunStats stats = split.run(
      workers,
      [&]() -> std::optional<std::uint64_t> {
        const std::size_t i = next++;
        if (i >= order.size()) return std::nullopt;
        return order[i];
      },
      [&](const SubproblemCount& s) {
        finished.push_back(s);
        ++progress.subproblems_done;
        progress.work_done += split.cost(s.id);
        if (options.on_done) options.on_done(s);
        if (options.on_progress) options.on_progress(progress);
      },
      options.stop);

  CountResult result = split.tally(finished, options.collect);
  result.nodes += stats.nodes;
  result.subproblems_resumed = resumed;
  result.threads = workers;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace nq
