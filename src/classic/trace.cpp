// SPDX-License-Identifier: MIT
// nq::trace: runs a classic method with an observer that keeps its own copy of the board. A
// square tried in row r means the method has given up every queen in rows r.. (it only ever
// moves down one row at a time), so those are taken back first, deepest first: the removes.
#include "nqueens/trace.hpp"

#include <stdexcept>
#include <string>

#include "classic/collector.hpp"

namespace nq::trace {

namespace {

class Recorder final : public classic::detail::Observer {
 public:
  Recorder(const Options& options, const std::function<void(const Event&)>& on_event)
      : options_(options), on_event_(on_event), board_(static_cast<std::size_t>(options.n), -1) {}

  void tried(const std::vector<int>&, int row, int column, int attacker_row) override {
    take_back_from(row);
    Event e;
    e.row = row;
    e.col = column;
    if (attacker_row < 0) {
      e.kind = Kind::place;
      board_[static_cast<std::size_t>(row)] = column;
    } else {
      e.kind = Kind::reject;
      e.by_row = attacker_row;
      e.by_col = board_[static_cast<std::size_t>(attacker_row)];
      e.same_column = e.by_col == column;
    }
    emit(std::move(e));
  }

  void solution(const std::vector<int>& col) override {
    Event e;
    e.kind = Kind::solution;
    e.placement = col;
    e.solution = summary_.solutions + 1;
    emit(std::move(e));
  }

  bool done() const override { return summary_.cut; }

  void take_back_from(int row) {
    for (int r = options_.n - 1; r >= row; --r) {
      int& c = board_[static_cast<std::size_t>(r)];
      if (c < 0) continue;
      Event e;
      e.kind = Kind::remove;
      e.row = r;
      e.col = c;
      c = -1;
      emit(std::move(e));
    }
  }

  Summary& summary() { return summary_; }

 private:
  void emit(Event e) {
    if (summary_.cut) return;
    if (options_.max_steps && summary_.steps == options_.max_steps) {
      summary_.cut = true;
      return;
    }
    e.step = ++summary_.steps;
    switch (e.kind) {  // the summary counts what was told, so a cut trace adds up
      case Kind::place: ++summary_.placements; break;
      case Kind::reject: ++summary_.rejects; break;
      case Kind::remove: ++summary_.backtracks; break;
      case Kind::solution: ++summary_.solutions; break;
    }
    on_event_(e);
  }

  const Options& options_;
  const std::function<void(const Event&)>& on_event_;
  std::vector<int> board_;
  Summary summary_;
};

}  // namespace

std::string_view to_string(Kind kind) {
  switch (kind) {
    case Kind::place: return "place";
    case Kind::reject: return "reject";
    case Kind::remove: return "remove";
    default: return "solution";
  }
}

bool supports(classic::Method method) {
  using classic::Method;
  return method == Method::recursive || method == Method::iterative || method == Method::nested ||
         method == Method::bitmask;
}

Summary run(const Options& options, const std::function<void(const Event&)>& on_event) {
  if (options.n < 1 || options.n > classic::kMaxN) {
    throw std::invalid_argument("trace: n must be between 1 and " + std::to_string(classic::kMaxN));
  }
  if (!supports(options.method)) {
    throw std::invalid_argument("trace: the " + std::string(classic::to_string(options.method)) +
                                " method cannot be traced (choose recursive, iterative, nested "
                                "or bitmask)");
  }
  Recorder recorder(options, on_event);
  const classic::Options run_options{
      .n = options.n,
      .mode = options.first ? classic::Mode::first : classic::Mode::count,
      .stop = options.stop};
  classic::Result r;
  switch (options.method) {
    case classic::Method::iterative: r = classic::detail::iterative(run_options, &recorder); break;
    case classic::Method::nested: r = classic::detail::nested(run_options, &recorder); break;
    case classic::Method::bitmask: r = classic::detail::bitmask(run_options, &recorder); break;
    default: r = classic::detail::recursive(run_options, &recorder); break;
  }
  Summary& s = recorder.summary();
  // The search is over: it has given up every queen still standing (not after a first
  // solution, which it stops on, nor after a cut).
  const bool stopped_at_first = options.first && s.solutions > 0;
  if (r.complete && !s.cut && !stopped_at_first) recorder.take_back_from(0);
  s.complete = r.complete && !s.cut;
  return s;
}

}  // namespace nq::trace
