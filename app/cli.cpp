// SPDX-License-Identifier: MIT
// Option definitions for every subcommand, in one translation unit (CLI11 is header-only and
// slow to compile), one table of the subcommands, and the mapping of failures to exit codes:
// CLI11's own parse errors (exit codes 105-127 by default), UsageError (the library's
// InvalidArgument) and ParseError all become one line and exit 2; an exception nobody expected is
// an internal error, exit 70, with a request for a bug report.
#include "cli.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "cli_docs.hpp"
#include "commands.hpp"
#include "count_options.hpp"
#include "durable_file.hpp"
#include "nqueens/classic.hpp"
#include "nqueens/compare.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/count.hpp"
#include "nqueens/format.hpp"
#include "nqueens/registry.hpp"
#include "nqueens/trace.hpp"
#include "nqueens/version.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

namespace registry = nq::registry;

// "Board size, 1..32": the range of n the job takes (the registry's limit of that name).
std::string board_size(std::string_view job) {
  const registry::Limit& l = registry::limit(job);
  return "Board size, " + std::to_string(l.low) + ".." + std::to_string(l.high);
}

void add_count(CLI::App& app, CountArgs& args) {
  auto* cmd = app.add_subcommand("count", "Count all solutions and the unique ones");
  add_count_options(*cmd, args);
  cmd->add_option(
         "--subproblems", args.subproblems,
         "Count only these subproblems (ids as in a subtotal log; FIRST-LAST and FIRST-LAST/STEP "
         "list a range, every STEP-th id) and print their lines")
      ->type_name("ID,FIRST-LAST/STEP,...");
  cmd->add_option("--ranks", args.ranks,
                  "With --estimate: plan a cluster run of R nqueens-mpi ranks of --threads "
                  "threads and --memory each (the sample runs here, on at most this machine's "
                  "cores): wall time, core-hours, memory per rank, checkpoint and log sizes")
      ->type_name("R")
      ->transform(whole_number(1, 1000000));
  cmd->footer(
      "Example:\n  nqueens count 8            8 queens: 92 solutions, 12 unique\n"
      "  nqueens count 12 --json\n"
      "  nqueens count 19 --checkpoint n19.ckpt    (Ctrl-C, then the same command resumes)\n"
      "  nqueens count 26 --estimate --ranks 64 --threads 32 --memory 100G    (size a cluster)\n");
}

void add_solve(CLI::App& app, SolveArgs& args) {
  auto* cmd = app.add_subcommand("solve", "Print one solution, for boards up to 2^32 - 1 queens");
  cmd->add_option("N", args.n, "Board size")->required();
  cmd->add_option("-m,--method", args.method, registry::help("solve.method"))
      ->check(CLI::IsMember(registry::values("solve.method")));
  cmd->add_option("-f,--format", args.format, registry::help("solve.format"))
      ->check(CLI::IsMember(registry::values("solve.format")));
  cmd->add_flag("--one-per-line", args.one_per_line, "perm: one column number per line");
  cmd->add_option("--seed", args.seed, "random: the seed (same seed, same solution)")
      ->transform(whole_number());
  cmd->add_option("--timeout", args.timeout,
                  "random, first, backtrack: give up after this many seconds")
      ->check(seconds());
  add_threads_option(*cmd, args.threads, "first: threads sharing the probes");
  cmd->add_option("--checkpoint", args.checkpoint,
                  "first: journal the search in FILE and resume from it when it exists")
      ->type_name("FILE");
  cmd->add_option("--checkpoint-every", args.checkpoint_every,
                  "first: seconds between checkpoint saves (default 30; every step is journaled "
                  "in between)")
      ->check(seconds());
  cmd->add_option("--proof", args.proof,
                  "first: write the proof that the answer is first to FILE (check it with "
                  "'nqueens audit-first FILE')")
      ->type_name("FILE");
  cmd->add_flag("--json", args.json,
                "first: print one JSON object, the solution and how each row was settled");
  cmd->add_option("--progress", args.progress,
                  "first: a progress line on stderr: " + registry::help("progress"))
      ->check(CLI::IsMember(registry::values("progress")));
  cmd->add_flag("-q,--quiet", args.quiet, "first: no progress on stderr");
  cmd->add_option("--estimate", args.estimate,
                  "first: search nothing; estimate the nodes left in the probe where --checkpoint "
                  "FILE stands (Knuth's estimator over PATHS random paths) and the time they take")
      ->type_name("PATHS")
      ->transform(whole_number(1, 100'000'000));
  cmd->footer(
      "Example:\n  nqueens solve 8                     2 4 6 8 3 1 7 5\n"
      "  nqueens solve 8 --method first      1 5 8 6 3 7 2 4\n"
      "  nqueens solve 44 --method first --checkpoint n44.ckpt --proof n44.proof\n"
      "  nqueens solve 75 --method first --checkpoint n75.ckpt --estimate 1000\n"
      "  nqueens solve 1000000 --method random --seed 7 | nqueens verify\n"
      "  nqueens solve 1000000000 --format binary > big.bin && nqueens verify --binary big.bin\n");
}

