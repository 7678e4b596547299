// SPDX-License-Identifier: MIT
// Checkpoint files for `count --checkpoint FILE`: the subproblems finished so far, for one n,
// engine and program version. A text file, so that a person can read it:
//
//   nqueens-checkpoint 1
//   version 0.1.0
//   n 18
//   engine halves
//   subproblems 12283
//   done 2
//   17 5120
//   40 98
//   checksum 9f3c0e51a2b4d6c8
//
// The checksum is FNV-1a (64-bit) of every byte before the "checksum" line, so a truncated or
// edited file is refused. Saving writes FILE.tmp, flushes it to disk and renames it over FILE, so
// FILE is always either the old or the new checkpoint, even after kill -9 or a power cut.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "nqueens/count.hpp"

namespace nqcli {

struct Checkpoint {
  std::string version;
  int n = 0;
  std::string engine;
  std::uint64_t subproblems = 0;
  std::vector<nq::SubproblemCount> done;
};

struct CheckpointError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// nullopt if the file does not exist; CheckpointError if it cannot be read or is damaged.
std::optional<Checkpoint> load_checkpoint(const std::string& path);

// Throws CheckpointError if the file cannot be written.
void save_checkpoint(const std::string& path, const Checkpoint& checkpoint);

}  // namespace nqcli
