// SPDX-License-Identifier: MIT
// Command-line pieces shared by the two programs' CLI11 translation units (app/cli.cpp for
// nqueens, mpi/main.cpp for nqueens-mpi): number validators, the exit-status footer, --generate and
// the options of `count`. Include it only from a file that already compiles CLI11, one per program.
#pragma once

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <span>
#include <string>

#include "cli_docs.hpp"
#include "contract.hpp"
#include "count_args.hpp"
#include "nqueens/registry.hpp"
#include "numbers.hpp"

namespace nqcli {

// Accepts exactly what parse_whole_number does; CLI11's own conversion (strtoull, base 0)
// would read "-1" as 2^64 - 1 and "010" as 8.
inline CLI::Validator whole_number(std::uint64_t min = 0,
                                   std::uint64_t max = std::numeric_limits<std::uint64_t>::max()) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        try {
          parse_whole_number(text, "value", min, max);
        } catch (const UsageError& e) {
          return e.what();
        }
        // Leading zeros would make strtoull read the number as octal.
        text.erase(0, std::min(text.find_first_not_of('0'), text.size() - 1));
        return "";
      },
      "UINT");
}

// A duration in seconds: finite, from a millisecond to about four months (CLI11's own range
// check lets "nan" through, and "inf" would overflow the clock); 0 too where `zero` allows it.
inline CLI::Validator seconds(bool zero = false) {
  return CLI::Validator(
      [zero](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0' || !std::isfinite(value) ||
            (value < 0.001 && !(zero && value == 0)) || value > 1e7) {
          return std::string("expected ") + (zero ? "0 or " : "") +
                 "seconds between 0.001 and 10000000, got '" + text + "'";
        }
        return "";
      },
      "SECONDS");
}

// "Exit status:" and a line per code, for a program's --help footer.
inline std::string exit_status_text(std::span<const ExitStatus> statuses) {
  std::string text = "Exit status:";
  for (const ExitStatus& s : statuses) {
    text += "\n  " + std::to_string(s.code) + std::string(5 - std::to_string(s.code).size(), ' ') +
            s.meaning;
  }
  return text;
}

// `--generate KIND` prints the man page or a completion script (cli_docs.hpp) and exits 0; it
// is parsed before the subcommand is required, as --help is, and reaches main as this.
struct GenerateRequest {
  DocKind kind;
};

inline void add_generate_option(CLI::App& app) {
  app.add_option_function<std::string>(
         "--generate", [](const std::string& kind) { throw GenerateRequest{parse_doc_kind(kind)}; },
         "Print the man page (man) or a shell's completion script (complete-bash, "
         "complete-zsh, complete-fish) and exit")
      ->type_name("KIND")
      ->check(CLI::IsMember(doc_kind_names()))
      ->trigger_on_parse();
}

// -t,--threads as every job takes it: `what` the threads do, 1..kMaxThreads, all cores unless
// given; with `zero_is_all`, 0 is taken too and means all cores.
inline constexpr std::uint64_t kMaxThreads = 1024;
template <class T>
CLI::Option* add_threads_option(CLI::App& cmd, T& threads, const std::string& what,
                                bool zero_is_all = false) {
  const std::uint64_t low = zero_is_all ? 0 : 1;
  return cmd
      .add_option("-t,--threads", threads,
                  what + ", " + std::to_string(low) + ".." + std::to_string(kMaxThreads) +
                      (zero_is_all ? " (default 0: all cores)" : " (default: all cores)"))
      ->transform(whole_number(low, kMaxThreads));
}

// The options `nqueens count` and `nqueens-mpi count` share.
inline void add_count_options(CLI::App& cmd, CountArgs& args) {
  const nq::registry::Limit& count = nq::registry::limit("count");
  cmd.add_option("N", args.n,
                 "Board size, " + std::to_string(count.low) + ".." + std::to_string(count.high))
      ->required();
  add_threads_option(cmd, args.threads, "Worker threads");
  cmd.add_option("-e,--engine", args.engine, nq::registry::help("count.engine"))
      ->check(CLI::IsMember(nq::registry::values("count.engine")));
  cmd.add_flag("--check", args.check,
               "Compare the result with the published counts (OEIS A000170, A002562; n <= 27); "
               "exit 1 on a mismatch");
  cmd.add_option("--checkpoint", args.checkpoint,
                 "Save finished work in FILE and resume from it when it exists")
      ->type_name("FILE");
  cmd.add_option("--checkpoint-every", args.checkpoint_every,
                 "Seconds between checkpoint saves (default 30; fractions allowed; each finished "
                 "subproblem is journaled in between)")
      ->check(seconds());
  cmd.add_option("--subtotals", args.subtotals,
                 "Write FILE with one 'id weight count' line per finished subproblem "
                 "(check it with 'nqueens audit')")
      ->type_name("FILE");
  cmd.add_option("--memory", args.memory,
                 "Memory budget for the halves engine, e.g. 8G or 512M (default: three quarters "
                 "of the memory available); the count is the same under any budget")
      ->type_name("SIZE");
  cmd.add_flag("--estimate", args.estimate,
               "Project the run (time on these threads with a 95% range, memory, solutions) "
               "from a stratified random sample of the subproblems instead of counting");
  cmd.add_option("--strata", args.strata,
                 "With --estimate: runs of equal estimated cost, two subproblems drawn from each "
                 "(default 256; 64 for the halves engine from n = 26 on)")
      ->transform(whole_number(1, 100000));
  cmd.add_option("--sample-seconds", args.sample_seconds,
                 "With --estimate: draw more from each run, in rounds, while the sample has "
                 "taken less than this (default 1; fractions allowed)")
      ->check(seconds());
  cmd.add_option("--draw-seconds", args.draw_seconds,
                 "With --estimate: count a random share of a drawn subproblem that would take "
                 "longer than this on one thread, for n = 26 to 28 in minutes (solutions stay "
                 "unbiased; default 1 for the halves engine from n = 26 on, else 0: every draw "
                 "whole)")
      ->check(seconds(true));
  cmd.add_option("--window-seconds", args.window_seconds,
                 "With --estimate --draw-seconds: time the subproblems whose shares were too thin "
                 "to time in windows of one chunk of each half, for at most this long in all; "
                 "the time is projected only if they all finish (default 600; 0: no windows)")
      ->check(seconds(true));
  cmd.add_option("--seed", args.seed, "With --estimate: which subproblems are drawn (default 1)")
      ->transform(whole_number());
  cmd.add_flag("--json", args.json, "Print one JSON object");
  cmd.add_flag("-q,--quiet", args.quiet, "No statistics or progress on stderr");
  cmd.add_option("--progress", args.progress, nq::registry::help("progress"))
      ->check(CLI::IsMember(nq::registry::values("progress")));
}

}  // namespace nqcli
