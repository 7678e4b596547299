// SPDX-License-Identifier: MIT
// `nqueens trace N --method M`: a method's search as events (docs/trace.md), one readable line
// each (text; with the listing's line and variables under each (--code), the board after each
// (--boards)), one JSON object each (jsonl, then a summary object), or a page that plays them
// (html). `--listing` prints the method's listing. Statistics go to stderr.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stop_token>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/trace.hpp"
#include "numbers.hpp"
#include "output.hpp"
#include "trace_page.hpp"

namespace nqcli {

namespace {

using nq::trace::Event;
using nq::trace::Kind;

// A trace longer than this is said so before it starts (a minute of text or more).
constexpr double kLongTrace = 1e7;

// The listing for n, and the line of each kind (row 1's, where each row has its own: nested).
std::string listing_text(nq::trace::Method method, int n) {
  const nq::trace::Listing& l = nq::trace::listing(method, n);
  std::string out;
  for (std::size_t i = 0; i < l.lines.size(); ++i) {
    out += fmt::format("{:>3}  {}\n", i + 1, l.lines[i]);
  }
  out += "\n";
  for (const nq::trace::KindLine& k : l.kinds) {
    const bool by_row = n > 1 && nq::trace::line_of(method, k.kind, 1, n) != k.line;
    out += fmt::format("{:<10} line {}{}\n", to_string(k.kind), k.line,
                       by_row ? " (row 1's; each row has its own)" : "");
  }
  return out;
}

// The listing's line that told the event, and the variables there.
std::string code_lines(nq::trace::Method method, const Event& e) {
  const int n = static_cast<int>(e.board.size());
  std::string_view code =
      nq::trace::listing(method, n).lines[static_cast<std::size_t>(e.code_line - 1)];
  code.remove_prefix(std::min(code.find_first_not_of(' '), code.size()));
  std::string vars;
  for (const nq::trace::Variable& v : e.vars) {
    vars += fmt::format("{}{} = {}", vars.empty() ? "" : ", ", v.name,
                        to_string(v, static_cast<int>(e.board.size())));
  }
  return fmt::format("    {:>3} | {}\n{}", e.code_line, code,
                     vars.empty() ? std::string() : fmt::format("        {}\n", vars));
}

// The board after an event: Q queens, x the square just rejected, . the rest; a blank line.
std::string board_lines(const Event& e) {
  const int n = static_cast<int>(e.board.size());
  const bool attacked = e.kind == Kind::reject || e.kind == Kind::fail || e.kind == Kind::drop;
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const bool hit = attacked && e.row == r && e.col == c;
      out += e.board[static_cast<std::size_t>(r)] == c ? 'Q' : hit ? 'x' : '.';
    }
    out += '\n';
  }
  return out + '\n';
}

using Json = nlohmann::ordered_json;

// Board positions, 1-based with null for "no queen" (one_based), or the numbers as they are.
Json json_numbers(const std::vector<int>& values, bool one_based) {
  Json out = Json::array();
  for (int v : values) {
    if (one_based && v < 0) {
      out.push_back(nullptr);
    } else {
      out.push_back(v + (one_based ? 1 : 0));
    }
  }
  return out;
}

Json json_var(const nq::trace::Variable& v, int n) {
  using Shape = nq::trace::Variable::Shape;
  switch (v.shape) {
    case Shape::number: return v.number;
    case Shape::array: return json_numbers(v.array, false);
    case Shape::none: return nullptr;
    default: return to_string(v, n);
  }
}

Json one_based(int index) { return index < 0 ? Json(nullptr) : Json(index + 1); }

std::string json_line(const Event& e) {
  Json j = {{"step", e.step}, {"event", to_string(e.kind)}, {"code_line", e.code_line}};
  if (e.row >= 0) j["row"] = e.row + 1;
  if (e.col >= 0) j["col"] = e.col + 1;
  if (e.by_row >= 0 || e.by_col >= 0) {
    j["by"] = {
        {"row", one_based(e.by_row)}, {"col", one_based(e.by_col)}, {"line", to_string(e.along)}};
  } else if (e.along != nq::trace::Along::none) {
    j["along"] = to_string(e.along);
  }
  j["board"] = json_numbers(e.board, true);
  if (e.kind == Kind::solution) j["perm"] = json_numbers(e.board, true);
  if (e.number) j["number"] = e.number;
  j["placements"] = e.work.placements;
  j["checks"] = e.work.checks;
  j["nodes"] = e.work.nodes;
  Json vars = Json::object();
  for (const nq::trace::Variable& v : e.vars) {
    vars[std::string(v.name)] = json_var(v, static_cast<int>(e.board.size()));
  }
  j["vars"] = std::move(vars);
  return j.dump() + "\n";
}

