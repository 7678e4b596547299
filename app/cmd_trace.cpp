// SPDX-License-Identifier: MIT
// `nqueens trace N`: the search as events, one readable line each (text, optionally with the
// board after each), one JSON object each (jsonl, then a summary object), or a page that plays
// them (html). Statistics go to stderr.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <stop_token>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/classic.hpp"
#include "nqueens/trace.hpp"
#include "numbers.hpp"
#include "output.hpp"
#include "trace_page.hpp"

namespace nqcli {

namespace {

std::string text_line(const nq::trace::Event& e) {
  switch (e.kind) {
    case nq::trace::Kind::place: return fmt::format("place row {} col {}\n", e.row + 1, e.col + 1);
    case nq::trace::Kind::reject:
      return fmt::format("reject row {} col {}: attacked by row {} col {} ({})\n", e.row + 1,
                         e.col + 1, e.by_row + 1, e.by_col + 1,
                         e.same_column ? "same column" : "diagonal");
    case nq::trace::Kind::remove:
      return fmt::format("backtrack: remove row {} col {}\n", e.row + 1, e.col + 1);
    default: {
      std::string line = fmt::format("solution {}:", e.solution);
      for (int c : e.placement) line += fmt::format(" {}", c + 1);
      return line + "\n";
    }
  }
}

std::string json_line(const nq::trace::Event& e) {
  const std::string head = fmt::format(R"({{"step":{},"event":"{}")", e.step, to_string(e.kind));
  switch (e.kind) {
    case nq::trace::Kind::reject:
      return head +
             fmt::format(R"(,"row":{},"col":{},"by":{{"row":{},"col":{},"line":"{}"}}}})",
                         e.row + 1, e.col + 1, e.by_row + 1, e.by_col + 1,
                         e.same_column ? "column" : "diagonal") +
             "\n";
    case nq::trace::Kind::solution: {
      std::string perm;
      for (int c : e.placement) perm += fmt::format("{}{}", perm.empty() ? "" : ",", c + 1);
      return head + fmt::format(R"(,"number":{},"perm":[{}]}})", e.solution, perm) + "\n";
    }
    default: return head + fmt::format(R"(,"row":{},"col":{}}})", e.row + 1, e.col + 1) + "\n";
  }
}

// The board after an event: Q queens, x the square just rejected, . the rest; a blank line.
std::string board_lines(const std::vector<int>& board, const nq::trace::Event& e) {
  const int n = static_cast<int>(board.size());
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const bool rejected = e.kind == nq::trace::Kind::reject && e.row == r && e.col == c;
      out += board[static_cast<std::size_t>(r)] == c ? 'Q' : rejected ? 'x' : '.';
    }
    out += '\n';
  }
  return out + '\n';
}

int open_fd(const std::string& path) {
  if (path == "-") return STDOUT_FILENO;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw UsageError(fmt::format("trace: cannot write {}: {}", path, std::strerror(errno)));
  return fd;
}

}  // namespace

int run_trace(const TraceArgs& args) {
  const int n = parse_board_size(args.n, nq::classic::kMaxN, "trace");
  const nq::classic::Method method = *nq::classic::method_from_string(args.method);
  if (args.format == "html" && args.output == "-") {
    throw UsageError("trace: --format html writes a page; give it a file with --output FILE");
  }
  if (args.boards && args.format != "text") {
    throw UsageError("trace: --boards draws text boards; it goes with --format text");
  }
  InterruptGuard interrupt;
  std::stop_source stop;
  std::stop_callback forward(interrupt.token(), [&stop] { stop.request_stop(); });
  const nq::trace::Options options{.n = n,
                                   .method = method,
                                   .first = args.first,
                                   .max_steps = args.max_steps,
                                   .stop = stop.get_token()};

  nq::trace::Summary summary;
  bool reader_gone = false;
  if (args.format == "html") {
    TracePage page{n, args.method, {}, {}, args.max_steps};
    summary = nq::trace::run(options, [&](const nq::trace::Event& e) { page.events.push_back(e); });
    page.summary = summary;
    std::ofstream file(args.output, std::ios::binary);
    if (!file) throw UsageError(fmt::format("trace: cannot write {}", args.output));
    write_trace_page(file, page);
    file.flush();
    if (!file) throw UsageError(fmt::format("trace: could not finish writing {}", args.output));
  } else {
    const int fd = open_fd(args.output);
    {
      FdOutput out(fd);
      std::vector<int> board(static_cast<std::size_t>(n), -1);
      summary = nq::trace::run(options, [&](const nq::trace::Event& e) {
        if (args.format == "jsonl") {
          out.append(json_line(e));
        } else {
          out.append(text_line(e));
          if (args.boards) {
            if (e.kind == nq::trace::Kind::place) board[static_cast<std::size_t>(e.row)] = e.col;
            if (e.kind == nq::trace::Kind::remove) board[static_cast<std::size_t>(e.row)] = -1;
            out.append(board_lines(board, e));
          }
        }
        if (!out.flush_if_full()) stop.request_stop();
      });
      if (args.format == "jsonl") {
        out.append(fmt::format(
            R"({{"summary":true,"n":{},"method":"{}","steps":{},"placements":{},"rejects":{},)"
            R"("backtracks":{},"solutions":{},"cut":{},"complete":{}}})"
            "\n",
            n, args.method, summary.steps, summary.placements, summary.rejects, summary.backtracks,
            summary.solutions, summary.cut, summary.complete));
      } else if (summary.cut) {
        out.append(fmt::format("cut at {} steps (--max-steps)\n", summary.steps));
      }
      out.flush();
      reader_gone = out.closed();
    }
    if (fd != STDOUT_FILENO) ::close(fd);
  }
  fmt::print(stderr, "{} steps: {} placed, {} rejected, {} taken back, {} solutions{}\n",
             summary.steps, summary.placements, summary.rejects, summary.backtracks,
             summary.solutions, summary.cut ? " (cut)" : "");
  if (interrupt.interrupted() && !reader_gone) return kExitInterrupted;
  return kExitOk;
}

}  // namespace nqcli
