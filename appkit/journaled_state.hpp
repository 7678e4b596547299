// SPDX-License-Identifier: MIT
// The protocol both checkpoint keepers follow (count's, checkpoint.hpp, and solve --method
// first's, first_checkpoint.hpp), written once: take the run's lock before reading (another run
// may be writing the file), load the file its checksum vouches for, refuse one made by another
// n or program version, replay the journal that extends it, and from then on keep the file in
// step with the job through JournaledFile (durable_file.hpp). Every refusal leaves the file
// untouched and says so, after the job's name ("count", "nqueens-mpi count", "solve").
//
// A Format owns what differs, its file: the words of its header and of one line of work.
//
//   struct Format {
//     using Item = ...;                                  // one piece of work, one journal line
//     static constexpr const char* kJournalMagic = ...;  // the journal's header, before the sum
//     // Reads FILE (false if it does not exist) and sets the checksum it ends with; throws
//     // CheckpointError when it is damaged, or Refusal.
//     bool load(const std::string& path, std::string& checksum);
//     std::string identity() const;         // this run's: "n = 18 with nqueens 0.2.0"
//     std::string loaded_identity() const;  // the loaded file's, in the same words
//     void load_items();                    // what load() left for after the comparison
//     void replay(const std::vector<std::string>& lines, const std::string& journal);
//     void push(const Item& item);
//     std::string text() const;                  // the whole file but its checksum line
//     std::string line(const Item& item) const;  // an item's journal line
//     // How a CheckpointError's `why` reads in the refusal, after "JOB: ".
//     std::string damaged(const std::string& path, const std::string& why) const;
//   };
#pragma once

#include <fmt/core.h>

#include <string>
#include <utility>
#include <vector>

#include "contract.hpp"
#include "durable_file.hpp"

namespace nqcli {

// A Format's refusal of the file: the words after "checkpoint PATH ".
struct Refusal {
  std::string words;
};

template <class Format>
class JournaledState {
 public:
  using Item = typename Format::Item;

  // Loads PATH and its journal if it exists; throws UsageError ("JOB: ...; left untouched")
  // when it is in use, damaged or another run's.
  JournaledState(std::string path, Format format, double every, const std::string& job)
      : path_(std::move(path)),
        format_(std::move(format)),
        file_(path_, Format::kJournalMagic, every) {
    try {
      file_.lock();  // before reading: another run may be writing it
    } catch (const CheckpointError& e) {
      throw UsageError(job + ": " + e.what());
    }
    try {
      resume();
    } catch (const Refusal& r) {
      throw UsageError(fmt::format("{}: checkpoint {} {}; left untouched", job, path_, r.words));
    } catch (const CheckpointError& e) {
      throw UsageError(job + ": " + format_.damaged(path_, e.what()) + "; left untouched");
    }
  }
  JournaledState(const JournaledState&) = delete;
  JournaledState& operator=(const JournaledState&) = delete;

  Format& format() { return format_; }
  const Format& format() const { return format_; }

  // Saves the whole file; throws CheckpointError (before any work: a bad path fails at once).
  void save() { file_.save(format_.text()); }
  // One item: journaled at once, saved when due; a failed write warns once and the job goes on.
  void add(const Item& item) {
    format_.push(item);
    file_.add(format_.line(item), [this] { return format_.text(); });
  }
  // Saves the file with everything and removes the journal; throws CheckpointError.
  void finish() { file_.finish(format_.text()); }
  // Removes the lock file, leaving the file and its journal as they are (a reader's end).
  void release() { file_.release(); }

 private:
  void resume() {
    std::string checksum;
    if (!format_.load(path_, checksum)) return;
    if (format_.loaded_identity() != format_.identity()) {
      throw Refusal{
          fmt::format("is for {}, not {}", format_.loaded_identity(), format_.identity())};
    }
    format_.load_items();
    const std::string journal = path_ + ".journal";
    format_.replay(journal_lines(journal, Format::kJournalMagic, checksum), journal);
  }

  std::string path_;
  Format format_;
  JournaledFile file_;
};

}  // namespace nqcli
