// SPDX-License-Identifier: MIT
#include <memory>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nqpy {

namespace {

// A Python int (or anything with __index__, such as a NumPy integer); TypeError for anything
// else, bool included.
py::object int_of(py::handle value, std::string_view name) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr())) {
    throw py::type_error(std::string(name) + " must be an int, not " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  return index;
}

}  // namespace

std::uint64_t whole_number(py::handle value, std::string_view name, std::uint64_t min,
                           std::uint64_t max, std::string_view job) {
  const py::object index = int_of(value, name);
  const int negative = PyObject_RichCompareBool(index.ptr(), py::int_(0).ptr(), Py_LT);
  if (negative < 0) throw py::error_already_set();
  const std::string shown = py::str(index);
  if (negative) throw nq::not_a_whole_number(name, shown, min > 0);
  const unsigned long long v = PyLong_AsUnsignedLongLong(index.ptr());
  if (PyErr_Occurred()) {  // past 64 bits
    PyErr_Clear();
    throw nq::too_large(name, shown, max, job);
  }
  return nq::check_whole_number(v, name, min, max, job);
}

int board_size(py::handle n, int max, std::string_view job) {
  int_of(n, "n");  // the TypeError names the argument as Python calls it
  return static_cast<int>(whole_number(n, "N", 1, static_cast<std::uint64_t>(max), job));
}

unsigned thread_count(py::handle threads, std::string_view job) {
  if (threads.is_none()) return 0;
  return static_cast<unsigned>(whole_number(threads, "threads", 1, 1024, job));
}

nq::Placement to_placement(py::handle columns) {
  if (py::isinstance<py::str>(columns) || py::isinstance<py::bytes>(columns)) {
    throw py::type_error("a placement is a sequence of 0-based column numbers, not a string");
  }
  std::vector<std::int64_t> given;
  if (py::isinstance<py::array>(columns)) {
    const auto array = py::reinterpret_borrow<py::array>(columns);
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u') {
      throw py::type_error("a placement array must hold integers, not dtype " +
                           std::string(py::str(array.dtype())));
    }
    if (array.ndim() != 1) throw py::value_error("a placement array must be one-dimensional");
    const auto as_int = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>(array);
    given.assign(as_int.data(), as_int.data() + as_int.size());
  } else {
    for (py::handle item : py::iter(columns)) {
      // Past 64 bits: the largest value, which is off any board and refused below.
      int overflow = 0;
      const long long c = PyLong_AsLongLongAndOverflow(int_of(item, "a column").ptr(), &overflow);
      given.push_back(overflow > 0 ? INT64_MAX : overflow < 0 ? INT64_MIN : c);
    }
  }
  std::vector<nq::Column> col(given.size());
  for (std::size_t row = 0; row < given.size(); ++row) {
    if (given[row] < 0 || static_cast<std::uint64_t>(given[row]) >= given.size()) {
      throw py::value_error("placement: column " + std::to_string(given[row]) + " of row " +
                            std::to_string(row) + " is outside a board of size " +
                            std::to_string(given.size()) + " (columns are 0-based)");
    }
    col[row] = static_cast<nq::Column>(given[row]);
  }
  return nq::Placement(std::move(col));
}

namespace {

template <class T, class Owner>
py::array_t<T> owned_array(std::unique_ptr<Owner> owner, const T* data,
                           std::vector<py::ssize_t> shape) {
  const py::capsule keep(owner.get(), [](void* p) { delete static_cast<Owner*>(p); });
  owner.release();
  return py::array_t<T>(std::move(shape), data, keep);
}

}  // namespace

py::array_t<std::uint32_t> to_array(nq::Placement&& placement) {
  auto owner = std::make_unique<nq::Placement>(std::move(placement));
  const auto n = static_cast<py::ssize_t>(owner->size());
  const std::uint32_t* data = owner->columns().data();
  return owned_array(std::move(owner), data, {n});
}

py::array_t<std::uint32_t> to_array(std::vector<nq::Column>&& columns) {
  auto owner = std::make_unique<std::vector<nq::Column>>(std::move(columns));
  const auto n = static_cast<py::ssize_t>(owner->size());
  const nq::Column* data = owner->data();
  return owned_array(std::move(owner), data, {n});
}

py::array_t<std::uint8_t> to_array(std::vector<std::uint8_t>&& bytes, std::size_t n) {
  auto owner = std::make_unique<std::vector<std::uint8_t>>(std::move(bytes));
  const auto rows = static_cast<py::ssize_t>(n == 0 ? 0 : owner->size() / n);
  const std::uint8_t* data = owner->data();
  return owned_array(std::move(owner), data, {rows, static_cast<py::ssize_t>(n)});
}

}  // namespace nqpy
