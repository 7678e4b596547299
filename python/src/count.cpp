// SPDX-License-Identifier: MIT
// count(n, threads, engine): every solution and the unique ones, on all cores, checked and
// budgeted as `nqueens count` does (the library's check_count, default_memory_budget), its
// fields the library's count_fields.
#include "nqueens/count.hpp"

#include <variant>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "nqueens/count_fields.hpp"
#include "nqueens/memory.hpp"

namespace nqpy {

namespace {

py::object to_python(const nq::CountFieldValue& value) {
  return std::visit(
      nq::Overloaded{[](std::monostate) -> py::object { return py::none(); },
                     [](std::string_view text) -> py::object { return py::str(text); },
                     [](const nq::ClassSizes& c) -> py::object {
                       py::dict classes;
                       for (int i = 0; i < 4; ++i) classes[py::int_(1 << i)] = c[i];
                       return classes;
                     },
                     [](auto plain) -> py::object { return py::cast(plain); }},
      value);
}

py::dict count(py::handle n, py::handle threads, const std::string& engine) {
  const nq::CountEngine chosen = nq::engine_named(engine);
  const nq::CountOptions options{.n = board_size(n, nq::kMaxCountN, "count"),
                                 .threads = thread_count(threads, "count"),
                                 .engine = chosen,
                                 .memory = nq::default_memory_budget()};
  nq::check_count(options);
  const nq::CountResult r = run_interruptible([&](std::stop_token stop) {
    nq::CountOptions stoppable = options;
    stoppable.stop = stop;
    return nq::count(stoppable);
  });
  py::dict d;
  for (const nq::CountField& f : nq::count_fields(r)) d[py::str(f.name)] = to_python(f.value);
  return d;
}

}  // namespace

void bind_count(py::module_& m) {
  m.def("count", &count, py::arg("n"), py::arg("threads") = py::none(), py::arg("engine") = "auto");
  m.def(
      "known_count",
      [](int n) -> py::object {
        const auto known = nq::known_count(n);
        if (!known) return py::none();
        return py::make_tuple(known->total, known->unique);
      },
      py::arg("n"));
}

}  // namespace nqpy
