// SPDX-License-Identifier: MIT
// trace(n, method, first, seed) in windows: the events of steps skip + 1 .. skip + limit of the
// search (of the kinds asked for), packed as typed arrays: eight numbers an event (kind, line,
// row, col, by_row, by_col, along, n) in an Int32Array, five (step, number, placements, checks,
// nodes) in a Float64Array, the boards in an Int8Array, and the variables as one string (an event
// a line, "name=text" pairs between tabs). The single-threaded core cannot pause a method in the
// middle of its recursion, so each window runs the search again from the start and builds only
// its own events (trace::Options::skip and max_steps); api.js doubles the windows as a trace goes
// on, so reading N events costs about 2N steps of the search. Also the listings (for a board size:
// nested's loops are written out for it), the names and the sizes of whole traces.
#include "nqueens/trace.hpp"

#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "binding.hpp"
#include "nqueens/classic.hpp"

namespace nqweb {

namespace {

val window(double n_given, const std::string& method_name, bool first, double seed_given,
           double skip, double limit, double kinds) {
  return guarded([&] {
    const nq::trace::Method method = nq::trace::method_named(method_name);
    const int n = board_size(n_given, nq::classic::kMaxN, "trace");
    const std::uint64_t seed = whole_number(seed_given, "seed", 0, ~0ull, "trace");
    const auto from = static_cast<std::uint64_t>(skip);
    std::vector<double> values;  // kEventFields.size() an event (include/nqueens/trace.hpp)
    std::vector<std::int8_t> boards;
    std::string vars;
    const nq::trace::Summary s =
        nq::trace::run({.n = n,
                        .method = method,
                        .first = first,
                        .max_steps = from + static_cast<std::uint64_t>(limit),
                        .skip = from,
                        .kinds = static_cast<nq::trace::KindSet>(kinds),
                        .seed = seed},
                       [&](const nq::trace::Event& e) {
                         const auto v = nq::trace::event_values(e);
                         values.insert(values.end(), v.begin(), v.end());
                         for (int c : e.board) boards.push_back(static_cast<std::int8_t>(c));
                         (vars += nq::trace::event_vars(e, n)) += '\n';
                       });
    val d = val::object();
    d.set("values", copy_to_js(std::span<const double>(values)));
    d.set("boards", copy_to_js(std::span<const std::int8_t>(boards)));
    d.set("vars", vars);
    d.set("ended", !s.cut);  // the search has no events after these
    return d;
  });
}

val listing(const std::string& method_name, double n_given) {
  return guarded([&] {
    const nq::trace::Method method = nq::trace::method_named(method_name);
    const int n = board_size(n_given, nq::classic::kMaxN, "trace");
    const nq::trace::Listing& l = nq::trace::listing(method, n);
    val lines = val::array();
    for (std::string_view line : l.lines) lines.call<void>("push", std::string(line));
    val kinds = val::object();
    for (const nq::trace::KindLine& k : l.kinds) kinds.set(std::string(to_string(k.kind)), k.line);
    val d = val::object();
    d.set("lines", lines);
    d.set("kinds", kinds);
    return d;
  });
}

val estimate(double n_given, const std::string& method_name) {
  return guarded([&] {
    const nq::trace::Method method = nq::trace::method_named(method_name);
    const int n = board_size(n_given, nq::classic::kMaxN, "trace");
    return val(nq::trace::estimated_events(method, n));
  });
}

val names_of_methods() {
  val names = val::array();
  for (nq::trace::Method m : nq::trace::kAllMethods) {
    names.call<void>("push", std::string(to_string(m)));
  }
  return names;
}

val names_of_kinds() {
  val names = val::array();
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    names.call<void>("push", std::string(to_string(static_cast<nq::trace::Kind>(k))));
  }
  return names;
}

// The names of a window's values, in order (nq::trace::kEventFields).
val names_of_fields() {
  val names = val::array();
  for (std::string_view name : nq::trace::kEventFields) names.call<void>("push", std::string(name));
  return names;
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_trace) {
  emscripten::function("traceWindow", &window);
  emscripten::function("traceListing", &listing);
  emscripten::function("traceEstimate", &estimate);
  emscripten::function("traceMethods", &names_of_methods);
  emscripten::function("traceKinds", &names_of_kinds);
  emscripten::function("traceFields", &names_of_fields);
}

}  // namespace nqweb
