// SPDX-License-Identifier: MIT
// Lexicographically first solution by probing. Row by row, the answer is the leftmost column
// after which the board can still be completed. Every completion found is kept: it extends the
// rows fixed so far, so its own column in the next row is known to work and only the free
// columns left of it need probing. A probe is an existence search (existence_search.hpp).
//
// The probes of one row are cut into pieces that the threads share, leftmost column first. A
// piece is searched until its node budget runs out; what it has not reached becomes new pieces
// (SuspendedPath), so one hard probe keeps every thread busy and nothing searched is searched
// again. Every piece refuted and every cut is reported as a step of the proof
// (nqueens/first_proof.hpp), which is also what a checkpoint keeps: resuming searches exactly the
// pieces the steps do not cover. A completion for column c cancels every piece right of c, and
// the row is settled once every column left of it is refuted. A thread that finds the leftmost
// open column's pieces all taken works ahead on the next column, in short pieces, since a
// completion on the left would throw that work away. Restarts of the random search on
// the leftmost open column, which find completions that the exhaustive order would reach late,
// take a third of the row's work, and all of it when no piece is left to take; their budgets
// follow Luby's sequence over the row's restarts on every thread. Whatever the
// timing, the answer is the same. estimate_first() walks the same rows to where a stopped run
// stands and estimates, instead of searching, what its leftmost open column has left.
#include "solve/probing.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "first_error.hpp"
#include "nqueens/verify.hpp"
#include "search/existence_search.hpp"
#include "search/residual.hpp"
#include "solve/first_cover.hpp"
#include "solve/first_tuning.hpp"
#include "solve/luby.hpp"
#include "split_mix.hpp"

namespace nq::detail {

namespace {

using Clock = std::chrono::steady_clock;

// Resumed steps are the earlier run's word for what it searched, and are trusted for that; but
// the placement a completed or settled step carries is what the answer is built on, so it must be
// a solution through the step's square and the rows settled before it, or the answer would not be
// a solution. A step that fails this cannot be a run's (a forged or corrupted checkpoint).
[[noreturn]] void not_a_run_s(const FirstStep& step, const std::string& why) {
  throw std::invalid_argument("solve: the resumed step '" + format_first_step(step) +
                              "' is not a run's: " + why);
}

// The completed and settled steps each carry a solution through their own square.
void check_resumed_completions(int n, const std::vector<FirstStep>& steps) {
  for (const FirstStep& s : steps) {
    if (s.kind != FirstStep::Kind::completed && s.kind != FirstStep::Kind::settled) continue;
    const auto& cols = s.completion;
    const bool on_board =
        s.row >= 0 && s.row < n && cols.size() == static_cast<std::size_t>(n) &&
        std::all_of(cols.begin(), cols.end(), [n](int c) { return c >= 0 && c < n; });
    if (!on_board || cols[static_cast<std::size_t>(s.row)] != s.column ||
        !is_solution(Placement(std::vector<Column>(cols.begin(), cols.end())))) {
      not_a_run_s(s, "its placement is not a solution through row " + std::to_string(s.row + 1) +
                         ", column " + std::to_string(s.column + 1));
    }
  }
}

// Whether a resumed completion keeps the rows settled before its own.
bool keeps_rows(const FirstStep& step, const std::vector<int>& prefix) {
  return std::equal(prefix.begin(), prefix.end(), step.completion.begin());
}

// What every search of a probe prunes with: the difference family's sum bound at each node and
// the diagonal moments at its root (docs/journal/first.md measures the alternatives).
ExistenceSearchOptions probe_search(ExistenceSearchOptions options) {
  options.families = DiagonalFamilies::difference;
  options.moments = true;
  return options;
}

// A piece: the queens beyond the probe's, and its share of the probe (each cut splits a piece's
// share evenly among the squares of its line that its queens do not attack), for progress.
struct Piece {
  std::vector<Cell> more;
  double share = 1;
};

struct Candidate {
  int col = 0;
  enum class State { open, refuted, completed, dropped } state = State::open;
  std::vector<Piece> pending;       // pieces not yet taken; back() is next
  double covered = 0;               // share of the probe refuted so far
  std::uint64_t refuted_nodes = 0;  // nodes of the pieces a resumed run had refuted
  int running = 0;
  bool searched = false;            // some piece needed a search beyond the root
  std::atomic<bool> cancel{false};  // set once the column no longer matters
  std::vector<int> completion;
};

// The probes of one row, shared by the threads under `mutex_`.
template <class Mask>
class RowJob {
 public:
  using Board = BasicResidual<Mask>;
  using Search = BasicExistenceSearch<Mask>;

