// SPDX-License-Identifier: MIT
#include "checkpoint.hpp"

#include <fmt/core.h>

#include <set>
#include <sstream>

#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-checkpoint 1";
constexpr const char* kJournalMagic = CountCheckpointFormat::kJournalMagic;

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

namespace {

// The journal's "id count" lines: each a subproblem of `c` not done yet.
std::vector<nq::SubproblemCount> journal_counts(const std::vector<std::string>& text,
                                                const std::string& file, const Checkpoint& c) {
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

}  // namespace

std::vector<nq::SubproblemCount> load_journal(const std::string& path, const Checkpoint& c) {
  const std::string file = journal_path(path);
  return journal_counts(journal_lines(file, kJournalMagic, c.checksum), file, c);
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

bool CountCheckpointFormat::load(const std::string& path, std::string& checksum) {
  std::optional<Checkpoint> old = load_checkpoint(path);
  if (!old) return false;
  loaded = std::move(*old);
  checksum = loaded.checksum;
  return true;
}

std::string CountCheckpointFormat::identity() const {
  return fmt::format("n = {} with the {} engine of nqueens {}", state.n, state.engine,
                     state.version);
}

std::string CountCheckpointFormat::loaded_identity() const {
  return fmt::format("n = {} with the {} engine of nqueens {}", loaded.n, loaded.engine,
                     loaded.version);
}

void CountCheckpointFormat::replay(const std::vector<std::string>& lines,
                                   const std::string& journal) {
  const std::vector<nq::SubproblemCount> journaled = journal_counts(lines, journal, state);
  state.done.insert(state.done.end(), journaled.begin(), journaled.end());
}

std::string CountCheckpointFormat::line(const Item& s) const {
  return fmt::format("{} {}", s.id, s.count);
}

CheckpointKeeper::CheckpointKeeper(std::string path, int n, std::string engine, double every,
                                   const std::string& job)
    : file_(std::move(path),
            CountCheckpointFormat{{nq::kVersion, n, std::move(engine), 0, {}, {}}, {}}, every, job),
      resumed_(file_.format().state.done),
      resumed_subproblems_(file_.format().state.subproblems) {}

void CheckpointKeeper::start(std::uint64_t subproblems) {
  file_.format().state.subproblems = subproblems;
  file_.save();
}

}  // namespace nqcli
