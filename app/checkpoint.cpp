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

#include "commands.hpp"
#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-checkpoint 1";
constexpr const char* kJournalMagic = "nqueens-journal 1";

std::string journal_path(const std::string& path) { return path + ".journal"; }

[[noreturn]] void damaged(const std::string& path, const std::string& why) {
  throw CheckpointError("checkpoint " + path + " is damaged: " + why);
}

void write_all(int fd, const std::string& data, const std::string& path) {
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t w = ::write(fd, data.data() + written, data.size() - written);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw CheckpointError("cannot write " + path + ": " + std::strerror(errno));
    written += static_cast<std::size_t>(w);
  }
}

// Writes `text` to PATH.tmp and renames it over PATH, so PATH is always whole: the old or the new
// contents. `durable`: flush the file and then the rename to disk first (a power cut keeps it).
void replace_file(const std::string& path, const std::string& text, bool durable) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CheckpointError("cannot write " + tmp + ": " + std::strerror(errno));
  try {
    write_all(fd, text, tmp);
    if (durable && ::fsync(fd) != 0) {
      throw CheckpointError("cannot flush " + tmp + ": " + std::strerror(errno));
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    throw CheckpointError("cannot replace " + path + ": " + std::strerror(errno));
  }
  if (!durable) return;
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::optional<Checkpoint> load_checkpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return std::nullopt;
    throw CheckpointError("cannot read checkpoint " + path + ": " + std::strerror(errno));
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  const std::size_t sum_at = text.rfind("checksum ");
  if (sum_at == std::string::npos || (sum_at > 0 && text[sum_at - 1] != '\n')) {
    damaged(path, "no checksum line (truncated?)");
  }
  std::string sum_text = text.substr(sum_at + 9);
  if (!sum_text.empty() && sum_text.back() == '\n') sum_text.pop_back();
  if (sum_text != fmt::format("{:016x}", fnv1a(std::string_view(text).substr(0, sum_at)))) {
    damaged(path, "checksum does not match its contents");
  }

  std::istringstream lines(text.substr(0, sum_at));
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
  c.checksum = sum_text;
  return c;
}

std::vector<nq::SubproblemCount> load_journal(const std::string& path, const Checkpoint& c) {
  const std::string file = journal_path(path);
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  const std::size_t header_end = text.find('\n');
  if (header_end == std::string::npos ||
      text.substr(0, header_end) != fmt::format("{} {}", kJournalMagic, c.checksum)) {
    return {};  // stale (another checkpoint's) or torn before its first line: nothing to add
  }
  text.resize(text.rfind('\n') + 1);  // a torn last line was work in flight
  std::set<std::uint64_t> done;
  for (const nq::SubproblemCount& s : c.done) done.insert(s.id);
  std::vector<nq::SubproblemCount> lines;
  std::istringstream rest(text.substr(header_end + 1));
  std::string line;
  for (std::size_t number = 2; std::getline(rest, line); ++number) {
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

void save_checkpoint(const std::string& path, Checkpoint& c) {
  std::string text = fmt::format("{}\nversion {}\nn {}\nengine {}\nsubproblems {}\ndone {}\n",
                                 kMagic, c.version, c.n, c.engine, c.subproblems, c.done.size());
  for (const nq::SubproblemCount& s : c.done) text += fmt::format("{} {}\n", s.id, s.count);
  c.checksum = fmt::format("{:016x}", fnv1a(text));
  text += fmt::format("checksum {}\n", c.checksum);

  replace_file(path, text, true);
}

CheckpointKeeper::CheckpointKeeper(std::string path, int n, std::string engine, double every,
                                   const std::string& job)
    : path_(std::move(path)), state_{nq::kVersion, n, std::move(engine), 0, {}, {}}, every_(every) {
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

CheckpointKeeper::~CheckpointKeeper() {
  if (journal_ >= 0) ::close(journal_);
}

void CheckpointKeeper::start(std::uint64_t subproblems) {
  state_.subproblems = subproblems;
  save();
}

void CheckpointKeeper::save() {
  save_checkpoint(path_, state_);
  saved_ = std::chrono::steady_clock::now();
  // A fresh journal for the new checkpoint, swapped in whole so that a kill between the two
  // renames leaves a stale journal (ignored) rather than a wrong one.
  if (journal_ >= 0) ::close(journal_);
  journal_ = -1;
  const std::string file = journal_path(path_);
  replace_file(file, fmt::format("{} {}\n", kJournalMagic, state_.checksum), false);
  journal_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (journal_ < 0) throw CheckpointError("cannot append to " + file + ": " + std::strerror(errno));
}

void CheckpointKeeper::add(const nq::SubproblemCount& s, std::stop_source& stop) {
  state_.done.push_back(s);
  if (!error_.empty()) return;
  try {
    if (std::chrono::steady_clock::now() - saved_ >= std::chrono::duration<double>(every_)) {
      save();
    } else if (journal_ >= 0) {
      write_all(journal_, fmt::format("{} {}\n", s.id, s.count), journal_path(path_));
    }
  } catch (const CheckpointError& e) {
    error_ = e.what();
    stop.request_stop();
  }
}

void CheckpointKeeper::finish() {
  save();
  ::close(journal_);
  journal_ = -1;
  std::remove(journal_path(path_).c_str());
}

}  // namespace nqcli
