// SPDX-License-Identifier: MIT
// The options of a count, as nqueens count and nqueens-mpi count both take them (filled by
// count_options.hpp in each program's CLI11 unit, checked by count_job.hpp).
#pragma once

#include <cstdint>
#include <string>

namespace nqcli {

struct CountArgs {
  std::string n;  // as typed; checked by parse_board_size
  unsigned threads = 0;
  std::string engine = "auto";    // auto, backtrack, halves
  std::string progress = "auto";  // auto (when stderr is a terminal), always, never
  std::string checkpoint;         // file to save finished subproblems in and resume from
  double checkpoint_every = 30;   // seconds between saves
  bool check = false;             // compare with the published values
  std::string subtotals;          // log file: one "id weight count" line per subproblem
  std::string subproblems;        // "ID,ID,...": count just these
  std::string memory;             // budget as typed ("8G"); empty: a share of what is available
  bool estimate = false;          // project the run from a sample instead of counting
  unsigned strata = 0;            // --estimate: runs of equal cost, two draws each (0: default)
  std::uint64_t seed = 1;         // --estimate: which subproblems are drawn
  double sample_seconds = 1;      // --estimate: draw more while the sample is shorter
  double draw_seconds = -1;     // --estimate: count a share of a longer draw (0: no; < 0: default)
  double window_seconds = 600;  // --estimate: time thin parts in windows for this long in all
  unsigned ranks = 0;           // --estimate: plan for this many processes (0: not asked)
  bool json = false;
  bool quiet = false;
};

}  // namespace nqcli
