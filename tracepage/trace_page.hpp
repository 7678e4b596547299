// SPDX-License-Identifier: MIT
// The trace page: one self-contained page (no network, no other files) that plays a recorded
// trace with the playground's player: the board, the method's listing with the line of each
// event highlighted, the variables, the counters, and the controls (play/pause, step back and
// forward, next solution, speed, keys). `nqueens trace --format html` writes it to a file; the
// Python module's `Trace` shows it in a notebook (embedded, in an iframe).
#pragma once

#include <cstdint>
#include <ostream>
#include <vector>

#include "nqueens/trace.hpp"

namespace nqpage {

// The most events a page holds unless the trace's max_steps says otherwise (about 100 bytes each).
inline constexpr std::uint64_t kPageSteps = 200'000;

struct TracePage {
  int n = 0;
  nq::trace::Method method = nq::trace::Method::recursive;
  bool first = false;
  std::uint64_t seed = 1;
  std::uint64_t max_steps = 0;  // the cut the page was made with
  bool capped = false;          // max_steps is the page's own limit, not the user's
  std::vector<nq::trace::Event> events;
  nq::trace::Summary summary;
};

// Runs the trace and keeps its events for a page. A max_steps of 0 becomes kPageSteps, and the
// page says that it is capped. Throws what nq::trace::run throws.
TracePage record_trace_page(nq::trace::Options options);

// page: the whole page, with a masthead naming the trace and the command that writes it.
// embedded: for a frame inside another page (a notebook's cell): the same page with its heading
// for screen readers only and narrower margins.
enum class Layout { page, embedded };

void write_trace_page(std::ostream& out, const TracePage& page, Layout layout = Layout::page);

// The page's data: {"n", "method", "first", "seed", "cut", "max_steps", "capped", "steps",
// "listing": {"lines", "kinds"}, "kinds", "alongs", "fields", "info" (nq::trace::method_info),
// "wordings" (the sentences, nq::registry::events_json), "events": [[the numbers of "fields"
// (nq::trace::kEventFields), board, "name=text\tname=text"], ...]}, with kind and along as indexes
// into "kinds" and "alongs".
void write_trace_data(std::ostream& out, const TracePage& page);

}  // namespace nqpage
