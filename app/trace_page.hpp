// SPDX-License-Identifier: MIT
// `trace --format html`: one self-contained page (no network, no other files) that replays a
// trace: the board with its queens and the squares they attack, the current event highlighted in
// a scrolling list, counters, and controls (play/pause, step, next solution, speed, keys).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "nqueens/trace.hpp"

namespace nqcli {

struct TracePage {
  int n = 0;
  std::string method;
  std::vector<nq::trace::Event> events;
  nq::trace::Summary summary;
  std::uint64_t max_steps = 0;
};

void write_trace_page(std::ostream& out, const TracePage& page);

}  // namespace nqcli
