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
//
// A checkpoint belongs to its n, not to the program that wrote it: `version` names the last
// program that saved it, and another version resumes it. The steps' meaning is the format's
// (the magic's number, raised when a step's words change), and what they claim is checked by
// `nqueens audit-first` on the finished proof, so a row's search can outlive one machine and
// one release (bench/first-table.sh keeps the open rows' checkpoints in docs/first/).
#pragma once

#include <string>
#include <vector>

#include "durable_file.hpp"
#include "journaled_state.hpp"
#include "nqueens/first_proof.hpp"

namespace nqcli {

// The first checkpoint's format, for JournaledState (journaled_state.hpp): one step
// (nq::format_first_step) a line; a file is this run's when its n is.
struct FirstCheckpointFormat {
  using Item = nq::FirstStep;
  static constexpr const char* kJournalMagic = "nqueens-first-journal 1";

  int n = 0;
  std::vector<nq::FirstStep> steps;  // resumed, then added
  std::string loaded_version;        // the last program that saved it; said, not compared
  int loaded_n = 0;
  std::vector<std::string> body;  // the loaded file's step lines, read once it is this run's

  bool load(const std::string& path, std::string& checksum);
  std::string identity() const;
  std::string loaded_identity() const;
  void load_items();
  void replay(const std::vector<std::string>& lines, const std::string& journal);
  void push(const Item& step) { steps.push_back(step); }
  std::string text() const;
  std::string line(const Item& step) const { return nq::format_first_step(step); }
  std::string damaged(const std::string& path, const std::string& why) const {
    return "checkpoint " + path + " is damaged: " + why;
  }
};

class FirstCheckpoint {
 public:
  // Loads FILE (and its journal) if it exists; throws UsageError, leaving it untouched, if it is
  // damaged or belongs to another n.
  FirstCheckpoint(std::string path, int n, double every);

  const std::vector<nq::FirstStep>& steps() const { return file_.format().steps; }
  std::size_t resumed() const { return resumed_; }

  // Before any work: saves, so that a bad path fails at once (throws CheckpointError).
  void start() { file_.save(); }
  // One step: journaled at once, saved when due. A failed write warns once and the search goes
  // on (durable_file.hpp).
  void add(const nq::FirstStep& step) { file_.add(step); }
  // Saves FILE with every step and removes the journal; throws CheckpointError.
  void finish() { file_.finish(); }
  // A reader's end (nothing added, nothing saved): the file stays as it was, and the lock file
  // this object made is removed.
  void release() { file_.release(); }

 private:
  JournaledState<FirstCheckpointFormat> file_;
  std::size_t resumed_ = 0;
};

}  // namespace nqcli