  RowJob(const Board& board, std::vector<int> prefix, Mask candidates, const SolveOptions& options,
         const std::vector<FirstStep>& resumed)
      : board_(board),
        prefix_(std::move(prefix)),
        row_(static_cast<int>(prefix_.size())),
        options_(options),
        budget_(std::max<std::uint64_t>(options.piece_nodes, 1)) {
    CoverIndex index;
    for (const FirstStep& s : resumed) {
      if (s.row == row_) index.add(s);
    }
    for (Mask m = candidates; m != 0; m &= m - 1) {
      auto c = std::make_unique<Candidate>();
      c->col = lowest(m);
      for (const FirstStep& s : resumed) {
        if (s.row != row_ || s.column != c->col) continue;
        if (s.kind == FirstStep::Kind::completed) {
          if (!keeps_rows(s, prefix_))
            not_a_run_s(s, "its placement leaves the rows settled before it");
          c->state = Candidate::State::completed;
          c->completion = s.completion;
        }
        if (s.kind == FirstStep::Kind::refuted) c->refuted_nodes += s.nodes;
      }
      if (c->state == Candidate::State::open) {
        c->covered = walk_cover(board_.n, prefix_, row_, c->col, index,
                                {.uncovered = [&](const std::vector<Cell>& more, double share) {
                                  c->pending.push_back({more, share});
                                }});
        std::reverse(c->pending.begin(), c->pending.end());
        c->searched = !(c->pending.size() == 1 && c->pending.front().more.empty());
        if (c->pending.empty()) c->state = Candidate::State::refuted;
      }
      candidates_.push_back(std::move(c));
    }
    settle_right_of_completions();
  }

  void work(unsigned thread) {
    SplitMix64 rng(0x51ed2701u + 7919u * static_cast<unsigned>(row_) + 104729u * thread);
    // The moments test's tables, for every search of this thread: a restart's search is small
    // beside the tables allocated afresh at its root (docs/journal/first.md, "How much a stopped
    // run has left").
    MomentsWorkspace workspace;
    std::unique_lock lock(mutex_);
    for (;;) {
      if (settled() || options_.stop.stop_requested()) return;
      Candidate* c = restart_due() ? nullptr : next_with_pieces();
      if (c != nullptr) {
        Piece piece = std::move(c->pending.back());
        c->pending.pop_back();
        ++c->running;
        // Work ahead of the leftmost open column is lost if that column has a completion: short
        // pieces (docs/journal/first.md, "Work ahead of the leftmost column in short pieces").
        const std::uint64_t budget =
            c == leftmost_open() ? budget_ : std::min(budget_, kFirstTuning.ahead_piece);
        lock.unlock();
        Search search(probe_search({.stop = options_.stop,
                                    .cancel = &c->cancel,
                                    .budget = budget,
                                    .mode = ExistenceMode::exhaustive,
                                    .suspend = true,
                                    .workspace = &workspace}));
        const auto outcome = run(search, *c, piece.more);
        lock.lock();
        --c->running;
        nodes_ += search.nodes();
        piece_work_ += std::max<std::uint64_t>(search.nodes(), 1);
        ++pieces_;
        record(*c, piece, outcome, search);
        progress();
      } else if ((c = leftmost_open()) != nullptr) {  // every piece is being searched
        const std::uint64_t budget = next_random_budget();
        lock.unlock();
        Search search(probe_search({.stop = options_.stop,
                                    .cancel = &c->cancel,
                                    .budget = budget,
                                    .mode = ExistenceMode::random,
                                    .rng = &rng,
                                    .workspace = &workspace}));
        const auto outcome = run(search, *c, {});
        lock.lock();
        nodes_ += search.nodes();
        restart_work_ += std::max<std::uint64_t>(search.nodes(), 1);
        if (outcome == ExistenceOutcome::completed) complete(*c, search.completion());
      } else {
        changed_.wait(lock);
        continue;
      }
      changed_.notify_all();
    }
  }

