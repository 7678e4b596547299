// SPDX-License-Identifier: MIT
// `nqueens enumerate N`: every solution (or, with --unique, every class's canonical member) in
// lexicographic order, as perm lines, boards, JSON lines or raw bytes. --skip and --limit page
// through the stream; a reader that closes the pipe ends the program quietly with exit 0.
#include <fmt/core.h>
#include <unistd.h>

#include <limits>
#include <sstream>
#include <vector>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/render.hpp"
#include "numbers.hpp"
#include "output.hpp"
#include "solution_format.hpp"

namespace nqcli {

namespace {

StreamFormat stream_format(const std::string& name) {
  if (name == "board") return StreamFormat::board;
  if (name == "jsonl") return StreamFormat::jsonl;
  if (name == "binary") return StreamFormat::binary;
  if (name == "perm") return StreamFormat::perm;
  throw UsageError("unknown enumerate format '" + name + "'");
}

// --format svg: the solutions on one sheet of small boards (at most kMaxSheetBoards of them).
int enumerate_sheet(const EnumerateArgs& args, int n) {
  InterruptGuard interrupt;
  const std::uint64_t limit = args.limit.value_or(std::numeric_limits<std::uint64_t>::max());
  std::uint64_t to_skip = args.skip;
  std::vector<nq::Placement> boards;
  bool too_many = false;
  const auto sink = [&](const nq::SolutionBatch& batch) {
    for (std::size_t i = 0; i < batch.count && boards.size() < limit; ++i) {
      if (to_skip > 0) {
        --to_skip;
        continue;
      }
      if (boards.size() == nq::kMaxSheetBoards) {
        too_many = true;
        return false;
      }
      const std::uint8_t* c = batch.columns.data() + i * static_cast<std::size_t>(n);
      boards.emplace_back(std::vector<nq::Column>(c, c + n));
    }
    return boards.size() < limit;
  };
  const nq::EnumerateResult result = nq::enumerate(
      {.n = n, .unique = args.unique, .threads = args.threads, .stop = interrupt.token()}, sink);
  if (too_many) {
    throw UsageError(
        fmt::format("enumerate: more than {} boards for one sheet; use --unique, --skip or --limit",
                    nq::kMaxSheetBoards));
  }
  if (interrupt.interrupted()) return kExitInterrupted;
  if (boards.empty()) {
    fmt::print(stderr, "nqueens: no solutions to draw for n = {}\n", n);
    return kExitNo;
  }
  const bool all = result.complete && args.skip == 0 && boards.size() < limit;
  const std::string kind = args.unique ? "unique solutions" : "solutions";
  const std::string title =
      all ? fmt::format("All {} {} for {} queens", boards.size(), kind, n)
          : fmt::format("{} {}-{} for {} queens", args.unique ? "Unique solutions" : "Solutions",
                        args.skip + 1, args.skip + boards.size(), n);
  std::ostringstream svg;
  nq::render_sheet(svg, boards, {.title = title});
  fmt::print("{}", svg.str());
  return kExitOk;
}

}  // namespace

int run_enumerate(const EnumerateArgs& args) {
  const int n = parse_board_size(args.n, nq::kMaxEnumerateN, "enumerate");
  if (args.format == "svg") return enumerate_sheet(args, n);
  const StreamFormat format = stream_format(args.format);
  InterruptGuard interrupt;
  FdOutput out(STDOUT_FILENO);
  SolutionWriter writer(format, n);

  const std::uint64_t limit = args.limit.value_or(std::numeric_limits<std::uint64_t>::max());
  std::uint64_t to_skip = args.skip;
  std::uint64_t written = 0;
  const auto sink = [&](const nq::SolutionBatch& batch) {
    std::size_t from = 0;
    if (to_skip > 0) {
      from = static_cast<std::size_t>(std::min<std::uint64_t>(to_skip, batch.count));
      to_skip -= from;
    }
    const std::size_t to = from + static_cast<std::size_t>(
                                      std::min<std::uint64_t>(batch.count - from, limit - written));
    if (!args.count_only) writer.write(batch, from, to, out);
    written += to - from;
    return written < limit && out.flush_if_full();
  };

  nq::EnumerateResult result;
  if (limit > 0) {
    result = nq::enumerate(
        {.n = n, .unique = args.unique, .threads = args.threads, .stop = interrupt.token()}, sink);
  }
  const bool complete = result.complete || written == limit;
  if (args.count_only) {
    out.append(std::to_string(written) + "\n");
  } else if (format == StreamFormat::jsonl) {
    out.append(
        fmt::format("{{\"summary\":true,\"n\":{},\"unique\":{},\"skip\":{},\"solutions\":{},"
                    "\"complete\":{}}}\n",
                    n, args.unique, args.skip, written, complete));
  }
  out.flush();
  if (args.stats) {
    fmt::print(stderr, "{} solutions written, {} nodes, {} prefixes, {:.3f} s\n", written,
               result.nodes, result.prefixes, result.seconds);
  }
  return interrupt.interrupted() ? kExitInterrupted : kExitOk;
}

}  // namespace nqcli
