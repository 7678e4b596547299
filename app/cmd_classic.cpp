// SPDX-License-Identifier: MIT
// `nqueens classic N --method M`: one of the textbook methods, with its work counters on
// stderr; `nqueens compare N`: all of them, local search and first too, in one table (or one
// JSON object), the nine counting every solution or (--first) stopping at the first, skipping
// those whose estimated work would blow the per-method --budget, and stopping any that still
// runs past it.
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/classic.hpp"
#include "nqueens/compare.hpp"
#include "nqueens/format.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

namespace classic = nq::classic;

struct Timed {
  classic::Result result;
  double seconds = 0;
};

Timed timed_run(classic::Method method, const classic::Options& options) {
  const auto start = std::chrono::steady_clock::now();
  Timed t{classic::run(method, options)};
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

// A time as people read it, three digits: "412 ns", "3.21 µs", "1.52 ms", "2.34 s".
std::string duration(double seconds) {
  if (seconds >= 1) return fmt::format("{:.3g} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3g} ms", seconds * 1e3);
  if (seconds >= 1e-6) return fmt::format("{:.3g} µs", seconds * 1e6);
  return fmt::format("{:.3g} ns", seconds * 1e9);
}

}  // namespace

int run_classic(const ClassicArgs& args) {
  const int n = parse_board_size(args.n, classic::kMaxN, "classic");
  const classic::Method method = classic::method_named(args.method);
  if (args.all + args.first + args.count > 1) {
    throw UsageError("choose one of --all, --first and --count");
  }
  const classic::Mode mode = args.first   ? classic::Mode::first
                             : args.count ? classic::Mode::count
                                          : classic::Mode::all;
  InterruptGuard interrupt;
  const Timed t = timed_run(method, {.n = n, .mode = mode, .stop = interrupt.token()});
  const classic::Counters& k = t.result.counters;
  if (args.json) {
    nlohmann::ordered_json j = {{"n", n},
                                {"method", classic::to_string(method)},
                                {"solutions", t.result.count},
                                {"placements", k.placements},
                                {"checks", k.checks},
                                {"nodes", k.nodes},
                                {"seconds", t.seconds},
                                {"complete", t.result.complete}};
    if (mode != classic::Mode::count) {
      j["perms"] = nlohmann::json::array();
      for (const nq::Placement& p : t.result.solutions) j["perms"].push_back(nq::to_perm(p));
    }
    std::cout << j.dump() << '\n';
  } else if (mode == classic::Mode::count) {
    fmt::print("{}\n", t.result.count);
  } else {
    for (const nq::Placement& p : t.result.solutions) nq::write_perm(std::cout, p);
  }
  std::cout.flush();
  if (!args.json) {
    fmt::print(stderr, "{}: {} solutions, {} placements, {} checks, {} nodes, {:.3f} s\n",
               classic::to_string(method), t.result.count, k.placements, k.checks, k.nodes,
               t.seconds);
  }
  if (!t.result.complete) return kExitInterrupted;
  if (mode == classic::Mode::first && t.result.count == 0) {
    fmt::print(stderr, "nqueens: there is no solution for n = {}\n", n);
    return kExitNo;
  }
  return kExitOk;
}

int run_compare(const CompareArgs& args) {
  const int n = parse_board_size(args.n, classic::kMaxN, "compare");
  std::vector<nq::trace::Method> methods;
  for (const std::string& name : args.methods) {
    methods.push_back(classic::compare_method_named(name));
  }

  InterruptGuard interrupt;
  const classic::CompareResult compared =
      classic::compare({.n = n,
                        .methods = methods,
                        .mode = args.first ? classic::Mode::first : classic::Mode::count,
                        .budget_seconds = args.budget,
                        .stop = interrupt.token()});
  if (!compared.complete) return kExitInterrupted;
  nlohmann::ordered_json rows = nlohmann::json::array();
  for (const classic::CompareRow& r : compared.rows) {
    nlohmann::ordered_json row = {{"method", nq::trace::to_string(r.method)},
                                  {"mode", classic::to_string(r.mode)}};
    if (!r.skipped.empty()) row["skipped"] = r.skipped;
    if (r.ran) {
      row["solutions"] = r.solutions;
      row["placements"] = r.counters.placements;
      row["checks"] = r.counters.checks;
      row["nodes"] = r.counters.nodes;
      row["seconds"] = r.seconds;
      row["repeats"] = r.repeats;
    }
    rows.push_back(row);
  }

  if (args.json) {
    std::cout << nlohmann::ordered_json{{"n", n}, {"methods", rows}}.dump() << '\n';
    return kExitOk;
  }
  fmt::print("{:<13} {:<5} {:>10} {:>14} {:>14} {:>14} {:>10} {:>8}\n", "method", "mode",
             "solutions", "placements", "checks", "nodes", "time", "repeats");
  for (const auto& row : rows) {
    const std::string method = row["method"].get<std::string>();
    const std::string mode = row["mode"].get<std::string>();
    if (!row.contains("solutions")) {
      fmt::print("{:<13} {:<5} skipped: {}\n", method, mode, row["skipped"].get<std::string>());
      continue;
    }
    fmt::print("{:<13} {:<5} {:>10} {:>14} {:>14} {:>14} {:>10} {:>8}{}\n", method, mode,
               row["solutions"].get<std::uint64_t>(), row["placements"].get<std::uint64_t>(),
               row["checks"].get<std::uint64_t>(), row["nodes"].get<std::uint64_t>(),
               duration(row["seconds"].get<double>()), row["repeats"].get<std::uint64_t>(),
               row.contains("skipped") ? "  (" + row["skipped"].get<std::string>() + ")" : "");
  }
  // The legend says the modes of the rows shown: with --first every row stopped at one.
  const auto shows = [&](classic::Mode mode) {
    return std::any_of(compared.rows.begin(), compared.rows.end(),
                       [mode](const classic::CompareRow& r) { return r.mode == mode; });
  };
  if (shows(classic::Mode::count) && shows(classic::Mode::first)) {
    fmt::print(
        "count: searched the whole board, every solution counted; first: stopped at its first "
        "solution.\n");
  } else if (shows(classic::Mode::first)) {
    fmt::print("first: every method stopped at its first solution.\n");
  } else if (shows(classic::Mode::count)) {
    fmt::print("count: searched the whole board, every solution counted.\n");
  }
  fmt::print(
      "Time: the median of one run over the repeats; random: the run of median nodes of "
      "seeds 1..{}.\n",
      classic::kCompareSeeds);
  return kExitOk;
}

}  // namespace nqcli