  bool settled() const {  // every column is refuted, or the leftmost open one completed
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return true;
      if (c->state != Candidate::State::refuted) return false;
    }
    return true;
  }

  // After settled(): the chosen column, or nullptr when all were refuted.
  const Candidate* answer() const {
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return c.get();
    }
    return nullptr;
  }

  void report(FirstRowReport& row) const {
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::completed || c->state == Candidate::State::dropped) break;
      ++row.probed;
      ++(c->searched ? row.refuted_by_search : row.refuted_at_once);
    }
    row.pieces = pieces_;
    row.nodes = nodes_;
  }

  std::uint64_t nodes() const { return nodes_; }

  // Before work(), on a row that is not settled: how many nodes the pieces waiting on its leftmost
  // open column would take to refute, by Knuth's estimator over random paths from pieces drawn
  // uniformly (the count of pieces times a path's mean is an unbiased estimate of their total).
  FirstEstimate estimate(const FirstEstimateOptions& options) const {
    const Candidate* c = leftmost_open();
    FirstEstimate e{.open = true, .row = row_};
    if (c == nullptr) return e;
    e.column = c->col;
    e.pieces = c->pending.size();
    e.covered = c->covered;
    e.searched = c->refuted_nodes;
    MomentsWorkspace workspace;
    Search search(probe_search({.workspace = &workspace}));
    SplitMix64 rng(options.seed);
    double sum = 0, squares = 0;
    for (; e.paths < options.paths && !options.stop.stop_requested(); ++e.paths) {
      const Piece& piece = c->pending[rng.exactly_below(c->pending.size())];
      const std::optional<Board> probe = piece_board(*c, piece.more);
      const PathSample x = probe ? search.sample_path(*probe, rng) : PathSample{};
      sum += x.nodes, squares += x.nodes * x.nodes;
      e.completions += x.completed;
    }
    if (e.paths > 0) {
      const double paths = e.paths, mean = sum / paths;
      const double variance =
          paths > 1 ? std::max(0.0, (squares - paths * mean * mean) / (paths - 1)) : 0;
      e.nodes = static_cast<double>(e.pieces) * mean;
      e.work = e.nodes * (1 + 1.0 / kFirstTuning.piece_nodes_per_restart_node);
      e.error = static_cast<double>(e.pieces) * std::sqrt(variance / paths);
    }
    e.path_nodes = search.nodes();
    // The rate: a path pays the moments test at its root for a few nodes (6 on average at
    // n = 75), where a piece pays it once for 2^18 or more, so the paths' own rate would be far
    // too low. Pieces drawn at random are searched as the run would, for 2^16 nodes or
    // 64 searches (pieces that end at once, or in a completion, pay the root test at each). A
    // stop does not cut it short: a stopped estimate still gets its rate, a second later at most.
    std::uint64_t nodes = 0;
    const auto started = Clock::now();
    for (int pieces = 0; nodes < kFirstTuning.rate_nodes && pieces < 64; ++pieces) {
      const Piece& piece = c->pending[rng.exactly_below(c->pending.size())];
      Search exhaustive(
          probe_search({.budget = kFirstTuning.rate_nodes - nodes, .workspace = &workspace}));
      run(exhaustive, *c, piece.more);
      nodes += std::max<std::uint64_t>(exhaustive.nodes(), 1);
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (seconds > 0) e.nodes_per_second = static_cast<double>(nodes) / seconds;
    return e;
  }

 private:
  // The board of a piece of column c; empty when placing its queens already fails.
  std::optional<Board> piece_board(const Candidate& c, const std::vector<Cell>& more) const {
    Board probe = board_;
    bool alive = probe.place(row_, c.col);
    for (const Cell& s : more) alive = alive && probe.place(s.row, s.col);
    if (!alive) return std::nullopt;
    return probe;
  }

  ExistenceOutcome run(Search& search, const Candidate& c, const std::vector<Cell>& more) const {
    const std::optional<Board> probe = piece_board(c, more);
    return probe ? search.run(*probe) : ExistenceOutcome::refuted;
  }

  Candidate* next_with_pieces() {
    for (auto& c : candidates_) {
      if (c->state == Candidate::State::completed) return nullptr;
      if (c->state == Candidate::State::open && !c->pending.empty()) return c.get();
    }
    return nullptr;
  }

  Candidate* leftmost_open() const {
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::open) return c.get();
      if (c->state != Candidate::State::refuted) return nullptr;
    }
    return nullptr;
  }

  // Whether the next search should be a restart although pieces are waiting. The leftmost open
  // column may well have a completion that the exhaustive order reaches late, and while pieces
  // wait no thread is idle to look for it, so restarts get a third of the row's work (half of
  // what the pieces get) for as long as the row lasts: a column with a late completion no longer
  // holds its row up, and the rows that only refute pay up to half again (docs/journal/first.md,
  // "Restarts take a third of a row's work").
  bool restart_due() const {
    return leftmost_open() != nullptr &&
           kFirstTuning.piece_nodes_per_restart_node * restart_work_ < piece_work_;
  }

  // The row's restarts, on whichever thread, take their budgets from one Luby sequence: however
  // many have run, short ones keep coming (docs/journal/first.md, "Restarts in Luby's sequence").
  std::uint64_t next_random_budget() { return kFirstTuning.restart_unit * luby(++restarts_); }

  void emit(const FirstStep& step) {
    if (options_.on_step) options_.on_step(step);
  }

  // The leftmost open column's progress, for options_.on_progress.
  void progress() {
    if (!options_.on_progress) return;
    FirstProgress p{.row = row_, .nodes = nodes_, .pieces = pieces_};
    for (const auto& c : candidates_) {
      if (c->state == Candidate::State::refuted) ++p.refuted;
      if (c->state != Candidate::State::open) continue;
      if (p.column < 0) p.column = c->col, p.covered = c->covered;
      p.waiting += c->pending.size();
    }
    if (p.column >= 0) options_.on_progress(p);
  }

  void record(Candidate& c, const Piece& piece, ExistenceOutcome outcome, const Search& search) {
    const std::vector<Cell>& more = piece.more;
    if (c.state != Candidate::State::open) return;  // settled elsewhere meanwhile
    switch (outcome) {
      case ExistenceOutcome::completed: complete(c, search.completion()); return;
      case ExistenceOutcome::refuted:
        if (!more.empty() || search.nodes() > 0) c.searched = true;
        emit({.kind = FirstStep::Kind::refuted,
              .row = row_,
              .column = c.col,
              .more = more,
              .nodes = search.nodes()});
        break;
      case ExistenceOutcome::suspended:
        c.searched = true;
        split(c, piece, search.suspended());
        budget_ =
            std::max(budget_, std::min<std::uint64_t>(nodes_ / 256, kFirstTuning.largest_piece));
        break;
      case ExistenceOutcome::stopped:  // stop requested: the piece stays to be done
        c.pending.push_back(piece);
        return;
    }
    if (c.pending.empty() && c.running == 0) {
      c.state = Candidate::State::refuted;
      c.cancel = true;  // a restart still running on the column stops: the row need not wait
    }
  }

  // The steps of a suspended search and the pieces it did not reach: along the path, each node
  // was split on its line; its children before the path's were refuted, those after it are new
  // pieces, and the last node of the path is a new piece as well.
  void split(Candidate& c, const Piece& from, const SuspendedPath& path) {
    const std::vector<Cell>& more = from.more;
    double share = from.share;
    std::vector<Cell> queens;
    for (int r = 0; r < row_; ++r) queens.push_back({r, prefix_[static_cast<std::size_t>(r)]});
    queens.push_back({row_, c.col});
    queens.insert(queens.end(), more.begin(), more.end());
    std::vector<Cell> piece = more;
    std::vector<Piece> fresh;
    for (const SuspendedPath::Node& node : path.nodes) {
      FirstStep step{.kind = FirstStep::Kind::split,
                     .row = row_,
                     .column = c.col,
                     .more = piece,
                     .line_is_row = node.is_row,
                     .line = node.line};
      std::vector<FirstStep> refuted;
      int branches = 0;
      for (int p = 0; p < board_.n; ++p) {
        branches += !attacked(queens, node.is_row ? Cell{node.line, p} : Cell{p, node.line});
      }
      const double child_share = share / branches;
      for (int p = 0; p < board_.n; ++p) {
        const Cell s = node.is_row ? Cell{node.line, p} : Cell{p, node.line};
        if (attacked(queens, s)) continue;
        const auto it = std::find(node.children.begin(), node.children.end(), s);
        const auto i = static_cast<std::size_t>(it - node.children.begin());
        std::vector<Cell> child = piece;
        child.push_back(s);
        if (it == node.children.end()) {
          step.dead.push_back(p);
          c.covered += child_share;
        } else if (i < node.current) {
          c.covered += child_share;
          refuted.push_back({.kind = FirstStep::Kind::refuted,
                             .row = row_,
                             .column = c.col,
                             .more = std::move(child),
                             .nodes = node.nodes[i]});
        } else if (i > node.current) {
          fresh.push_back({std::move(child), child_share});
        }
      }
      emit(step);
      for (const FirstStep& r : refuted) emit(r);
      const Cell chosen = node.children[node.current];
      piece.push_back(chosen);
      queens.push_back(chosen);
      share = child_share;
    }
    fresh.push_back({std::move(piece), share});  // the unexpanded node, taken next
    for (auto& f : fresh) c.pending.push_back(std::move(f));
  }

  void complete(Candidate& c, const std::vector<int>& completion) {
    if (c.state != Candidate::State::open) return;
    c.state = Candidate::State::completed;
    c.completion = completion;
    emit({.kind = FirstStep::Kind::completed,
          .row = row_,
          .column = c.col,
          .completion = completion});
    settle_right_of_completions();
  }

  void settle_right_of_completions() {
    bool right = false;
    for (auto& c : candidates_) {
      if (right && c->state != Candidate::State::dropped) {
        c->state = Candidate::State::dropped;
        c->pending.clear();
      }
      if (right || c->state == Candidate::State::completed) c->cancel = true;
      right |= c->state == Candidate::State::completed;
    }
  }

  const Board& board_;
  std::vector<int> prefix_;
  int row_;
  const SolveOptions& options_;
  std::vector<std::unique_ptr<Candidate>> candidates_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t nodes_ = 0;
  std::uint64_t pieces_ = 0;
  std::uint64_t budget_;
  std::uint64_t restarts_ = 0;
  // The nodes of the pieces and of the restarts, each search counted as one node at least, so
  // that restarts that stop at once (a probe dead at its root) cannot keep the pieces waiting.
  std::uint64_t piece_work_ = 0;
  std::uint64_t restart_work_ = 0;
};

}  // namespace