void add_enumerate(CLI::App& app, EnumerateArgs& args) {
  auto* cmd = app.add_subcommand("enumerate", "Stream every solution in lexicographic order");
  cmd->add_option("N", args.n, board_size("enumerate"))->required();
  cmd->add_option("-f,--format", args.format, registry::help("enumerate.format"))
      ->check(CLI::IsMember(registry::values("enumerate.format")));
  cmd->add_flag("-u,--unique", args.unique,
                "One solution per symmetry class: its lexicographically smallest image");
  add_threads_option(*cmd, args.threads, "Search threads");
  cmd->add_option("--limit", args.limit, "Stop after K solutions")->transform(whole_number());
  cmd->add_option("--skip", args.skip, "Start after the first K solutions")
      ->transform(whole_number());
  cmd->add_flag("--count-only", args.count_only, "Print only how many solutions there are");
  cmd->add_flag("--stats", args.stats, "Statistics on stderr at the end");
  cmd->footer(
      "The order and the bytes never depend on --threads.\n"
      "Example:\n  nqueens enumerate 8 | head -3\n  nqueens enumerate 8 --unique --format jsonl\n"
      "  nqueens enumerate 10 --skip 100 --limit 10\n");
}

// The names of the textbook methods, from the library that defines them.
std::vector<std::string> classic_method_names() {
  std::vector<std::string> names;
  for (nq::classic::Method m : nq::classic::kAllMethods) {
    names.emplace_back(nq::classic::to_string(m));
  }
  return names;
}

// What compare runs: the nine, then random and first.
std::vector<std::string> compare_method_names() {
  std::vector<std::string> names;
  for (nq::trace::Method m : nq::classic::kCompareMethods) {
    names.emplace_back(nq::trace::to_string(m));
  }
  return names;
}

void add_classic(CLI::App& app, ClassicArgs& args) {
  auto* cmd = app.add_subcommand("classic", "Run one of the textbook methods, counting its work");
  cmd->add_option("N", args.n, "Board size, 1..32")->required();
  cmd->add_option("-m,--method", args.method,
                  "blind, nested, iterative, recursive, board-scan, permutations, amb, "
                  "functional or bitmask")
      ->check(CLI::IsMember(classic_method_names()));
  cmd->add_flag("--all", args.all, "Print every solution (the default)");
  cmd->add_flag("--first", args.first, "Print the first solution only");
  cmd->add_flag("--count", args.count, "Print only the number of solutions");
  cmd->add_flag("--json", args.json, "Print one JSON object with the counters");
  cmd->footer(
      "Example:\n  nqueens classic 6 --method permutations\n"
      "  nqueens classic 8 --method blind --count\n");
}

