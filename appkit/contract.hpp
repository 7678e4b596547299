// SPDX-License-Identifier: MIT
// The command-line contract shared by nqueens, nqueens-mpi and the Python module: the exit codes
// and the error that is printed as one line with exit 2.
#pragma once

#include "nqueens/invalid_argument.hpp"

namespace nqcli {

// Exit codes of the command-line contract.
inline constexpr int kExitOk = 0;
inline constexpr int kExitNo = 1;         // no solution / invalid placement
inline constexpr int kExitUsage = 2;      // bad usage or bad input
inline constexpr int kExitNotSaved = 3;   // the result is printed, but its checkpoint not saved
inline constexpr int kExitInternal = 70;  // a bug (sysexits.h's EX_SOFTWARE): please report it
inline constexpr int kExitTimeout = 124;  // gave up at --timeout
inline constexpr int kExitInterrupted = 130;

// What each code means, for --help and the man pages' EXIT STATUS.
struct ExitStatus {
  int code;
  const char* meaning;
};
inline constexpr ExitStatus kExitStatuses[] = {
    {kExitOk, "success"},
    {kExitNo, "no solution, an invalid placement, or a check that failed"},
    {kExitUsage, "bad usage or bad input (one line on stderr says which)"},
    {kExitNotSaved, "the result is printed, but its checkpoint could not be saved"},
    {kExitInternal, "internal error: a bug, please report it"},
    {kExitTimeout, "gave up at --timeout"},
    {kExitInterrupted, "interrupted (Ctrl-C or SIGTERM); a --checkpoint run resumes from there"},
};
constexpr ExitStatus exit_status(int code) {
  for (const ExitStatus& s : kExitStatuses) {
    if (s.code == code) return s;
  }
  return {code, "?"};
}

// Bad usage or bad input: printed as one line, exit 2. The library's own refusals are the same
// thing (nq::InvalidArgument), so one type carries both and one catch prints them.
using UsageError = nq::InvalidArgument;

}  // namespace nqcli
