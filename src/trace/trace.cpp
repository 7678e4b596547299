// SPDX-License-Identifier: MIT
// nq::trace: the names, the checks of a request, and the recorder every method tells its events
// to (src/tracer.hpp). The recorder numbers each event, counts it by kind, and lets the method
// fill it in only when it is to be told; the classic methods run with it as they are
// (src/classic/methods.hpp), random and first through their own files (random.cpp, first.cpp).
#include "nqueens/trace.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "classic/methods.hpp"
#include "trace/methods.hpp"
#include "tracer.hpp"

namespace nq::trace {

namespace {

class Recorder final : public detail::Tracer {
 public:
  Recorder(const Options& options, const std::function<void(const Event&)>& on_event)
      : options_(options), on_event_(on_event) {}

  Event* begin(Kind kind, const classic::Counters& work) override {
    if (summary_.cut) return nullptr;
    if (options_.max_steps && summary_.steps == options_.max_steps) {
      summary_.cut = true;
      return nullptr;
    }
    ++summary_.steps;
    ++summary_.of_kind[static_cast<std::size_t>(kind)];
    if (kind == Kind::solution) ++summary_.solutions;
    summary_.work = work;  // so that a cut trace adds up
    if (summary_.steps <= options_.skip || (options_.kinds & kind_bit(kind)) == 0) return nullptr;
    event_ = Event{};
    event_.step = summary_.steps;
    event_.kind = kind;
    event_.work = work;
    if (kind == Kind::solution) event_.number = summary_.solutions;
    return &event_;
  }
  // The line, known once the method has said which row the event is about (nested's rows each
  // have their own).
  void told() override {
    event_.code_line = line_of(options_.method, event_.kind, event_.row, options_.n);
    on_event_(event_);
  }
  bool done() const override { return summary_.cut; }

  Summary& summary() { return summary_; }