void add_compare(CLI::App& app, CompareArgs& args) {
  auto* cmd = app.add_subcommand(
      "compare", "The textbook methods, local search and first side by side, with their work");
  cmd->add_option("N", args.n, "Board size, 1..32")->required();
  cmd->add_option("--methods", args.methods,
                  "Only these methods (comma-separated): blind, nested, iterative, recursive, "
                  "board-scan, permutations, amb, functional, bitmask, random, first")
      ->delimiter(',')
      ->check(CLI::IsMember(compare_method_names()));
  cmd->add_option("--budget", args.budget,
                  "Seconds a method may take, its repeated runs included; those estimated to "
                  "need more are skipped")
      ->check(seconds());
  cmd->add_flag("--first", args.first,
                "The nine textbook methods stop at their first solution instead of counting "
                "every one");
  cmd->add_flag("--json", args.json, "Print one JSON object");
  cmd->footer(
      "The nine textbook methods count every solution (with --first, stop at the first); random "
      "(local search) and first stop at one.\nCounters are those of one run; the time is the "
      "median of one run over repeated runs (random: the run of median nodes of seeds 1..5).\n"
      "Example:\n  nqueens compare 8\n  nqueens compare 12 --first\n"
      "  nqueens compare 10 --budget 2 --json\n");
}

void add_infinite(CLI::App& app, InfiniteArgs& args) {
  auto* cmd = app.add_subcommand("infinite", "The first K terms of the quintal queens placement");
  cmd->add_option("K", args.k, "How many rows, up to 5^13")->required();
  cmd->add_flag("--verify", args.verify,
                "Check that every prefix of length 5^j <= K is a solution");
  cmd->add_flag("--one-per-line", args.one_per_line, "One column number per line");
  cmd->footer(
      "Example:\n  nqueens infinite 25 | nqueens verify\n  nqueens infinite 390625 --verify\n");
}

void add_verify(CLI::App& app, VerifyArgs& args) {
  auto* cmd = app.add_subcommand("verify", "Check a placement; name the first attacking pair");
  cmd->add_option("FILE", args.input,
                  "Placement in perm, board, JSON or FEN-like format ('-': stdin)");
  cmd->add_option("-n,--size", args.size, "Require exactly this many queens")
      ->transform(whole_number(1));
  std::vector<std::string> formats = registry::values("placement.format");
  formats.insert(formats.begin(), "auto");
  cmd->add_option("-f,--format", args.format, "auto, " + registry::help("placement.format"))
      ->check(CLI::IsMember(formats));
  cmd->add_flag("--binary", args.binary,
                "Read uint32 little-endian 0-based columns (solve --format binary); streams");
  cmd->add_flag("--json", args.json, "Print one JSON object");
  cmd->add_flag("-q,--quiet", args.quiet, "Print nothing; the exit code says it");
  cmd->footer(
      "Exit status: 0 valid, 1 invalid, 2 unreadable input.\n"
      "Example:\n  echo 2 4 1 3 | nqueens verify      valid\n"
      "  echo '[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]' | nqueens verify\n"
      "  echo 1q2/3q/q3/2q1 | nqueens verify\n"
      "  echo 1 2 3 4 | nqueens verify      invalid: queens at row 1 column 1 and row 2 column "
      "2 share a diagonal\n");
}

void add_complete(CLI::App& app, CompleteArgs& args) {
  auto* cmd = app.add_subcommand("complete",
                                 "Complete a board with queens already placed or squares blocked");
  cmd->add_option("FILE", args.input,
                  "Instance: 'n', then 'Q row col' and 'X row col' lines, 1-based ('-': stdin)");
  cmd->add_option("-n,--size", args.size, "Board size, for an instance given inline")
      ->transform(whole_number(1, nq::kMaxCompleteN));
  cmd->add_option("--queens", args.queens, "Queens placed in advance")->type_name("R:C,R:C");
  cmd->add_option("--blocked", args.blocked, "Blocked squares")->type_name("R:C,R:C");
  auto* count = cmd->add_flag("--count", args.count, "Print the number of completions");
  cmd->add_flag("--all", args.all, "Print every completion, one per line")->excludes(count);
  cmd->add_option("--timeout", args.timeout, "Give up after this many seconds (exit 124)")
      ->check(seconds());
  cmd->add_flag("--exhaustive", args.exhaustive,
                "Search exhaustively only, without the local search's turns in between");
  cmd->add_flag("--to-dimacs", args.to_dimacs,
                "Print the instance as CNF (DIMACS) for a SAT solver instead of solving it");
  cmd->add_option("--from-model", args.from_model,
                  "Turn a SAT solver's output for --to-dimacs into the placement")
      ->type_name("FILE");
  cmd->footer(
      "Exit status: 0 a completion (or the count), 1 no completion, 2 bad instance, 124 gave up.\n"
      "Example:\n  nqueens complete --size 8 --queens 1:1,2:5      1 5 8 6 3 7 2 4 or another\n"
      "  nqueens instance 50 --queens 10 --seed 3 | nqueens complete\n"
      "  nqueens complete in.txt --to-dimacs > in.cnf && cadical in.cnf > out.txt; "
      "nqueens complete in.txt --from-model out.txt\n");
}