// The rows in order, as solve_first_by_probing() takes them: those the steps in options.resume
// settled, then one RowJob per row that has columns to probe, handed to open_row(job), which
// returns false to stop there (the result is then incomplete). A row whose known completion's
// column is its leftmost free one is settled without a job.
template <class Mask, class OpenRow>
SolveResult walk_rows(const SolveOptions& options, OpenRow&& open_row) {
  const int n = options.n;
  BasicResidual<Mask> board = BasicResidual<Mask>::empty(n);
  std::optional<std::vector<int>> known;  // a completion of the rows fixed so far
  std::vector<int> prefix;
  SolveResult result;
  check_resumed_completions(n, options.resume);
  for (const FirstStep& s : options.resume) {  // the rows an earlier run settled
    if (s.kind != FirstStep::Kind::settled || s.row != static_cast<int>(prefix.size())) continue;
    if (!keeps_rows(s, prefix)) not_a_run_s(s, "its placement leaves the rows settled before it");
    if (!board.place(s.row, s.column)) break;  // cannot happen for steps of a run for this n
    prefix.push_back(s.column);
    known = s.completion;
    result.rows.push_back({.row = s.row, .column = s.column, .resumed = true});
  }
  for (int row = static_cast<int>(prefix.size()); row < n; ++row) {
    const auto started = Clock::now();
    FirstRowReport report{.row = row};
    Mask candidates = board.row_free[row];
    int fallback = -1;
    if (known) {
      fallback = (*known)[static_cast<std::size_t>(row)];
      candidates &= low_bits<Mask>(fallback);
    }
    int chosen = fallback;
    if (candidates != 0) {
      RowJob<Mask> job(board, prefix, candidates, options, options.resume);
      const bool go_on = open_row(job);
      result.nodes += job.nodes();
      job.report(report);
      if (!go_on || !job.settled()) return result;  // complete == false
      if (const Candidate* c = job.answer()) {
        chosen = c->col;
        known = c->completion;
      }
    }
    // Only in row 0: n = 2 and 3 have no solution, and every other n has, so there it takes
    // resumed steps that cannot be a run's.
    if (chosen < 0) {
      if (n != 2 && n != 3) {
        throw std::invalid_argument(
            "solve: the resumed steps refute every column of row 1, but n = " + std::to_string(n) +
            " has solutions");
      }
      result.complete = true;
      return result;
    }
    report.column = chosen;
    report.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    result.rows.push_back(report);
    if (options.on_step) {
      options.on_step(
          {.kind = FirstStep::Kind::settled, .row = row, .column = chosen, .completion = *known});
    }
    prefix.push_back(chosen);
    board.place(row, chosen);
  }
  result.complete = true;
  std::vector<Column> col(prefix.begin(), prefix.end());
  result.solution = Placement(std::move(col));
  return result;
}

