// SPDX-License-Identifier: MIT
// trace(n, method, first, max_steps): the search's events as a lazy stream, in chunks, from a
// search that runs on its own thread and waits while the consumer is behind.
#include "nqueens/trace.hpp"

#include <vector>

#include "bindings.hpp"
#include "classic_method.hpp"
#include "contract.hpp"
#include "stream.hpp"

namespace nqpy {

namespace {

constexpr std::size_t kChunk = 1024;

class Events {
 public:
  Events(const nq::trace::Options& options)
      : stream_(
            [options](std::stop_token stop,
                      const Stream<std::vector<nq::trace::Event>>::Push& push) {
              nq::trace::Options run = options;
              run.stop = stop;
              std::vector<nq::trace::Event> chunk;
              bool open = true;
              nq::trace::run(run, [&](const nq::trace::Event& e) {
                if (!open) return;
                chunk.push_back(e);
                if (chunk.size() == kChunk) {
                  open = push(std::move(chunk));
                  chunk.clear();
                }
              });
              if (open && !chunk.empty()) push(std::move(chunk));
            },
            8) {}

  py::list next() {
    std::optional<std::vector<nq::trace::Event>> chunk = stream_.next();
    if (!chunk) throw py::stop_iteration();
    py::list events;
    for (const nq::trace::Event& e : *chunk) {
      py::object placement = py::none();
      if (e.kind == nq::trace::Kind::solution) {
        py::tuple columns(e.placement.size());
        for (std::size_t i = 0; i < e.placement.size(); ++i) columns[i] = e.placement[i];
        placement = columns;
      }
      events.append(py::make_tuple(e.step, std::string(nq::trace::to_string(e.kind)), e.row, e.col,
                                   e.by_row, e.by_col, e.same_column, placement, e.solution));
    }
    return events;
  }

  void close() { stream_.close(); }

 private:
  Stream<std::vector<nq::trace::Event>> stream_;
};

}  // namespace

void bind_trace(py::module_& m) {
  py::class_<Events>(m, "TraceChunks")
      .def(py::init([](py::handle n, const std::string& method, bool first, py::handle max_steps) {
             nq::trace::Options options;
             options.n = board_size(n, nq::classic::kMaxN, "trace");
             options.method = nqcli::traced_method(method);
             options.first = first;
             if (!max_steps.is_none()) {
               options.max_steps =
                   whole_number(max_steps, "max_steps", 1, ~std::uint64_t{0}, "trace");
             }
             return std::make_unique<Events>(options);
           }),
           py::arg("n"), py::arg("method") = "recursive", py::arg("first") = false,
           py::arg("max_steps") = py::none())
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &Events::next)
      .def("close", &Events::close);
}

}  // namespace nqpy
