// SPDX-License-Identifier: MIT
// The file handling behind checkpoints (count --checkpoint, solve --method first --checkpoint):
// whole files replaced atomically, a checksum line that tells a whole file from a damaged one,
// and journals appended one line per write(2) between two saves.
//
// A checksummed file ends with "checksum HEX", HEX being FNV-1a (64-bit) of every byte before
// that line. A journal starts with "MAGIC CHECKSUM", naming the file it extends: a journal that
// names another file is stale (the file saved after it already holds its lines), and a torn last
// line is work in flight; both are dropped on reading.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace nqcli {

struct CheckpointError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// FNV-1a, 64-bit: the checkpoints' checksum, also used to compare splits across ranks.
std::uint64_t fnv1a(std::string_view bytes);

// Writes all of `data` to `fd`; CheckpointError naming `path` on failure.
void write_all(int fd, std::string_view data, const std::string& path);

// Writes `text` to PATH.tmp and renames it over PATH, so PATH is always whole: the old or the new
// contents. `durable`: flush the file and then the rename to disk first (a power cut keeps it).
void replace_file(const std::string& path, const std::string& text, bool durable);

// The whole file; false if it does not exist; CheckpointError if it cannot be read.
bool read_whole_file(const std::string& path, std::string& text);

// `text` + its checksum line.
std::string with_checksum(std::string text, std::string& checksum);
// The text before a valid checksum line, and the checksum; CheckpointError("...") saying what is
// wrong otherwise (the caller names the file).
std::string_view checked_body(std::string_view text, std::string& checksum);

// The whole lines of a journal after its header "MAGIC CHECKSUM"; none if the journal does not
// exist or names another checksum.
std::vector<std::string> journal_lines(const std::string& path, std::string_view magic,
                                       std::string_view checksum);

// A checkpoint FILE kept in step with a long job: save() replaces FILE with a text and its
// checksum line and starts FILE.journal afresh (header "MAGIC CHECKSUM"); add() appends one line
// of finished work to the journal with one write(2), or saves the whole text instead when
// `every` seconds have passed since the last save.
//
// What survives what:
//  - kill -9: everything journaled (each line is one write(2) into the page cache).
//  - A power cut: the last save (fsynced, and its directory) and the journal up to its last
//    flush; the journal is flushed (fdatasync) at most once a second, so about a second of lines
//    is lost beyond the work in flight.
//  - A failed write (a full disk, an I/O error): the job goes on, the work stays in memory, one
//    warning says so, and every due save tries again; the journal is given up until a save works.
//    finish() throws if its own save fails, so that the caller can still print the result and
//    say it was not saved.
//  - Two runs on one FILE: lock() takes an exclusive flock on FILE.lock for the life of the
//    object and refuses (CheckpointError) when another run holds it.
// Every .tmp a failed or killed save leaves behind is removed (at the failure, and when the next
// run takes the lock).
class JournaledFile {
 public:
  // `warn` receives the one-line warnings (stderr by default).
  JournaledFile(std::string path, std::string journal_magic, double every,
                std::function<void(const std::string&)> warn = {});
  ~JournaledFile();
  JournaledFile(const JournaledFile&) = delete;

  // Before anything else: the run's lock, and the removal of what a killed save left behind.
  // Throws CheckpointError ("... is in use by another run", or the path cannot be written).
  void lock();
  JournaledFile& operator=(const JournaledFile&) = delete;

  // Throws CheckpointError.
  void save(std::string text);
  // `text` makes the whole file when a save is due; never throws (see above).
  void add(std::string_view line, const std::function<std::string()>& text);
  // Saves and removes the journal and the lock file; throws CheckpointError.
  void finish(std::string text);
  // Removes the lock file and leaves the file and its journal alone: for a reader that loaded
  // them and wrote nothing. Still locked by this object until its destructor.
  void release();

  const std::string& checksum() const { return checksum_; }  // of the last save
  const std::string& error() const { return error_; }        // the last failure not yet repaired
  const std::string& path() const { return path_; }

 private:
  void failed(const std::string& why);

  std::string path_;
  std::string magic_;
  double every_;
  std::function<void(const std::string&)> warn_;
  std::string checksum_;
  std::chrono::steady_clock::time_point saved_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point flushed_ = saved_;
  int journal_ = -1;
  int lock_ = -1;
  std::string error_;
};

}  // namespace nqcli
