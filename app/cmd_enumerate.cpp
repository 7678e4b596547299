// SPDX-License-Identifier: MIT
// `nqueens enumerate N`: every solution (or, with --unique, every class's canonical member) in
// lexicographic order, as perm lines, boards, JSON lines or raw bytes. --skip and --limit page
// through the stream; a reader that closes the pipe ends the program quietly with exit 0.
#include <fmt/core.h>
#include <unistd.h>

#include <limits>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/enumerate.hpp"
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

}  // namespace

int run_enumerate(const EnumerateArgs& args) {
  const int n = parse_board_size(args.n, nq::kMaxEnumerateN, "enumerate");
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
