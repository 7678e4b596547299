// SPDX-License-Identifier: MIT
// trace(n, method, first, max_steps, seed): the search's events as a lazy stream, in chunks, from
// a search that runs on its own thread (from the first chunk asked for) and waits while the
// consumer is behind; the trace page of the same trace (tracepage/, the command line's own
// writer); the listings and the names of the traced methods (all the library's: nq::trace).
#include "nqueens/trace.hpp"

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "stream.hpp"
#include "trace_page.hpp"

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

// The trace's options from Python's arguments, checked as the command line checks them.
nq::trace::Options options_of(py::handle n, const std::string& method, bool first,
                              py::handle max_steps, py::handle seed) {
  nq::trace::Options options;
  options.n = board_size(n, nq::classic::kMaxN, "trace");
  options.method = nq::trace::method_named(method);
  options.first = first;
  if (!max_steps.is_none()) {
    options.max_steps = whole_number(max_steps, "max_steps", 1, ~std::uint64_t{0}, "trace");
  }
  options.seed = whole_number(seed, "seed", 0, ~std::uint64_t{0}, "trace");
  if (options.method == nq::trace::Method::random && (options.n == 2 || options.n == 3)) {
    nq::trace::run(options, [](const nq::trace::Event&) {});  // raises its message
  }
  return options;
}

// The search starts at the first next(), so a trace that is only shown (its page) runs no thread.
class Events {
 public:
  explicit Events(const nq::trace::Options& options) : options_(options) {}

  py::list next() {
    if (closed_) throw py::stop_iteration();
    if (!stream_) stream_.emplace(produce(options_), 8);
    std::optional<std::vector<nq::trace::Event>> chunk = stream_->next();
    if (!chunk) throw py::stop_iteration();
    py::list events;
    for (const nq::trace::Event& e : *chunk) {
      events.append(py::make_tuple(e.step, std::string(to_string(e.kind)), e.code_line, e.row,
                                   e.col, e.by_row, e.by_col, std::string(to_string(e.along)),
                                   ints(e.board), vars_of(e), e.work.placements, e.work.checks,
                                   e.work.nodes, e.number, nq::trace::sentence(e, options_.n)));
    }
    return events;
  }

  void close() {
    closed_ = true;
    if (stream_) stream_->close();
  }

 private:
  using Chunks = Stream<std::vector<nq::trace::Event>>;

  static Chunks::Produce produce(const nq::trace::Options& options) {
    return [options](std::stop_token stop, const Chunks::Push& push) {
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
    };
  }

  nq::trace::Options options_;
  std::optional<Chunks> stream_;
  bool closed_ = false;
};

}  // namespace

void bind_trace(py::module_& m) {
  py::class_<Events>(m, "TraceChunks")
      .def(py::init([](py::handle n, const std::string& method, bool first, py::handle max_steps,
                       py::handle seed) {
             return std::make_unique<Events>(options_of(n, method, first, max_steps, seed));
           }),
           py::arg("n"), py::arg("method") = "recursive", py::arg("first") = false,
           py::arg("max_steps") = py::none(), py::arg("seed") = 1)
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &Events::next)
      .def("close", &Events::close);
  // The page of `nqueens trace --format html` for the same trace, written by the same code.
  m.def(
      "trace_page",
      [](py::handle n, const std::string& method, bool first, py::handle max_steps, py::handle seed,
         bool embedded) {
        const nq::trace::Options options = options_of(n, method, first, max_steps, seed);
        return run_interruptible([&](std::stop_token stop) {
          nq::trace::Options run = options;
          run.stop = stop;
          const nqpage::TracePage page = nqpage::record_trace_page(run);
          std::ostringstream out;
          nqpage::write_trace_page(out, page,
                                   embedded ? nqpage::Layout::embedded : nqpage::Layout::page);
          return out.str();
        });
      },
      py::arg("n"), py::arg("method") = "recursive", py::arg("first") = false,
      py::arg("max_steps") = py::none(), py::arg("seed") = 1, py::arg("embedded") = false);
  m.attr("TRACE_PAGE_STEPS") = nqpage::kPageSteps;
  m.def("trace_methods", [] {
    py::list names;
    for (nq::trace::Method method : nq::trace::kAllMethods) names.append(to_string(method));
    return names;
  });
  m.def(
      "trace_listing",
      [](const std::string& name, py::handle n) {
        const nq::trace::Listing& l = nq::trace::listing(
            nq::trace::method_named(name), board_size(n, nq::classic::kMaxN, "trace"));
        py::list lines;
        for (std::string_view line : l.lines) lines.append(py::str(line.data(), line.size()));
        py::dict kinds;
        for (const nq::trace::KindLine& k : l.kinds) kinds[py::str(to_string(k.kind))] = k.line;
        return py::make_tuple(lines, kinds);
      },
      py::arg("method"), py::arg("n"));
}

}  // namespace nqpy
