// SPDX-License-Identifier: MIT
// `nqueens infinite K`: the first K terms of the quintal queens placement, streamed; with
// --verify, a check that every prefix of length 5^j <= K is a solution of its board.
#include <fmt/core.h>
#include <unistd.h>

#include <vector>

#include "column_output.hpp"
#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/infinite.hpp"
#include "nqueens/memory.hpp"
#include "nqueens/verify.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {

// Streams the prefix of length m through the verifier: a permutation of 0..m-1 without a
// shared diagonal.
bool prefix_is_solution(std::uint64_t m, const InterruptGuard& interrupt) {
  nq::StreamingVerifier verifier(m);
  nq::QuintalSequence sequence;
  for (std::uint64_t row = 0; row < m; ++row, sequence.next()) {
    const std::uint64_t col = sequence.column();
    if (col >= m || verifier.add(static_cast<nq::Column>(col))) return false;
    if ((row & 0xFFFFF) == 0 && interrupt.interrupted()) return false;
  }
  return true;
}

}  // namespace

int run_infinite(const InfiniteArgs& args) {
  const std::uint64_t k = parse_whole_number(args.k, "K", 1, nq::kMaxInfiniteTerms, "infinite");
  InterruptGuard interrupt;
  if (args.verify) {
    nq::require_memory(nq::StreamingVerifier::bytes_needed(k), "verifying the prefixes");
    bool all_valid = true;
    for (std::uint64_t m = 5, j = 1; m <= k; m *= 5, ++j) {
      const bool valid = prefix_is_solution(m, interrupt);
      if (interrupt.interrupted()) return kExitInterrupted;
      all_valid &= valid;
      fmt::print("5^{} = {}: {}\n", j, m, valid ? "valid" : "invalid");
    }
    return all_valid ? kExitOk : kExitNo;
  }
  FdOutput out(STDOUT_FILENO);
  ColumnWriter writer(out, args.one_per_line ? ColumnFormat::perm_lines : ColumnFormat::perm, k);
  std::vector<nq::Column> piece(1 << 16);
  nq::QuintalSequence sequence;
  for (std::uint64_t row = 0; row < k && !out.closed() && !interrupt.interrupted();) {
    const std::size_t take =
        static_cast<std::size_t>(std::min<std::uint64_t>(piece.size(), k - row));
    for (std::size_t i = 0; i < take; ++i, sequence.next()) {
      piece[i] = static_cast<nq::Column>(sequence.column());
    }
    writer.write(piece.data(), take);
    row += take;
  }
  writer.finish();
  return interrupt.interrupted() ? kExitInterrupted : kExitOk;
}

}  // namespace nqcli
