// SPDX-License-Identifier: MIT
// Checkpoint files for `solve --method first --checkpoint FILE`: the steps of the search so far
// (nqueens/first_proof.hpp), which are both what a resumed run needs (the rows settled, and for
// the row in progress the pieces refuted and cut) and the proof that the answer is first.
//
//   nqueens-first-checkpoint 1
//   version 0.2.0
//   n 42
//   R 1 1 1 3 5 2 4 ...
//   X 2 1 0
//   ...
//   checksum 9f3c0e51a2b4d6c8
//
// Saved and journaled like count's checkpoints (durable_file.hpp): FILE is replaced atomically
// every `every` seconds, and each step between two saves is appended to FILE.journal with one
// write(2), so a kill -9 loses only the pieces being searched.
#pragma once

#include <string>
#include <vector>

#include "durable_file.hpp"
#include "nqueens/first_proof.hpp"

namespace nqcli {

class FirstCheckpoint {
 public:
  // Loads FILE (and its journal) if it exists; throws UsageError, leaving it untouched, if it is
  // damaged or belongs to another n or program version.
  FirstCheckpoint(std::string path, int n, double every);
  FirstCheckpoint(const FirstCheckpoint&) = delete;
  FirstCheckpoint& operator=(const FirstCheckpoint&) = delete;

  const std::vector<nq::FirstStep>& steps() const { return steps_; }  // resumed, then added
  std::size_t resumed() const { return resumed_; }

  // Before any work: saves, so that a bad path fails at once (throws CheckpointError).
  void start();
  // One step: journaled at once, saved when due. A failed write warns once and the search goes
  // on (durable_file.hpp).
  void add(const nq::FirstStep& step);
  // Saves FILE with every step and removes the journal; throws CheckpointError.
  void finish();

 private:
  std::string text() const;
  std::string path_;
  int n_;
  std::vector<nq::FirstStep> steps_;
  std::size_t resumed_ = 0;
  JournaledFile file_;
};

}  // namespace nqcli
