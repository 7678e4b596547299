// SPDX-License-Identifier: MIT
#include "checkpoint.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#include "contract.hpp"
#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-checkpoint 1";
constexpr const char* kJournalMagic = "nqueens-journal 1";

std::string journal_path(const std::string& path) { return path + ".journal"; }

[[noreturn]] void damaged(const std::string& path, const std::string& why) {
  throw CheckpointError("checkpoint " + path + " is damaged: " + why);
}

}  // namespace

std::optional<Checkpoint> load_checkpoint(const std::string& path) {
  std::string text, checksum;
  if (!read_whole_file(path, text)) return std::nullopt;
  std::string_view body;
  try {
    body = checked_body(text, checksum);
  } catch (const CheckpointError& e) {
    damaged(path, e.what());
  }

  std::istringstream lines{std::string(body)};
  std::string line;
  if (!std::getline(lines, line) || line != kMagic) damaged(path, "not an nqueens checkpoint");
  Checkpoint c;
  std::string key;
  std::uint64_t done = 0;
  if (!(lines >> key >> c.version) || key != "version") damaged(path, "no version line");
  if (!(lines >> key >> c.n) || key != "n") damaged(path, "no n line");
  if (!(lines >> key >> c.engine) || key != "engine") damaged(path, "no engine line");
  if (!(lines >> key >> c.subproblems) || key != "subproblems") damaged(path, "no subproblems");
  if (!(lines >> key >> done) || key != "done" || done > c.subproblems) {
    damaged(path, "no valid done line");
  }
  std::set<std::uint64_t> seen;
  for (std::uint64_t i = 0; i < done; ++i) {
    nq::SubproblemCount s;
    if (!(lines >> s.id >> s.count)) damaged(path, "fewer results than its done line says");
    if (s.id >= c.subproblems || !seen.insert(s.id).second) {
      damaged(path, fmt::format("bad or repeated subproblem id {}", s.id));
    }
    c.done.push_back(s);
  }
  if (lines >> key) damaged(path, "unexpected text after the results");
  c.checksum = checksum;
  return c;
}

std::vector<nq::SubproblemCount> load_journal(const std::string& path, const Checkpoint& c) {
  const std::string file = journal_path(path);
  const std::vector<std::string> text = journal_lines(file, kJournalMagic, c.checksum);
  std::set<std::uint64_t> done;
  for (const nq::SubproblemCount& s : c.done) done.insert(s.id);
  std::vector<nq::SubproblemCount> lines;
  std::size_t number = 1;
  for (const std::string& line : text) {
    ++number;
    nq::SubproblemCount s;
    std::istringstream fields(line);
    std::string extra;
    if (!(fields >> s.id >> s.count) || (fields >> extra) || s.id >= c.subproblems ||
        !done.insert(s.id).second) {
      throw CheckpointError(
          fmt::format("journal {} is damaged: line {} is not a new 'id count' line", file, number));
    }
    lines.push_back(s);
  }
  return lines;
}

std::string checkpoint_text(const Checkpoint& c) {
  std::string text = fmt::format("{}\nversion {}\nn {}\nengine {}\nsubproblems {}\ndone {}\n",
                                 kMagic, c.version, c.n, c.engine, c.subproblems, c.done.size());
  for (const nq::SubproblemCount& s : c.done) text += fmt::format("{} {}\n", s.id, s.count);
  return text;
}

void save_checkpoint(const std::string& path, Checkpoint& c) {
  replace_file(path, with_checksum(checkpoint_text(c), c.checksum), true);
}

CheckpointKeeper::CheckpointKeeper(std::string path, int n, std::string engine, double every,
                                   const std::string& job)
    : path_(std::move(path)),
      state_{nq::kVersion, n, std::move(engine), 0, {}, {}},
      file_(path_, kJournalMagic, every) {
  try {
    file_.lock();  // before reading: another run may be writing it
  } catch (const CheckpointError& e) {
    throw UsageError(job + ": " + e.what());
  }
  try {
    if (std::optional<Checkpoint> old = load_checkpoint(path_)) {
      if (old->version != state_.version || old->n != n || old->engine != state_.engine) {
        throw UsageError(fmt::format(
            "{}: checkpoint {} is for n = {} with the {} engine of nqueens {}, not n = {} with the "
            "{} engine of nqueens {}; left untouched",
            job, path_, old->n, old->engine, old->version, n, state_.engine, state_.version));
      }
      const std::vector<nq::SubproblemCount> journaled = load_journal(path_, *old);
      old->done.insert(old->done.end(), journaled.begin(), journaled.end());
      state_ = std::move(*old);
      resumed_ = state_.done;
      resumed_subproblems_ = state_.subproblems;
    }
  } catch (const CheckpointError& e) {
    throw UsageError(job + ": " + e.what() + "; left untouched");
  }
}

void CheckpointKeeper::start(std::uint64_t subproblems) {
  state_.subproblems = subproblems;
  save();
}

void CheckpointKeeper::save() {
  file_.save(checkpoint_text(state_));
  state_.checksum = file_.checksum();
}

void CheckpointKeeper::add(const nq::SubproblemCount& s) {
  state_.done.push_back(s);
  file_.add(fmt::format("{} {}", s.id, s.count), [this] { return checkpoint_text(state_); });
  state_.checksum = file_.checksum();
}

void CheckpointKeeper::finish() {
  file_.finish(checkpoint_text(state_));
  state_.checksum = file_.checksum();
}

}  // namespace nqcli