void add_instance(CLI::App& app, InstanceArgs& args) {
  auto* cmd = app.add_subcommand("instance", "Print a random completion instance");
  cmd->add_option("N", args.n, "Board size")->required();
  cmd->add_option("--family", args.family,
                  "queens (random queens, then random blocked squares), blocked (Blocked "
                  "n-Queens) or diagonals (Excluded Diagonals); the last two after Gent, "
                  "Jefferson and Nightingale (2017), up to n = 4096")
      ->check(CLI::IsMember({"queens", "blocked", "diagonals"}));
  cmd->add_option("--queens", args.queens, "queens: non-attacking queens to place at random")
      ->transform(whole_number(0, nq::kMaxCompleteN));
  cmd->add_option("--blocked", args.blocked, "queens, blocked: squares to block at random")
      ->transform(whole_number());
  cmd->add_option("--diagonals", args.diagonals, "diagonals: whole diagonals to exclude")
      ->transform(whole_number());
  cmd->add_option("--min-free", args.min_free,
                  "blocked, diagonals: open squares every row and column keeps (default 1)")
      ->transform(whole_number());
  cmd->add_option("--seed", args.seed, "Random seed (same seed, same instance)")
      ->transform(whole_number());
  cmd->footer(
      "Example:\n  nqueens instance 20 --queens 8 --blocked 30 --seed 5\n"
      "  nqueens instance 30 --family blocked --blocked 700 --seed 2\n"
      "  nqueens instance 30 --family diagonals --diagonals 27 --min-free 1 --seed 2\n");
}

void add_trace(CLI::App& app, TraceArgs& args) {
  auto* cmd = app.add_subcommand("trace", "Show a method's search step by step, with its code");
  cmd->add_option("N", args.n, board_size("trace"));
  cmd->add_option("-m,--method", args.method, registry::help("trace.method"))
      ->check(CLI::IsMember(registry::values("trace.method")));
  auto* first = cmd->add_flag("--first", args.first, "Stop at the first solution");
  cmd->add_flag("--all", args.all, "Go on to every solution (the default)")->excludes(first);
  cmd->add_option("--max-steps", args.max_steps, "Cut the trace after K events")
      ->transform(whole_number(1));
  cmd->add_option("--seed", args.seed, "random: the seed (same seed, same trace)")
      ->transform(whole_number());
  cmd->add_option("-f,--format", args.format,
                  registry::help("trace.format") + "; html needs --output")
      ->check(CLI::IsMember(registry::values("trace.format")));
  cmd->add_flag("--boards", args.boards, "text: draw the board after each event");
  cmd->add_flag("--code", args.code, "text: the listing's line and variables after each event");
  cmd->add_flag("--listing", args.listing, "Print the method's listing and the line of each event");
  cmd->add_option("-o,--output", args.output, "Write to this file instead of stdout")
      ->type_name("FILE");
  cmd->footer(
      "Example:\n  nqueens trace 4 --all                  every step of the 4-queens search\n"
      "  nqueens trace 5 --method permutations --code --max-steps 12\n"
      "  nqueens trace --method amb --listing\n"
      "  nqueens trace 8 --format html -o eight.html\n");
}

void add_render(CLI::App& app, RenderArgs& args) {
  auto* cmd = app.add_subcommand("render", "Draw a placement as text, Unicode or SVG");
  cmd->add_option("FILE", args.input,
                  "Placement in perm, board, JSON or FEN-like format ('-': stdin)");
  cmd->add_option("-f,--format", args.format, registry::help("render.style"))
      ->check(CLI::IsMember(registry::values("render.style")));
  cmd->add_option("--title", args.title, "Title of the SVG image");
  cmd->add_option("-o,--output", args.output, "Write to this file instead of stdout")
      ->type_name("FILE");
  cmd->footer(
      "Example:\n  nqueens solve 8 | nqueens render --format unicode\n"
      "  nqueens solve 8 | nqueens render --format svg -o eight.svg\n");
}

