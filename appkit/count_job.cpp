// SPDX-License-Identifier: MIT
#include "count_job.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <variant>

#include "memory.hpp"
#include "nqueens/count_fields.hpp"
#include "nqueens/memory.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

nlohmann::ordered_json json_value(const nq::CountFieldValue& value) {
  return std::visit(
      nq::Overloaded{
          [](std::monostate) { return nlohmann::ordered_json(nullptr); },
          [](std::string_view text) { return nlohmann::ordered_json(std::string(text)); },
          [](const nq::ClassSizes& c) {
            return nlohmann::ordered_json{{"1", c[0]}, {"2", c[1]}, {"4", c[2]}, {"8", c[3]}};
          },
          [](auto plain) { return nlohmann::ordered_json(plain); }},
      value);
}

// The library's fields, with this process's peak memory (which only the program knows) after
// the engine's plan.
nlohmann::ordered_json to_json(const nq::CountResult& r, const char* check) {
  nlohmann::ordered_json j;
  for (const nq::CountField& f : nq::count_fields(r)) {
    j[std::string(f.name)] = json_value(f.value);
    if (f.name == "memory_bytes") j["memory_peak_bytes"] = peak_memory();
  }
  if (check) j["check"] = check;
  return j;
}

}  // namespace

CountJob check_count_args(const CountArgs& args, const std::string& job) {
  CountJob c;
  c.n = parse_board_size(args.n, nq::kMaxCountN, job);
  c.engine = nq::resolve_engine(nq::engine_named(args.engine), c.n);
  nq::check_count({.n = c.n, .engine = c.engine}, job);
  c.memory =
      args.memory.empty() ? nq::default_memory_budget() : parse_memory_size(args.memory, job);
  if (args.check && !nq::known_count(c.n)) {
    throw UsageError(
        fmt::format("{}: --check knows the published counts for n <= {} only, not n = {}", job,
                    nq::kMaxKnownN, c.n));
  }
  return c;
}

namespace {

std::string duration(double s) {
  if (s < 60) return fmt::format("{:.1f} s", s);
  if (s < 3600)
    return fmt::format("{} min {:02} s", static_cast<int>(s / 60), static_cast<int>(s) % 60);
  if (s < 172800) return fmt::format("{:.1f} h", s / 3600);
  if (s < 3 * 365.25 * 86400) return fmt::format("{:.1f} days", s / 86400);
  return fmt::format("{:.1f} years", s / (365.25 * 86400));
}

std::string mib(std::uint64_t bytes) {
  return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / (1 << 20));
}

// A file's size in the unit that keeps it readable.
std::string file_size(std::uint64_t bytes) {
  const double b = static_cast<double>(bytes);
  if (bytes < (1u << 20)) return fmt::format("{:.0f} KiB", std::ceil(b / 1024));
  if (bytes < (1u << 30)) return fmt::format("{:.0f} MiB", b / (1 << 20));
  return fmt::format("{:.1f} GiB", b / (1 << 30));
}

// The decimal digits of all the numbers below `count`.
std::uint64_t digits_below(std::uint64_t count) {
  std::uint64_t total = 0, low = 0, high = 10;
  for (int digits = 1; low < count; ++digits, low = high, high *= 10)
    total += (std::min(count, high) - low) * static_cast<std::uint64_t>(digits);
  return total;
}

std::uint64_t digits_of(double x) {
  return x < 10 ? 1 : static_cast<std::uint64_t>(std::floor(std::log10(x))) + 1;
}

}  // namespace

EstimateSample estimate_sample(const CountArgs& args, const CountJob& job) {
  const bool parts = job.engine == nq::CountEngine::halves && job.n >= 26;
  EstimateSample s;
  s.strata = args.strata ? args.strata : parts ? 64 : 256;
  s.draw_seconds = args.draw_seconds >= 0 ? args.draw_seconds : parts ? 1 : 0;
  return s;
}

