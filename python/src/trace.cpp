// SPDX-License-Identifier: MIT
// trace(n, method, first, max_steps, seed): the search's events as a lazy stream, in chunks, from
// a search that runs on its own thread and waits while the consumer is behind; the listings and
// the names of the traced methods (all the library's: nq::trace).
#include "nqueens/trace.hpp"

#include <vector>

#include "bindings.hpp"
#include "stream.hpp"

namespace nqpy {

namespace {

constexpr std::size_t kChunk = 1024;

py::tuple ints(const std::vector<int>& values) {
  py::tuple out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  return out;
}

// The listing's variables: ints, tuples of ints, bit masks as text ("0b0110"), None for null.
py::dict vars_of(const nq::trace::Event& e) {
  using Shape = nq::trace::Variable::Shape;
  py::dict vars;
  for (const nq::trace::Variable& v : e.vars) {
    const py::str name(v.name.data(), v.name.size());
    switch (v.shape) {
      case Shape::number: vars[name] = v.number; break;
      case Shape::array: vars[name] = ints(v.array); break;
      case Shape::bits: vars[name] = to_string(v, static_cast<int>(e.board.size())); break;
      default: vars[name] = py::none(); break;
    }
  }
  return vars;
}

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
      events.append(py::make_tuple(e.step, std::string(to_string(e.kind)), e.code_line, e.row,
                                   e.col, e.by_row, e.by_col, std::string(to_string(e.along)),
                                   ints(e.board), vars_of(e), e.work.placements, e.work.checks,
                                   e.work.nodes, e.number));
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
      .def(
          py::init([](py::handle n, const std::string& method, bool first, py::handle max_steps,
                      py::handle seed) {
            nq::trace::Options options;
            options.n = board_size(n, nq::classic::kMaxN, "trace");
            options.method = nq::trace::method_named(method);
            options.first = first;
            if (!max_steps.is_none()) {
              options.max_steps =
                  whole_number(max_steps, "max_steps", 1, ~std::uint64_t{0}, "trace");
            }
            options.seed = whole_number(seed, "seed", 0, ~std::uint64_t{0}, "trace");
            if (options.method == nq::trace::Method::random && (options.n == 2 || options.n == 3)) {
              nq::trace::run(options, [](const nq::trace::Event&) {});  // raises its message
            }
            return std::make_unique<Events>(options);
          }),
          py::arg("n"), py::arg("method") = "recursive", py::arg("first") = false,
          py::arg("max_steps") = py::none(), py::arg("seed") = 1)
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &Events::next)
      .def("close", &Events::close);
  m.def("trace_methods", [] {
    py::list names;
    for (nq::trace::Method method : nq::trace::kAllMethods) names.append(to_string(method));
    return names;
  });
  m.def("trace_listing", [](const std::string& name, py::handle n) {
    const nq::trace::Listing& l = nq::trace::listing(nq::trace::method_named(name),
                                                     board_size(n, nq::classic::kMaxN, "trace"));
    py::list lines;
    for (std::string_view line : l.lines) lines.append(py::str(line.data(), line.size()));
    py::dict kinds;
    for (const nq::trace::KindLine& k : l.kinds) kinds[py::str(to_string(k.kind))] = k.line;
    return py::make_tuple(lines, kinds);
  });
}

}  // namespace nqpy