 private:
  const Options& options_;
  const std::function<void(const Event&)>& on_event_;
  Event event_;
  Summary summary_;
};

std::string all_method_names() {
  std::string names;
  for (Method m : kAllMethods) {
    if (!names.empty()) names += ", ";
    names += to_string(m);
  }
  return names;
}

// The placements of whole runs for n = 1..12, from `nqueens classic N --method M --count`: the
// textbook row-by-row search (recursive, iterative, nested, board-scan and functional try the
// same squares), bitmask, and Amb (its replays make it grow faster).
constexpr double kRowPlacements[] = {1,    6,     18,    60,     220,     894,
                                     3584, 15720, 72378, 348150, 1806706, 10103868};
constexpr double kBitmaskPlacements[] = {1,   2,    5,    16,    53,     152,
                                         551, 2056, 8393, 35538, 166925, 856188};
constexpr double kAmbPlacements[] = {1,     8,     32,     144,     696,      3584,
                                     17018, 87204, 459314, 2491464, 14410196, 89173276};

// Placements of the table at n, and beyond it the last growth per row, compounded.
double placements_at(const double (&table)[12], int n) {
  if (n <= 12) return table[n - 1];
  return table[11] * std::pow(table[11] / table[10], n - 12);
}

}  // namespace

double estimated_events(Method method, int n) {
  // Events a placement, from the tallies of whole traces at n = 5 (a square rejected is one
  // event, one placed and later taken back two; board-scan adds its scans, bitmask its masks).
  switch (method) {
    case Method::blind: return 2 * std::pow(n, n);
    case Method::permutations: return 4 * std::tgamma(n + 1) - 2;
    case Method::bitmask: return 3.0 * placements_at(kBitmaskPlacements, n);
    case Method::amb: return 1.76 * placements_at(kAmbPlacements, n);
    case Method::board_scan: return 2.13 * placements_at(kRowPlacements, n);
    case Method::random:
    case Method::first: return 0;
    default: return 1.29 * placements_at(kRowPlacements, n);
  }
}

std::string_view to_string(Method method) {
  switch (method) {
    case Method::random: return "random";
    case Method::first: return "first";
    default: return classic::to_string(*classic_method(method));
  }
}

std::optional<Method> method_from_string(std::string_view name) {
  for (Method m : kAllMethods) {
    if (to_string(m) == name) return m;
  }
  return std::nullopt;
}

Method method_named(std::string_view name) {
  if (auto m = method_from_string(name)) return *m;
  throw std::invalid_argument("trace: unknown method '" + std::string(name) + "' (" +
                              all_method_names() + ")");
}

// The nine come first, in classic's order, so that a method's value is classic's (checked for
// every one of them).
static_assert([] {
  for (std::size_t i = 0; i < classic::kAllMethods.size(); ++i) {
    if (static_cast<int>(kAllMethods[i]) != static_cast<int>(classic::kAllMethods[i])) return false;
  }
  return true;
}());

std::optional<classic::Method> classic_method(Method method) {
  if (method == Method::random || method == Method::first) return std::nullopt;
  return static_cast<classic::Method>(static_cast<int>(method));  // the same order
}

std::array<double, kEventFields.size()> event_values(const Event& e) {
  return {static_cast<double>(e.step),        static_cast<double>(e.kind),
          static_cast<double>(e.code_line),   static_cast<double>(e.row),
          static_cast<double>(e.col),         static_cast<double>(e.by_row),
          static_cast<double>(e.by_col),      static_cast<double>(e.along),
          static_cast<double>(e.number),      static_cast<double>(e.work.placements),
          static_cast<double>(e.work.checks), static_cast<double>(e.work.nodes)};
}

std::string event_vars(const Event& e, int n) {
  std::string vars;
  for (const Variable& v : e.vars) {
    if (!vars.empty()) vars += '\t';
    (vars += v.name) += '=';
    vars += to_string(v, n);
  }
  return vars;
}

std::string_view to_string(Kind kind) { return kind_info(kind).name; }

std::optional<Kind> kind_from_string(std::string_view name) {
  for (int k = 0; k < kKinds; ++k) {
    if (kind_info(static_cast<Kind>(k)).name == name) return static_cast<Kind>(k);
  }
  return std::nullopt;
}

std::string_view to_string(Along along) {
  switch (along) {
    case Along::row: return "row";
    case Along::column: return "column";
    case Along::diagonal: return "diagonal";
    case Along::anti_diagonal: return "anti-diagonal";
    default: return "";
  }
}

std::string to_string(const Variable& v, int n) {
  switch (v.shape) {
    case Variable::Shape::none: return "null";
    case Variable::Shape::number: return std::to_string(v.number);
    case Variable::Shape::bits: {
      std::string digits = "0b";
      for (int c = n - 1; c >= 0; --c) digits += (v.number >> c) & 1 ? '1' : '0';
      return digits;
    }
    default: {
      std::string text = "[";
      for (std::size_t i = 0; i < v.array.size(); ++i) {
        if (i) text += ", ";
        text += std::to_string(v.array[i]);
      }
      return text + "]";
    }
  }
}

Summary run(const Options& options, const std::function<void(const Event&)>& on_event) {
  if (options.n < 1 || options.n > classic::kMaxN) {
    throw std::invalid_argument("trace: n must be between 1 and " + std::to_string(classic::kMaxN));
  }
  if (options.method == Method::random && (options.n == 2 || options.n == 3)) {
    throw std::invalid_argument("trace: the random method needs a board with a solution (n = " +
                                std::to_string(options.n) + " has none)");
  }
  Recorder recorder(options, on_event);
  bool complete = false;
  if (const auto classic = classic_method(options.method)) {
    const classic::Options run_options{
        .n = options.n,
        .mode = options.first ? classic::Mode::first : classic::Mode::count,
        .stop = options.stop};
    const classic::Result r = classic::detail::runner(*classic)(run_options, &recorder);
    complete = r.complete;
    if (complete && !recorder.summary().cut) recorder.summary().work = r.counters;
  } else if (options.method == Method::random) {
    complete = detail::trace_random(options, recorder);
  } else {
    complete = detail::trace_first(options, recorder);
  }
  Summary& s = recorder.summary();
  s.complete = complete && !s.cut;
  return s;
}

}  // namespace nq::trace