void add_audit(CLI::App& app, AuditArgs& args) {
  auto* cmd =
      app.add_subcommand("audit", "Recompute a random sample of a subtotal log and compare");
  cmd->add_option("FILE", args.log, "Log written by 'count --subtotals FILE'")->required();
  cmd->add_option("-k,--sample", args.sample, "Lines to recompute (default 10)")
      ->transform(whole_number(1, std::numeric_limits<std::uint32_t>::max()));
  cmd->add_option("--seed", args.seed, "Seed for the choice of lines (default: random, printed)")
      ->transform(whole_number());
  add_threads_option(*cmd, args.threads, "Worker threads");
  cmd->add_option("--memory", args.memory,
                  "Memory budget, e.g. 8G (default: three quarters of the memory available); "
                  "any budget recomputes the same counts")
      ->type_name("SIZE");
  cmd->footer(
      "Exit status: 0 all sampled lines match, 1 a mismatch (each one printed), 2 bad input.\n"
      "Example:\n  nqueens count 16 --subtotals n16.log && nqueens audit n16.log --sample 20\n");
}

void add_audit_first(CLI::App& app, AuditFirstArgs& args) {
  auto* cmd = app.add_subcommand("audit-first",
                                 "Check a proof that a solution is the lexicographically first");
  cmd->add_option("FILE", args.proof, "Proof written by 'solve N --method first --proof FILE'")
      ->required();
  auto* sample =
      cmd->add_option("-k,--sample", args.sample,
                      "Refuted pieces to search again with a different search (default 100)")
          ->transform(whole_number(0, std::numeric_limits<std::uint32_t>::max()));
  cmd->add_flag("--full", args.full,
                "Search every refuted piece again; one over the budget fails the audit")
      ->excludes(sample);
  cmd->add_option("--seed", args.seed, "Seed for the choice of pieces (default: random, printed)")
      ->transform(whole_number());
  cmd->add_option("--budget", args.budget,
                  "Nodes the other search may spend on one piece (default 10000000)")
      ->transform(whole_number(1, std::numeric_limits<std::uint64_t>::max()));
  add_threads_option(*cmd, args.threads, "Pieces searched at once", true);
  cmd->add_option("--progress", args.progress,
                  "A progress line on stderr: " + registry::help("progress"))
      ->check(CLI::IsMember(registry::values("progress")));
  cmd->add_flag("-q,--quiet", args.quiet, "No progress on stderr");
  cmd->footer(
      "Exit status: 0 the answer is a solution and the proof covers every smaller placement, "
      "with no piece searched again found completable (and, with --full, none over the "
      "budget);\n1 it does not; 2 bad input; 130 interrupted.\n"
      "Example:\n  nqueens solve 30 --method first --proof n30.proof && nqueens audit-first "
      "n30.proof\n  nqueens audit-first n61.proof --full     every piece, on all cores\n");
}

void add_info(CLI::App& app, InfoArgs& args) {
  auto* cmd = app.add_subcommand(
      "info",
      "What this build names: every option's values, the range of n of each job, the defaults");
  cmd->add_flag("--json", args.json, "One JSON object (the registry the bindings read)");
  cmd->footer("Example:\n  nqueens info\n  nqueens info --json\n");
}

// A subcommand: its name, how it adds its options (bound to an argument struct of its own) and
// how it runs. The table below is the one list of them: it sets up CLI11 (and so the help's
// list), names them in the message for a misspelt one, and dispatches.
struct Subcommand {
  std::string name;
  std::function<void(CLI::App&)> add;
  std::function<int()> run;
};

template <class Args>
Subcommand subcommand(std::string name, void (*add)(CLI::App&, Args&), int (*run)(const Args&)) {
  auto args = std::make_shared<Args>();
  return {std::move(name), [add, args](CLI::App& app) { add(app, *args); },
          [run, args] { return run(*args); }};
}

