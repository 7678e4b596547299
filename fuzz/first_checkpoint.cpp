// SPDX-License-Identifier: MIT
// Fuzzes the checkpoint of `solve --method first --checkpoint FILE` and its journal
// (appkit/first_checkpoint.hpp) as the command resumes them. The input is the checkpoint, then
// optionally a line "--" and the journal's lines; the harness writes the checkpoint's checksum
// line when the input has none, and the journal's header naming that checksum, so that mutations
// reach the parsers behind them. For n <= 12 the search then resumes from the steps on one
// thread, as the command does, and must either refuse them with std::invalid_argument (which the
// command line reports as bad input, exit 2) or end with an answer that is a solution of n
// queens: a resumed run may trust what the steps say was searched, but never print a placement
// that is not a solution, nor say that a board with solutions has none.
#include "first_checkpoint.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>

#include "contract.hpp"
#include "durable_file.hpp"
#include "fuzz_files.hpp"
#include "nqueens/solve.hpp"
#include "nqueens/verify.hpp"

namespace {

constexpr int kMaxSolvedN = 12;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nqfuzz::PrivateDir dir("first-checkpoint");
  dir.clear();
  const std::string path = dir.path("cp");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nqfuzz::write_checkpoint(path, text, nqcli::FirstCheckpointFormat::kJournalMagic);

  // The checkpoint's n, as a run for that n would be given it.
  int n = 0;
  try {
    nqcli::FirstCheckpointFormat header;
    std::string sum;
    if (!header.load(path, sum)) std::abort();
    n = header.loaded_n;
  } catch (const nqcli::CheckpointError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  } catch (const nqcli::Refusal&) {
    return 0;
  }
  if (n < 1 || n > kMaxSolvedN) return 0;
  try {
    nqcli::FirstCheckpoint checkpoint(path, n, 1e9);
    for (const nq::FirstStep& s : checkpoint.steps()) {
      if (s.row < 0 || s.row >= n || s.column < 0 || s.column >= n) std::abort();
    }
    const nq::SolveResult r =
        nq::solve_first({.n = n,
                         .threads = 1,
                         .on_step = [&](const nq::FirstStep& s) { checkpoint.add(s); },
                         .resume = checkpoint.steps()});
    if (!r.complete) std::abort();
    if (r.solution) {
      if (r.solution->size() != static_cast<std::size_t>(n) || !nq::is_solution(*r.solution)) {
        std::abort();
      }
    } else if (n != 2 && n != 3) {
      std::abort();  // every other n has solutions
    }
    checkpoint.finish();
  } catch (const nqcli::UsageError&) {  // damaged, or another n than this run's
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
