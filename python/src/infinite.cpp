// SPDX-License-Identifier: MIT
// infinite(k): the first k columns of the quintal queens placement, as `nqueens infinite K`.
#include "nqueens/infinite.hpp"

#include <vector>

#include "bindings.hpp"
#include "limits.hpp"
#include "memory.hpp"

namespace nqpy {

namespace {

py::array_t<std::uint32_t> infinite(py::handle k_given) {
  const std::uint64_t k = whole_number(k_given, "K", 1, nqcli::kMaxInfiniteTerms, "infinite");
  nqcli::require_memory(k * sizeof(nq::Column), "the first " + std::to_string(k) + " columns");
  std::vector<nq::Column> columns(static_cast<std::size_t>(k));
  {
    py::gil_scoped_release release;
    nq::QuintalSequence sequence;
    for (nq::Column& c : columns) {
      c = static_cast<nq::Column>(sequence.column());
      sequence.next();
    }
  }
  return to_array(std::move(columns));
}

}  // namespace

void bind_infinite(py::module_& m) { m.def("infinite", &infinite, py::arg("k")); }

}  // namespace nqpy
