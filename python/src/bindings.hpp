// SPDX-License-Identifier: MIT
// The pieces every binding file of the Python module uses: Python numbers checked by the
// library's checks (so a bad argument raises ValueError with the message that `nqueens` prints),
// placements to and from NumPy, and one bind_* function per file.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/placement.hpp"

namespace nqpy {

namespace py = pybind11;

// A Python int (or anything with __index__, such as a NumPy integer) checked by the library's
// checks of whole numbers (nqueens/invalid_argument.hpp), whose InvalidArgument becomes
// ValueError with the words `nqueens` prints; TypeError for anything else (bool included).
int board_size(py::handle n, int max, std::string_view job);
std::uint64_t whole_number(py::handle value, std::string_view name, std::uint64_t min,
                           std::uint64_t max, std::string_view job);
unsigned thread_count(py::handle threads, std::string_view job);  // None: 0, all cores

// A placement from a list, tuple or NumPy array of 0-based columns. ValueError for a column that
// is negative or off the board, TypeError for anything that is not a sequence of integers.
nq::Placement to_placement(py::handle columns);

// The columns as a NumPy uint32 array that takes over the placement's memory (no copy).
py::array_t<std::uint32_t> to_array(nq::Placement&& placement);

// The columns as a NumPy uint32 array that takes over the vector (no copy).
py::array_t<std::uint32_t> to_array(std::vector<nq::Column>&& columns);

// A (rows, n) uint8 array over `bytes` (row-major), which it takes over.
py::array_t<std::uint8_t> to_array(std::vector<std::uint8_t>&& bytes, std::size_t n);

void bind_count(py::module_& m);
void bind_solutions(py::module_& m);
void bind_solve(py::module_& m);
void bind_board(py::module_& m);
void bind_trace(py::module_& m);
void bind_complete(py::module_& m);
void bind_classic(py::module_& m);
void bind_infinite(py::module_& m);

}  // namespace nqpy
