// SPDX-License-Identifier: MIT
// What `nqueens count` and `nqueens-mpi count` share around the engine: checking the arguments,
// the memory the tables need, and the answer (a sentence or one JSON object on stdout, the
// statistics on stderr, the --check verdict and the exit code).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "contract.hpp"
#include "count_args.hpp"
#include "nqueens/count.hpp"
#include "nqueens/count_estimate.hpp"

namespace nqcli {

struct CountJob {
  int n = 0;
  nq::CountEngine engine = nq::CountEngine::backtrack;  // resolved, never automatic
  std::uint64_t memory = 0;  // budget for this machine: --memory, or a share of what is free
};

// Checks N, --engine, --check and --memory; throws UsageError. `job` starts the messages.
CountJob check_count_args(const CountArgs& args, const std::string& job);

// Prints the result as `count` does and returns the exit code: 0, 1 for a failed --check, 130
// for an incomplete count. `extra` keys are appended to the JSON object; `workers` describes
// the threads in the statistics line ("2 threads", "3 ranks x 2 threads").
int report_count(const nq::CountResult& r, const CountArgs& args,
                 const nlohmann::ordered_json& extra, const std::string& workers);

// Where an estimated run would go: `ranks` processes of `threads` threads (0: the sampling
// threads) under `memory` bytes each (0: the job's budget).
struct RunPlan {
  unsigned ranks = 1, threads = 0;
  std::uint64_t memory = 0;
};

// The sample `count N --estimate` draws: --strata and --draw-seconds as given, and where not
// given (0 and a negative number in `args`), 64 strata and parts of at most 1 s for the halves
// engine from n = 26 on, whose subproblems take minutes to hours whole, so that `count 26`, `27`
// and `28 --estimate` finish in minutes; else 256 strata and whole draws.
struct EstimateSample {
  unsigned strata = 256;
  double draw_seconds = 0;
};
EstimateSample estimate_sample(const CountArgs& args, const CountJob& job);

// `count N --estimate`: projects the run from a sample on this process's `threads` threads, for
// the ranks of `plan`, and prints the projection (a few lines, or one JSON object). Returns the
// exit code: 0, or 130 when interrupted first.
int run_count_estimate(const CountArgs& args, const CountJob& job, unsigned threads,
                       const RunPlan& plan, std::stop_token stop);

}  // namespace nqcli
