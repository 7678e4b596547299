// SPDX-License-Identifier: MIT
// The subcommands behind the command line. cli.cpp (the only file that sees CLI11) fills these
// option structs; each run_* function does one job and returns the process exit code.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "contract.hpp"
#include "count_args.hpp"

namespace nq {
class Placement;
}

namespace nqcli {

struct AuditArgs {
  std::string log;
  std::uint64_t sample = 10;  // lines to recompute
  std::string seed;           // as typed; empty: a random seed, printed
  unsigned threads = 0;
  std::string memory;  // budget as typed; empty: a share of what is available
};

struct EnumerateArgs {
  std::string n;
  std::string format = "perm";  // perm, board, jsonl, binary
  bool unique = false;
  unsigned threads = 0;
  std::optional<std::uint64_t> limit;
  std::uint64_t skip = 0;
  bool count_only = false;
  bool stats = false;
};

struct ClassicArgs {
  std::string n;
  std::string method = "recursive";
  bool all = false, first = false, count = false;  // at most one; default --all
  bool json = false;
};

struct CompareArgs {
  std::string n;
  std::vector<std::string> methods;  // empty: all (the nine, random, first)
  double budget = 10;                // seconds per method
  bool first = false;                // the nine stop at their first solution (else count them all)
  bool json = false;
};

struct InfiniteArgs {
  std::string k;
  bool verify = false;
  bool one_per_line = false;
};

struct SolveArgs {
  std::string n;
  std::string method = "construct";  // construct, random, first, backtrack
  std::string format = "perm";       // perm, board, svg, json, binary
  bool one_per_line = false;
  std::uint64_t seed = 1;
  double timeout = 0;    // seconds; 0: none
  unsigned threads = 0;  // first: probing threads; 0: all cores
  // first only:
  std::string checkpoint;         // file to journal the search in and resume from
  double checkpoint_every = 30;   // seconds between checkpoint saves
  std::string proof;              // file to write the proof that the answer is first in
  bool json = false;              // one JSON object: the solution and how each row was settled
  std::string progress = "auto";  // auto (when stderr is a terminal), always, never
  bool quiet = false;
  int estimate = 0;  // > 0: estimate what is left where --checkpoint stands, over this many paths
};

struct AuditFirstArgs {
  std::string proof;
  std::uint64_t sample = 100;         // pieces to re-refute
  bool full = false;                  // every piece instead of a sample
  std::string seed;                   // as typed; empty: a random seed, printed
  std::uint64_t budget = 10'000'000;  // nodes per piece
  unsigned threads = 0;               // 0: all cores
  std::string progress = "auto";      // auto (when stderr is a terminal), always, never
  bool quiet = false;
};

struct VerifyArgs {
  std::string input = "-";
  bool binary = false;
  std::optional<std::uint64_t> size;
  std::string format = "auto";  // auto, perm, board, json
  bool json = false;
  bool quiet = false;
};

struct CompleteArgs {
  std::string input;                  // FILE or '-'; empty: only --size and the inline squares
  std::optional<std::uint64_t> size;  // n, for inline instances
  std::string queens, blocked;        // "r:c,r:c", 1-based
  bool count = false, all = false;
  double timeout = 0;  // seconds; 0: none
  bool to_dimacs = false;
  std::string from_model;   // a SAT solver's output for --to-dimacs
  bool exhaustive = false;  // no local-search turns
};

struct InstanceArgs {
  std::string n;
  std::string family = "queens";  // queens, blocked or diagonals
  std::uint64_t queens = 0;
  std::uint64_t blocked = 0;
  std::optional<std::uint64_t> diagonals;  // diagonals family: how many to exclude
  std::optional<std::uint64_t> min_free;   // blocked and diagonals families (default 1)
  std::uint64_t seed = 1;
};

struct TraceArgs {
  std::string n;
  std::string method = "recursive";
  bool first = false, all = false;  // default --all
  std::uint64_t max_steps = 0;      // 0: no limit (html: the page's own)
  std::uint64_t seed = 1;           // random
  std::string format = "text";      // text, jsonl, html
  bool boards = false;              // text: draw the board after each event
  bool code = false;                // text: the listing's line and variables after each event
  bool listing = false;             // print the method's listing instead
  std::string output = "-";
};

struct RenderArgs {
  std::string input = "-";
  std::string format = "text";  // text, unicode, svg
  std::string title;
  std::string output = "-";
};

struct InfoArgs {
  bool json = false;
};

int run_count(const CountArgs& args);
int run_solve(const SolveArgs& args);
// solve --method first, after run_solve has checked n; `print` writes the solution as asked.
int run_solve_first(int n, const SolveArgs& args,
                    const std::function<void(const nq::Placement&)>& print);
// solve --method first --estimate PATHS: what is left where --checkpoint FILE stands.
int run_estimate_first(int n, const SolveArgs& args);
int run_audit_first(const AuditFirstArgs& args);
int run_enumerate(const EnumerateArgs& args);
int run_classic(const ClassicArgs& args);
int run_compare(const CompareArgs& args);
int run_infinite(const InfiniteArgs& args);
int run_verify(const VerifyArgs& args);
int run_render(const RenderArgs& args);
int run_audit(const AuditArgs& args);
int run_complete(const CompleteArgs& args);
int run_instance(const InstanceArgs& args);
int run_trace(const TraceArgs& args);
int run_info(const InfoArgs& args);

}  // namespace nqcli