int run_count_estimate(const CountArgs& args, const CountJob& job, unsigned threads,
                       const RunPlan& plan, std::stop_token stop) {
  // The backtrack engine's subproblems take hours each from n = 22 on (its border split has a
  // few thousand), so a sample of them would not be a quick look.
  if (job.engine == nq::CountEngine::backtrack && job.n >= 22) {
    throw UsageError(fmt::format(
        "count: --estimate samples whole subproblems, and the backtrack engine's take hours each "
        "at n = {}; the halves engine goes up to n = {}",
        job.n, nq::kMaxHalvesN));
  }
  nq::CountEstimateOptions o;
  o.count = {
      .n = job.n, .threads = threads, .engine = job.engine, .memory = job.memory, .stop = stop};
  const EstimateSample sample = estimate_sample(args, job);
  o.strata = sample.strata;
  o.seed = args.seed;
  o.min_sample_seconds = args.sample_seconds;
  o.draw_seconds = sample.draw_seconds;
  o.window_seconds = args.window_seconds;
  o.ranks = plan.ranks;
  o.rank_threads = plan.threads;
  o.rank_memory = plan.memory;
  nq::CountEstimate e = nq::estimate_count(o);
  const nq::Range& w = e.wall_seconds;
  const double core_hours = e.cpu_seconds.value / 3600;
  // The files of the whole run, as checkpoint.hpp and subtotals.hpp write them: a line
  // "id count" per subproblem in the checkpoint (and as much again in its journal between two
  // saves), "id weight count" in the subtotal log (weights are 1 to 8).
  const std::uint64_t lines = e.subproblems, count_digits = digits_of(e.mean_count);
  const std::uint64_t checkpoint_bytes = 128 + digits_below(lines) + lines * (count_digits + 2);
  const std::uint64_t subtotal_bytes = checkpoint_bytes + 2 * lines;
  const std::uint64_t peak = peak_memory();
  const std::optional<nq::KnownCount> known = nq::known_count(job.n);
  const bool cluster = e.ranks > 1 || e.rank_threads != e.threads;
  if (args.json) {
    nlohmann::ordered_json j;
    j["n"] = e.n;
    j["engine"] = nq::engine_name(e.engine);
    j["threads"] = e.threads;
    j["ranks"] = e.ranks;
    j["rank_threads"] = e.rank_threads;
    j["subproblems"] = e.subproblems;
    j["sampled"] = e.sampled;
    j["sampled_in_part"] = e.sampled_in_part;
    j["strata"] = sample.strata;
    j["draw_seconds"] = sample.draw_seconds;
    j["thin_parts"] = e.thin_parts;
    j["untimed"] = e.untimed;
    j["setup_seconds"] = e.setup_seconds;
    j["sample_seconds"] = e.sample_seconds;
    if (e.untimed == 0) {
      j["cpu_seconds"] = {e.cpu_seconds.value, e.cpu_seconds.low, e.cpu_seconds.high};
      j["core_hours"] = core_hours;
      j["wall_seconds"] = {w.value, w.low, w.high};
    } else {  // not projected (count_estimate.hpp)
      j["cpu_seconds"] = nullptr;
      j["core_hours"] = nullptr;
      j["wall_seconds"] = nullptr;
    }
    j["total"] = {e.total.value, e.total.low, e.total.high};
    if (known) j["published_total"] = known->total;
    j["memory_bytes"] = e.memory_bytes;
    j["memory_budget"] = job.memory;
    j["memory_peak_bytes"] = peak;
    j["rank_memory_bytes"] = e.rank_memory_bytes;
    j["rank_memory_budget"] = plan.memory ? plan.memory : job.memory;
    j["checkpoint_bytes"] = checkpoint_bytes;
    j["subtotals_bytes"] = subtotal_bytes;
    j["complete"] = e.complete;
    std::cout << j.dump() << '\n';
  } else if (e.complete) {
    const std::string on = e.ranks > 1
                               ? fmt::format("{} ranks x {} threads", e.ranks, e.rank_threads)
                               : fmt::format("{} threads", e.rank_threads);
    if (e.untimed == 0) {
      fmt::print("{} queens, {} engine on {}: about {} (95% range {} to {})\n", e.n,
                 nq::engine_name(e.engine), on, duration(w.value), duration(w.low),
                 duration(w.high));
    } else {
      fmt::print(
          "{} queens, {} engine on {}: time not projected ({} of the draws were parts too thin "
          "to time, and their windows did not finish within --window-seconds {}; "
          "--draw-seconds 0 draws them whole)\n",
          e.n, nq::engine_name(e.engine), on, e.untimed, args.window_seconds);
    }
    fmt::print("  {}{} of {} subproblems sampled{} in {}{}, setup {}\n",
               e.untimed ? std::string()
                         : fmt::format("cpu time {} ({:.3g} core-hours); ",
                                       duration(e.cpu_seconds.value), core_hours),
               e.sampled, e.subproblems,
               e.sampled_in_part ? fmt::format(" ({} in part, {} timed in a window)",
                                               e.sampled_in_part, e.thin_parts - e.untimed)
                                 : std::string(),
               duration(e.sample_seconds),
               cluster ? fmt::format(" on {} threads here", e.threads) : std::string(),
               duration(e.setup_seconds));
    if (cluster) {
      fmt::print("  memory per rank: planned {} of a {} budget for {} threads\n",
                 mib(e.rank_memory_bytes), mib(plan.memory ? plan.memory : job.memory),
                 e.rank_threads);
      fmt::print("  memory here: planned {} of a {} budget, peak while sampling {}\n",
                 mib(e.memory_bytes), mib(job.memory), mib(peak));
    } else {
      fmt::print("  memory: planned {} of a {} budget, peak while sampling {}\n",
                 mib(e.memory_bytes), mib(job.memory), mib(peak));
    }
    fmt::print(
        "  files: checkpoint about {} (its journal up to as much again), subtotal log about "
        "{}\n",
        file_size(checkpoint_bytes), file_size(subtotal_bytes));
    fmt::print("  solutions: about {:.4g} (95% range {:.4g} to {:.4g}){}\n", e.total.value,
               e.total.low, e.total.high,
               known ? fmt::format("; published {}", known->total) : std::string());
  } else {
    fmt::print("{} queens: estimate interrupted after {} subproblems\n", e.n, e.sampled);
  }
  std::cout.flush();
  return e.complete ? kExitOk : kExitInterrupted;
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
