// SPDX-License-Identifier: MIT
// infinite(k): the first k columns of the quintal queens placement, as `nqueens infinite K`.
#include "nqueens/infinite.hpp"

#include <vector>

#include "bindings.hpp"

namespace nqpy {

namespace {

py::array_t<std::uint32_t> infinite(py::handle k_given) {
  const std::uint64_t k = whole_number(k_given, "K", 1, nq::kMaxInfiniteTerms, "infinite");
  std::vector<std::uint32_t> columns = [k] {
    py::gil_scoped_release release;
    return nq::quintal_columns(k);
  }();
  return to_array(std::move(columns));
}

}  // namespace

void bind_infinite(py::module_& m) { m.def("infinite", &infinite, py::arg("k")); }

}  // namespace nqpy