// The events of each kind, in words: "16 placed, 44 rejected, 16 taken back, 2 solutions".
std::string tallies(const nq::trace::Summary& s) {
  struct Words {
    std::string_view one, many;
  };
  static constexpr Words kWords[nq::trace::kKinds] = {{"placed", "placed"},
                                                      {"rejected", "rejected"},
                                                      {"taken back", "taken back"},
                                                      {"solution", "solutions"},
                                                      {"row masked", "rows masked"},
                                                      {"way scanned", "ways scanned"},
                                                      {"candidate", "candidates"},
                                                      {"conflict", "conflicts"},
                                                      {"swap", "swaps"},
                                                      {"reversal", "reversals"},
                                                      {"run", "runs"},
                                                      {"replay", "replays"},
                                                      {"new choice", "new choices"},
                                                      {"failure", "failures"},
                                                      {"backtrack", "backtracks"},
                                                      {"extended", "extended"},
                                                      {"kept", "kept"},
                                                      {"dropped", "dropped"},
                                                      {"level", "levels"},
                                                      {"start", "starts"},
                                                      {"pick", "picks"},
                                                      {"move", "moves"},
                                                      {"undone", "undone"},
                                                      {"probe", "probes"},
                                                      {"refuted", "refuted"},
                                                      {"split", "splits"},
                                                      {"completed", "completed"},
                                                      {"settled", "settled"}};
  std::string out;
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    const std::uint64_t count = s.of_kind[static_cast<std::size_t>(k)];
    if (count == 0 && static_cast<Kind>(k) != Kind::solution) continue;
    out += fmt::format("{}{} {}", out.empty() ? "" : ", ", count,
                       count == 1 ? kWords[k].one : kWords[k].many);
  }
  return out;
}

std::string json_summary(const nq::trace::Summary& s, int n, const TraceArgs& args) {
  Json kinds = Json::object();
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    const std::uint64_t count = s.of_kind[static_cast<std::size_t>(k)];
    if (count) kinds[std::string(to_string(static_cast<Kind>(k)))] = count;
  }
  const Json j = {{"summary", true},          {"n", n},
                  {"method", args.method},    {"steps", s.steps},
                  {"events", kinds},          {"placements", s.work.placements},
                  {"checks", s.work.checks},  {"nodes", s.work.nodes},
                  {"solutions", s.solutions}, {"cut", s.cut},
                  {"complete", s.complete}};
  return j.dump() + "\n";
}

int open_fd(const std::string& path) {
  if (path == "-") return STDOUT_FILENO;
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw UsageError(fmt::format("trace: cannot write {}: {}", path, std::strerror(errno)));
  return fd;
}

// Writes the page (at most nqpage::kPageSteps events unless --max-steps says otherwise); returns
// the summary of the events it holds.
nq::trace::Summary write_page(const nq::trace::Options& options, const TraceArgs& args) {
  const nqpage::TracePage page = nqpage::record_trace_page(options);
  std::ofstream file(args.output, std::ios::binary);
  if (!file) throw UsageError(fmt::format("trace: cannot write {}", args.output));
  nqpage::write_trace_page(file, page);
  file.flush();
  if (!file) throw UsageError(fmt::format("trace: could not finish writing {}", args.output));
  if (page.summary.cut && page.capped) {
    fmt::print(stderr, "trace: the page holds the first {} steps; --max-steps K chooses how many\n",
               nqpage::kPageSteps);
  }
  return page.summary;
}

}  // namespace

int run_trace(const TraceArgs& args) {
  const nq::trace::Method method = nq::trace::method_named(args.method);
  if (args.listing) {  // for N, or 8 when N is not given (only nested's depends on it)
    const int n = args.n.empty() ? 8 : parse_board_size(args.n, nq::classic::kMaxN, "trace");
    fmt::print("{}", listing_text(method, n));
    return kExitOk;
  }
  const int n = parse_board_size(args.n, nq::classic::kMaxN, "trace");
  if (args.format == "html" && args.output == "-") {
    throw UsageError("trace: --format html writes a page; give it a file with --output FILE");
  }
  if ((args.boards || args.code) && args.format != "text") {
    throw UsageError(
        fmt::format("trace: --{} goes with --format text", args.boards ? "boards" : "code"));
  }
  InterruptGuard interrupt;
  std::stop_source stop;
  std::stop_callback forward(interrupt.token(), [&stop] { stop.request_stop(); });
  nq::trace::Options options{.n = n,
                             .method = method,
                             .first = args.first,
                             .max_steps = args.max_steps,
                             .seed = args.seed,
                             .stop = stop.get_token()};

  const double events = nq::trace::estimated_events(method, n);
  if (args.max_steps == 0 && args.format != "html" && events > kLongTrace) {
    fmt::print(stderr, "trace: {} at n = {} tells about {:.2g} events; --max-steps K cuts it\n",
               args.method, n, events);
  }
  nq::trace::Summary summary;
  bool reader_gone = false;
  if (args.format == "html") {
    summary = write_page(options, args);
  } else {
    const int fd = open_fd(args.output);
    {
      FdOutput out(fd);
      summary = nq::trace::run(options, [&](const Event& e) {
        if (args.format == "jsonl") {
          out.append(json_line(e));
        } else {
          out.append(nq::trace::sentence(e, n) + "\n");
          if (args.code) out.append(code_lines(method, e));
          if (args.boards) out.append(board_lines(e));
        }
        if (!out.flush_if_full()) stop.request_stop();
      });
      if (args.format == "jsonl") {
        out.append(json_summary(summary, n, args));
      } else if (summary.cut) {
        out.append(fmt::format("cut at {} steps (--max-steps)\n", summary.steps));
      }
      out.flush();
      reader_gone = out.closed();
    }
    if (fd != STDOUT_FILENO) ::close(fd);
  }
  fmt::print(stderr, "{} steps: {}; {} placements, {} checks, {} nodes{}\n", summary.steps,
             tallies(summary), summary.work.placements, summary.work.checks, summary.work.nodes,
             summary.cut ? " (cut)" : "");
  if (interrupt.interrupted() && !reader_gone) return kExitInterrupted;
  return kExitOk;
}

}  // namespace nqcli
