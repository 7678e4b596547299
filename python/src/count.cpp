// SPDX-License-Identifier: MIT
// count(n, threads, engine): every solution and the unique ones, on all cores, checked and
// budgeted exactly as `nqueens count` does (count_job.hpp).
#include "nqueens/count.hpp"

#include "bindings.hpp"
#include "contract.hpp"
#include "count_args.hpp"
#include "count_job.hpp"
#include "interruptible.hpp"

namespace nqpy {

namespace {

py::dict count(py::handle n, py::handle threads, const std::string& engine) {
  nqcli::CountArgs args;
  args.n = int_text(n, "n");
  if (!nq::engine_from_name(engine)) {
    throw nqcli::UsageError("count: unknown engine '" + engine + "' (auto, backtrack or halves)");
  }
  args.engine = engine;
  const nqcli::CountJob job = nqcli::check_count_args(args, "count");
  const unsigned workers = thread_count(threads, "count");
  const nq::CountResult r = run_interruptible([&](std::stop_token stop) {
    return nq::count(
        {.n = job.n, .threads = workers, .engine = job.engine, .memory = job.memory, .stop = stop});
  });
  py::dict classes;
  for (int i = 0; i < 4; ++i) classes[py::int_(1 << i)] = r.classes_of_size[i];
  py::dict d;
  d["n"] = r.n;
  d["total"] = r.total;
  d["unique"] = r.unique;
  d["classes"] = classes;
  d["symmetric180"] = r.symmetric180;
  d["symmetric90"] = r.symmetric90;
  d["nodes"] = r.nodes;
  d["seconds"] = r.seconds;
  d["engine"] = nq::engine_name(r.engine);
  d["threads"] = r.threads;
  d["subproblems"] = r.subproblems;
  return d;
}

}  // namespace

void bind_count(py::module_& m) {
  m.def("count", &count, py::arg("n"), py::arg("threads") = py::none(), py::arg("engine") = "auto");
  m.def("known_count", [](int n) -> py::object {
    const auto known = nq::known_count(n);
    if (!known) return py::none();
    return py::make_tuple(known->total, known->unique);
  });
}

}  // namespace nqpy
