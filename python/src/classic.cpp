// SPDX-License-Identifier: MIT
// classic(n, method, mode) and compare(n, methods, budget, first): the textbook methods with their
// work counters, one at a time or side by side with local search and first (classic::compare, as
// `nqueens compare`; first: the nine stop at their first solution, as `--first`).
#include "nqueens/classic.hpp"

#include <chrono>
#include <string>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "nqueens/compare.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqpy {

namespace {

namespace classic = nq::classic;

py::dict counters(const classic::Counters& k) {
  py::dict d;
  d["placements"] = k.placements;
  d["checks"] = k.checks;
  d["nodes"] = k.nodes;
  return d;
}

py::dict run_classic(py::handle n_given, const std::string& method_name, const std::string& mode) {
  const int n = board_size(n_given, classic::kMaxN, "classic");
  const classic::Method method = classic::method_named(method_name);
  const classic::Mode chosen = classic::mode_named(mode);
  double seconds = 0;
  classic::Result r = run_interruptible([&](std::stop_token stop) {
    const auto start = std::chrono::steady_clock::now();
    classic::Result result = classic::run(method, {.n = n, .mode = chosen, .stop = stop});
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  });
  std::vector<std::uint8_t> bytes;
  for (const nq::Placement& p : r.solutions) {
    for (nq::Column c : p.columns()) bytes.push_back(static_cast<std::uint8_t>(c));
  }
  py::dict d = counters(r.counters);
  d["method"] = std::string(classic::to_string(method));
  d["n"] = n;
  d["count"] = r.count;
  d["solutions"] = to_array(std::move(bytes), static_cast<std::size_t>(n));
  d["seconds"] = seconds;
  return d;
}

py::list run_compare(py::handle n_given, py::handle methods, double budget, bool first) {
  const int n = board_size(n_given, classic::kMaxN, "compare");
  classic::CompareOptions options;
  options.n = n;
  options.mode = first ? classic::Mode::first : classic::Mode::count;
  options.budget_seconds = budget;
  if (!methods.is_none()) {
    for (py::handle name : py::iter(methods))
      options.methods.push_back(classic::compare_method_named(py::cast<std::string>(name)));
  }
  if (!(budget > 0))
    throw nq::InvalidArgument("compare: budget must be a positive number of seconds");
  const classic::CompareResult r = run_interruptible([&](std::stop_token stop) {
    options.stop = stop;
    return classic::compare(options);
  });
  py::list rows;
  for (const classic::CompareRow& row : r.rows) {
    py::dict d;
    d["method"] = std::string(nq::trace::to_string(row.method));
    d["mode"] = std::string(classic::to_string(row.mode));
    d["ran"] = row.ran;
    d["finished"] = row.finished;
    d["solutions"] = row.ran ? py::object(py::int_(row.solutions)) : py::none();
    for (auto [key, value] : counters(row.counters)) {
      d[key] = row.ran ? py::reinterpret_borrow<py::object>(value) : py::none();
    }
    d["seconds"] = row.ran ? py::object(py::float_(row.seconds)) : py::none();
    d["repeats"] = row.ran ? py::object(py::int_(row.repeats)) : py::none();
    d["skipped"] = row.skipped.empty() ? py::none() : py::object(py::str(row.skipped));
    rows.append(d);
  }
  return rows;
}

}  // namespace

void bind_classic(py::module_& m) {
  m.def("classic", &run_classic, py::arg("n"), py::arg("method"), py::arg("mode") = "all");
  m.def("compare", &run_compare, py::arg("n"), py::arg("methods") = py::none(),
        py::arg("budget") = 10.0, py::arg("first") = false);
  m.def("classic_methods", [] {
    py::list names;
    for (classic::Method method : classic::kAllMethods) {
      names.append(std::string(classic::to_string(method)));
    }
    return names;
  });
  m.def("compare_methods", [] {
    py::list names;
    for (nq::trace::Method method : classic::kCompareMethods) {
      names.append(std::string(nq::trace::to_string(method)));
    }
    return names;
  });
}

}  // namespace nqpy
