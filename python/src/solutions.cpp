// SPDX-License-Identifier: MIT
// The solutions of n in lexicographic order, all or one per symmetry class: as a lazy stream of
// batches (a (k, n) uint8 array and, for unique, the stabilizer bits of each) that the package
// turns into Boards, or all at once as one NumPy array.
#include <limits>
#include <vector>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "nqueens/enumerate.hpp"
#include "stream.hpp"

namespace nqpy {

namespace {

struct Batch {
  std::vector<std::uint8_t> columns;
  std::vector<std::uint8_t> stabilizers;
};

// One batch at a time from enumerate(), which runs on the stream's thread.
class Batches {
 public:
  Batches(int n, bool unique, unsigned threads)
      : n_(n),
        stream_(
            [n, unique, threads](std::stop_token stop, const Stream<Batch>::Push& push) {
              nq::enumerate({.n = n, .unique = unique, .threads = threads, .stop = stop},
                            [&push](const nq::SolutionBatch& b) {
                              return push({{b.columns.begin(), b.columns.end()},
                                           {b.stabilizers.begin(), b.stabilizers.end()}});
                            });
            },
            4) {}

  py::tuple next() {
    std::optional<Batch> batch = stream_.next();
    if (!batch) throw py::stop_iteration();
    py::object stabilizers = py::none();
    if (!batch->stabilizers.empty()) {
      const std::size_t k = batch->stabilizers.size();
      stabilizers = to_array(std::move(batch->stabilizers), 1).attr("reshape")(k);
    }
    return py::make_tuple(to_array(std::move(batch->columns), static_cast<std::size_t>(n_)),
                          stabilizers);
  }

  void close() { stream_.close(); }

 private:
  int n_;
  Stream<Batch> stream_;
};

std::uint64_t optional_limit(py::handle limit) {
  if (limit.is_none()) return std::numeric_limits<std::uint64_t>::max();
  return whole_number(limit, "limit", 0, std::numeric_limits<std::uint64_t>::max(), "solutions");
}

py::array_t<std::uint8_t> solutions_array(py::handle n_given, bool unique, py::handle skip_given,
                                          py::handle limit_given, py::handle threads) {
  const int n = board_size(n_given, nq::kMaxEnumerateN, "solutions_array");
  const std::uint64_t skip =
      whole_number(skip_given, "skip", 0, std::numeric_limits<std::uint64_t>::max(), "solutions");
  const std::uint64_t limit = optional_limit(limit_given);
  const unsigned workers = thread_count(threads, "solutions_array");
  std::vector<std::uint8_t> all = run_interruptible([&](std::stop_token stop) {
    std::vector<std::uint8_t> bytes;
    std::uint64_t to_skip = skip;
    std::uint64_t kept = 0;
    if (limit == 0) return bytes;
    nq::enumerate({.n = n, .unique = unique, .threads = workers, .stop = stop},
                  [&](const nq::SolutionBatch& b) {
                    std::size_t first = 0;
                    if (to_skip >= b.count) {
                      to_skip -= b.count;
                      return true;
                    }
                    first = static_cast<std::size_t>(to_skip);
                    to_skip = 0;
                    const std::uint64_t take =
                        std::min<std::uint64_t>(b.count - first, limit - kept);
                    const auto from = b.columns.begin() + static_cast<std::ptrdiff_t>(first * b.n);
                    bytes.insert(bytes.end(), from, from + static_cast<std::ptrdiff_t>(take * b.n));
                    kept += take;
                    return kept < limit;
                  });
    return bytes;
  });
  return to_array(std::move(all), static_cast<std::size_t>(n));
}

}  // namespace

void bind_solutions(py::module_& m) {
  py::class_<Batches>(m, "SolutionBatches")
      .def(py::init([](py::handle n, bool unique, py::handle threads) {
             return std::make_unique<Batches>(board_size(n, nq::kMaxEnumerateN, "solutions"),
                                              unique, thread_count(threads, "solutions"));
           }),
           py::arg("n"), py::arg("unique") = false, py::arg("threads") = py::none())
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &Batches::next)
      .def("close", &Batches::close);
  m.def("solutions_array", &solutions_array, py::arg("n"), py::arg("unique") = false,
        py::arg("skip") = 0, py::arg("limit") = py::none(), py::arg("threads") = py::none());
}

}  // namespace nqpy