template <class Mask>
SolveResult solve_first_by_probing(const SolveOptions& options) {
  const unsigned threads =
      options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  // The threads stop at the caller's request or at the first exception one of them meets (an
  // on_step that cannot save its checkpoint, an allocation), which is rethrown here. Each row's
  // job gets options with its own stop token.
  std::stop_source stop;
  const std::stop_callback forward(options.stop, [&stop] { stop.request_stop(); });
  SolveOptions own = options;
  own.stop = stop.get_token();
  return walk_rows<Mask>(own, [&](RowJob<Mask>& job) {
    FirstError errors([&stop] { stop.request_stop(); });
    {
      std::vector<std::jthread> pool;
      for (unsigned t = 1; t < threads; ++t) {
        pool.emplace_back([&job, &errors, t] { errors.run([&] { job.work(t); }); });
      }
      errors.run([&] { job.work(0); });
    }
    errors.rethrow();
    return true;
  });
}

template <class Mask>
FirstEstimate estimate_first_by_probing(const FirstEstimateOptions& options) {
  FirstEstimate estimate;
  const SolveOptions walk{.n = options.n, .stop = options.stop, .resume = options.resume};
  walk_rows<Mask>(walk, [&](RowJob<Mask>& job) {
    if (job.settled()) return true;
    estimate = job.estimate(options);
    return false;
  });
  return estimate;
}

template SolveResult solve_first_by_probing<std::uint64_t>(const SolveOptions&);
template SolveResult solve_first_by_probing<Uint128>(const SolveOptions&);

FirstEstimate estimate_first_by_probing(const FirstEstimateOptions& options) {
  return options.n <= Residual::kMaxN ? estimate_first_by_probing<std::uint64_t>(options)
                                      : estimate_first_by_probing<Uint128>(options);
}

SolveResult solve_first_by_probing(const SolveOptions& options) {
  return options.n <= Residual::kMaxN ? solve_first_by_probing<std::uint64_t>(options)
                                      : solve_first_by_probing<Uint128>(options);
}

}  // namespace nq::detail
