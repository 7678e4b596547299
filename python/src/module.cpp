// SPDX-License-Identifier: MIT
// nqueens._core: the library for Python. The package nqueens (python/nqueens/__init__.py) puts
// a Pythonic face on these functions; this layer converts and checks arguments, releases the
// GIL around the searches and makes them stoppable with Ctrl-C.
#include "bindings.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/registry.hpp"
#include "nqueens/version.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m) {
  m.doc() = "The nqueens C++ library; use the nqueens package rather than this module.";
  m.attr("__version__") = nq::kVersion;
  // What the surfaces name (include/nqueens/registry.hpp), as JSON: nqueens.REGISTRY.
  m.attr("REGISTRY_JSON") = nq::registry::to_json();
  // Bad input, in the library's words (the ones the command line prints): ValueError.
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const nq::InvalidArgument& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  nqpy::bind_count(m);
  nqpy::bind_solutions(m);
  nqpy::bind_solve(m);
  nqpy::bind_board(m);
  nqpy::bind_trace(m);
  nqpy::bind_complete(m);
  nqpy::bind_classic(m);
  nqpy::bind_infinite(m);
}