std::vector<Subcommand> subcommands() {
  std::vector<Subcommand> table;
  table.push_back(subcommand("count", add_count, run_count));
  table.push_back(subcommand("audit", add_audit, run_audit));
  table.push_back(subcommand("audit-first", add_audit_first, run_audit_first));
  table.push_back(subcommand("enumerate", add_enumerate, run_enumerate));
  table.push_back(subcommand("solve", add_solve, run_solve));
  table.push_back(subcommand("complete", add_complete, run_complete));
  table.push_back(subcommand("instance", add_instance, run_instance));
  table.push_back(subcommand("trace", add_trace, run_trace));
  table.push_back(subcommand("verify", add_verify, run_verify));
  table.push_back(subcommand("render", add_render, run_render));
  table.push_back(subcommand("classic", add_classic, run_classic));
  table.push_back(subcommand("compare", add_compare, run_compare));
  table.push_back(subcommand("infinite", add_infinite, run_infinite));
  table.push_back(subcommand("info", add_info, run_info));
  return table;
}

void check_subcommand(const std::vector<Subcommand>& table, const std::string& name) {
  std::string names;
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].name == name) return;
    names += (i == 0 ? "" : i + 1 == table.size() ? " or " : ", ") + table[i].name;
  }
  throw UsageError("unknown subcommand '" + name + "' (choose " + names + ")");
}

// Returns rather than exits, so that the fuzzer (fuzz/cli.cpp) can run the command line in
// process; by the time a failure gets here every job has unwound and joined its threads.
// NQUEENS_ISA's line of the man page, from the registry's words for it.
std::string count_isa_meaning() {
  for (const nq::registry::Choices& c : nq::registry::all_choices()) {
    if (c.key == "count.isa") {
      return fmt::format(
          "Sets {}: {}. So a narrower build of a kernel is tested and timed on a processor that "
          "has a wider one.",
          c.about, nq::registry::help(c.key));
    }
  }
  return {};
}

int fail(int code, const std::string& message) {
  std::cout.flush();
  fmt::print(stderr, "nqueens: {}\n", message);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"nqueens: count, solve, verify and draw n-queens placements", "nqueens"};
  app.set_version_flag("-V,--version", std::string("nqueens ") + nq::kVersion);
  app.require_subcommand(1, 1);
  app.footer("Run 'nqueens SUBCOMMAND --help' for a subcommand's options and an example.\n" +
             exit_status_text(kExitStatuses));
  add_generate_option(app);
  const std::vector<Subcommand> table = subcommands();
  for (const Subcommand& s : table) s.add(app);

  try {
    // CLI11 would call a misspelt subcommand a missing one; name it instead.
    if (argc > 1 && argv[1][0] != '-') check_subcommand(table, argv[1]);
    app.parse(argc, argv);
    for (const Subcommand& s : table) {
      if (app.got_subcommand(s.name)) return s.run();
    }
    return fail(kExitInternal, "internal error: no subcommand ran; please report it");
  } catch (const GenerateRequest& request) {
    const ManInfo info{nq::kVersion,
                       kExitStatuses,
                       {"nqueens-mpi(1)"},
                       {{nq::kCountIsaVariable, count_isa_meaning()}}};
    fmt::print("{}", generate_doc(app, request.kind, info));
    return kExitOk;
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(kExitUsage, std::string(e.what()) + " (see nqueens --help)");
  } catch (const nq::CountStopped& e) {  // Ctrl-C while count or audit builds its tables
    return fail(kExitInterrupted, e.what());
  } catch (const UsageError& e) {  // the library's InvalidArgument too
    return fail(kExitUsage, e.what());
  } catch (const nq::ParseError& e) {
    return fail(kExitUsage, e.what());
  } catch (const CheckpointError& e) {  // a checkpoint that cannot be read, locked or written
    return fail(kExitUsage, e.what());
  } catch (const std::invalid_argument& e) {
    return fail(kExitUsage, e.what());
  } catch (const std::overflow_error& e) {  // a count past 64 bits: the input's size
    return fail(kExitUsage, e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitUsage, "not enough memory for this input");
  } catch (const std::exception& e) {  // anything else is the program's own fault
    return fail(kExitInternal, fmt::format("internal error: {}; please report it with the command "
                                           "that led to it (nqueens {})",
                                           e.what(), nq::kVersion));
  }
}

}  // namespace nqcli
