// SPDX-License-Identifier: MIT
// classic(n, method, mode) and compare(n, methods, budget, first): the textbook methods with their
// work counters, one at a time, or side by side with local search and first under a time budget
// (as `nqueens compare`; first: the nine stop at their first solution, as `--first`);
// compareMethods(): what compare runs.
#include "nqueens/classic.hpp"

#include <emscripten/bind.h>

#include <chrono>
#include <string>
#include <vector>

#include "binding.hpp"
#include "nqueens/compare.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqweb {

namespace {

namespace classic = nq::classic;

void set_counters(val& d, const classic::Counters& k) {
  d.set("placements", static_cast<double>(k.placements));
  d.set("checks", static_cast<double>(k.checks));
  d.set("nodes", static_cast<double>(k.nodes));
}

val run(double n_given, const std::string& method_name, const std::string& mode) {
  return guarded([&] {
    const int n = board_size(n_given, classic::kMaxN, "classic");
    const classic::Method method = classic::method_named(method_name);
    const classic::Mode chosen = classic::mode_named(mode);
    const auto start = std::chrono::steady_clock::now();
    const classic::Result r = classic::run(method, {.n = n, .mode = chosen});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<std::uint8_t> bytes;
    for (const nq::Placement& p : r.solutions) {
      for (nq::Column c : p.columns()) bytes.push_back(static_cast<std::uint8_t>(c));
    }
    val d = val::object();
    d.set("method", std::string(classic::to_string(method)));
    d.set("n", n);
    d.set("count", static_cast<double>(r.count));
    d.set("solutions", copy_to_js(std::span<const std::uint8_t>(bytes)));
    set_counters(d, r.counters);
    d.set("seconds", seconds);
    return d;
  });
}

// methods: the names joined by commas; "" for all of them.
val compare(double n, const std::string& methods, double budget, bool first) {
  return guarded([&] {
    classic::CompareOptions options;
    options.n = board_size(n, classic::kMaxN, "compare");
    options.mode = first ? classic::Mode::first : classic::Mode::count;
    options.budget_seconds = budget;
    for (std::size_t at = 0; at < methods.size();) {
      const std::size_t comma = std::min(methods.find(',', at), methods.size());
      options.methods.push_back(classic::compare_method_named(methods.substr(at, comma - at)));
      at = comma + 1;
    }
    if (!(budget > 0)) {
      throw nq::InvalidArgument("compare: budget must be a positive number of seconds");
    }
    const classic::CompareResult r = classic::compare(options);
    val rows = val::array();
    for (const classic::CompareRow& row : r.rows) {
      val d = val::object();
      d.set("method", std::string(nq::trace::to_string(row.method)));
      d.set("mode", std::string(classic::to_string(row.mode)));
      d.set("ran", row.ran);
      d.set("finished", row.finished);
      if (row.ran) {
        d.set("solutions", static_cast<double>(row.solutions));
        set_counters(d, row.counters);
        d.set("seconds", row.seconds);
        d.set("repeats", static_cast<double>(row.repeats));
      } else {
        for (const char* key :
             {"solutions", "placements", "checks", "nodes", "seconds", "repeats"}) {
          d.set(key, val::null());
        }
      }
      d.set("skipped", row.skipped.empty() ? val::null() : val(row.skipped));
      rows.call<void>("push", d);
    }
    return rows;
  });
}

val compare_methods() {
  val names = val::array();
  for (nq::trace::Method method : classic::kCompareMethods) {
    names.call<void>("push", std::string(nq::trace::to_string(method)));
  }
  return names;
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_classic) {
  emscripten::function("classic", &run);
  emscripten::function("compare", &compare);
  emscripten::function("compareMethods", &compare_methods);
}

}  // namespace nqweb
