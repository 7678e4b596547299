// SPDX-License-Identifier: MIT
#include "count_job.hpp"

#include <fmt/core.h>

#include <cmath>
#include <iostream>

#include "memory.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

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
  j["memory_peak_bytes"] = peak_memory();
  j["threads"] = r.threads;
  j["seconds"] = r.seconds;
  j["complete"] = r.complete;
  if (check) j["check"] = check;
  return j;
}

}  // namespace

CountJob check_count_args(const CountArgs& args, const std::string& job) {
  CountJob c;
  c.n = parse_board_size(args.n, nq::kMaxCountN, job);
  c.engine = nq::resolve_engine(*nq::engine_from_name(args.engine), c.n);
  if (c.engine == nq::CountEngine::halves && (c.n < 4 || c.n > nq::kMaxHalvesN)) {
    throw UsageError(fmt::format("{}: the halves engine takes n from 4 to {}, not {}", job,
                                 nq::kMaxHalvesN, c.n));
  }
  c.memory = args.memory.empty() ? default_memory_budget() : parse_memory_size(args.memory, job);
  if (args.check && !nq::known_count(c.n)) {
    throw UsageError(
        fmt::format("{}: --check knows the published counts for n <= {} only, not n = {}", job,
                    nq::kMaxKnownN, c.n));
  }
  return c;
}

int report_count(const nq::CountResult& r, const CountArgs& args,
                 const nlohmann::ordered_json& extra, const std::string& workers) {
  const char* check = nullptr;
  if (args.check && r.complete) {
    const nq::KnownCount known = *nq::known_count(r.n);
    check = known.total == r.total && known.unique == r.unique ? "passed" : "FAILED";
  }
  if (args.json) {
    nlohmann::ordered_json j = to_json(r, check);
    for (const auto& [key, value] : extra.items()) j[key] = value;
    std::cout << j.dump() << '\n';
  } else if (r.complete) {
    fmt::print("{} {}: {} {}, {} unique\n", r.n, r.n == 1 ? "queen" : "queens", r.total,
               r.total == 1 ? "solution" : "solutions", r.unique);
  } else {
    fmt::print("{} queens: interrupted after {} of {} subproblems, {} solutions so far\n", r.n,
               r.subproblems_done, r.subproblems, r.total);
  }
  std::cout.flush();
  if (!args.quiet && !args.json) {
    fmt::print(stderr, "{} engine, {} nodes, {} subproblems ({} resumed), {}, {:.3f} s\n",
               nq::engine_name(r.engine), r.nodes, r.subproblems, r.subproblems_resumed, workers,
               r.seconds);
  }
  if (check && std::string_view(check) != "passed") {
    const nq::KnownCount known = *nq::known_count(r.n);
    fmt::print(stderr,
               "nqueens: count --check FAILED for n = {}: got {} total and {} unique, the "
               "published values are {} and {}\n",
               r.n, r.total, r.unique, known.total, known.unique);
    return kExitNo;
  }
  if (check && !args.quiet) fmt::print(stderr, "check: matches OEIS A000170 and A002562\n");
  return r.complete ? kExitOk : kExitInterrupted;
}

}  // namespace nqcli
