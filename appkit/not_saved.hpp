// SPDX-License-Identifier: MIT
// The end of a long run whose checkpoint could not be saved at the last moment: the answer is
// worth more than the file, so it is printed first, and then one line on stderr and exit 3
// (kExitNotSaved) tell a script that it has the answer but cannot resume from the file.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "durable_file.hpp"

namespace nqcli {

// Finishes the checkpoint `keeper` keeps (CheckpointKeeper, FirstCheckpoint), if any: "" when it
// is saved or there is none, else why it is not. Never throws, so the answer is still printed.
template <class Keeper>
std::string finish_checkpoint(std::optional<Keeper>& keeper) {
  if (!keeper) return {};
  try {
    keeper->finish();
  } catch (const CheckpointError& e) {
    return e.what();
  }
  return {};
}

// `code` when `why` is empty (saved). Otherwise prints "JOB: the WHAT is not saved in PATH: WHY"
// on stderr (JOB: "nqueens: count", "nqueens-mpi: count", ...) and returns kExitNotSaved in place
// of any of `answers`, the codes under which the printed text is the run's answer; the other
// codes (interrupted, timed out, a failed --check) say more than "not saved" and are kept.
int not_saved(int code, std::initializer_list<int> answers, std::string_view job,
              std::string_view what, std::string_view path, std::string_view why);

}  // namespace nqcli
