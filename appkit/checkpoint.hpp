// SPDX-License-Identifier: MIT
// Checkpoint files for `count --checkpoint FILE`: the subproblems finished so far, for one n,
// engine and program version. A text file, so that a person can read it:
//
//   nqueens-checkpoint 1
//   version 0.2.0
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
//
// Between two saves every finished subproblem is also appended to FILE.journal, one "id count"
// line per write(2), after a header naming the checksum of the checkpoint it extends:
//
//   nqueens-journal 1 9f3c0e51a2b4d6c8
//   112 4471
//
// A process killed at any moment (kill -9 included) thus loses only the subproblems it was still
// working on. A journal whose header names another checkpoint is stale (the checkpoint saved
// after it already holds its lines) and is ignored; a torn last line is ignored too.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "durable_file.hpp"
#include "journaled_state.hpp"
#include "nqueens/count.hpp"

namespace nqcli {

struct Checkpoint {
  std::string version;
  int n = 0;
  std::string engine;
  std::uint64_t subproblems = 0;
  std::vector<nq::SubproblemCount> done;
  std::string checksum;  // as read or last written; names the checkpoint in its journal
};

// nullopt if the file does not exist; CheckpointError if it cannot be read or is damaged.
std::optional<Checkpoint> load_checkpoint(const std::string& path);

// Throws CheckpointError if the file cannot be written; sets checkpoint.checksum.
void save_checkpoint(const std::string& path, Checkpoint& checkpoint);
// The text save_checkpoint writes, without its checksum line.
std::string checkpoint_text(const Checkpoint& checkpoint);

// The lines of PATH.journal that extend `checkpoint` (none if there is no such journal or it is
// stale); throws CheckpointError if a line is malformed, unknown or already done.
std::vector<nq::SubproblemCount> load_journal(const std::string& path,
                                              const Checkpoint& checkpoint);

// The count checkpoint's format, for JournaledState (journaled_state.hpp): one "id count" line
// per finished subproblem; a file is this run's when its n, engine and version are.
struct CountCheckpointFormat {
  using Item = nq::SubproblemCount;
  static constexpr const char* kJournalMagic = "nqueens-journal 1";

  Checkpoint state;   // this run's, then what it resumed, then what it added
  Checkpoint loaded;  // the file as read, until it is found to be this run's

  bool load(const std::string& path, std::string& checksum);
  std::string identity() const;
  std::string loaded_identity() const;
  void load_items() { state = std::move(loaded); }
  void replay(const std::vector<std::string>& lines, const std::string& journal);
  void push(const Item& s) { state.done.push_back(s); }
  std::string text() const { return checkpoint_text(state); }
  std::string line(const Item& s) const;
  // load_checkpoint's and the journal's errors already name their file.
  std::string damaged(const std::string&, const std::string& why) const { return why; }
};

// Keeps `--checkpoint FILE` in step with a count: resumes what FILE (and its journal) hold,
// journals each finished subproblem, saves FILE every `every` seconds and at the end.
class CheckpointKeeper {
 public:
  // Loads FILE if it exists; throws UsageError (file left untouched) if it is damaged or for
  // another n, engine or version. `job` starts the messages ("count", "nqueens-mpi count").
  CheckpointKeeper(std::string path, int n, std::string engine, double every,
                   const std::string& job);

  const std::vector<nq::SubproblemCount>& resumed() const { return resumed_; }
  std::uint64_t resumed_subproblems() const { return resumed_subproblems_; }

  // Before any work: records the number of subproblems and saves, so a bad path fails early.
  void start(std::uint64_t subproblems);
  // One finished subproblem: journaled at once, saved when due. A failed write warns once and
  // the count goes on (durable_file.hpp).
  void add(const nq::SubproblemCount& s) { file_.add(s); }
  // Saves FILE with everything and removes the journal; throws CheckpointError (the caller still
  // prints the result it has, and says it is not saved).
  void finish() { file_.finish(); }

 private:
  JournaledState<CountCheckpointFormat> file_;
  std::vector<nq::SubproblemCount> resumed_;
  std::uint64_t resumed_subproblems_ = 0;
};

}  // namespace nqcli
