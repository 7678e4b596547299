// SPDX-License-Identifier: MIT
// trace(n, method, first) in windows: events skip + 1 .. skip + limit of the search, six numbers
// an event (kind, row, col, by_row, by_col, same_column) in one Int32Array, and the solutions'
// placements in another. The single-threaded core cannot pause a method in the middle of its
// recursion, so each window runs the search again from the start and keeps only its own events
// (trace::Options::max_steps ends the run at the window's end); api.js doubles the windows as a
// trace goes on (up to 2^18 events), so reading N events costs about 2N steps of the search.
#include "nqueens/trace.hpp"

#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "binding.hpp"
#include "classic_method.hpp"
#include "nqueens/classic.hpp"
#include "numbers.hpp"

namespace nqweb {

namespace {

val window(const std::string& n_text, const std::string& method_name, bool first, double skip,
           double limit) {
  return guarded([&] {
    const int n = nqcli::parse_board_size(n_text, nq::classic::kMaxN, "trace");
    const nq::classic::Method method = nqcli::traced_method(method_name);
    const auto from = static_cast<std::uint64_t>(skip);
    std::vector<std::int32_t> events;
    std::vector<std::uint8_t> placements;
    const nq::trace::Summary s = nq::trace::run(
        {.n = n,
         .method = method,
         .first = first,
         .max_steps = from + static_cast<std::uint64_t>(limit)},
        [&](const nq::trace::Event& e) {
          if (e.step <= from) return;
          events.insert(events.end(), {static_cast<std::int32_t>(e.kind), e.row, e.col, e.by_row,
                                       e.by_col, e.same_column ? 1 : 0});
          for (int c : e.placement) placements.push_back(static_cast<std::uint8_t>(c));
        });
    val d = val::object();
    d.set("events", copy_to_js(std::span<const std::int32_t>(events)));
    d.set("placements", copy_to_js(std::span<const std::uint8_t>(placements)));
    d.set("ended", !s.cut);  // the search has no events after these
    return d;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_trace) { emscripten::function("traceWindow", &window); }

}  // namespace nqweb
