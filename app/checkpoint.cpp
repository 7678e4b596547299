// SPDX-License-Identifier: MIT
#include "checkpoint.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-checkpoint 1";

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

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

}  // namespace

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
  return c;
}

void save_checkpoint(const std::string& path, const Checkpoint& c) {
  std::string text = fmt::format("{}\nversion {}\nn {}\nengine {}\nsubproblems {}\ndone {}\n",
                                 kMagic, c.version, c.n, c.engine, c.subproblems, c.done.size());
  for (const nq::SubproblemCount& s : c.done) text += fmt::format("{} {}\n", s.id, s.count);
  text += fmt::format("checksum {:016x}\n", fnv1a(text));

  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CheckpointError("cannot write " + tmp + ": " + std::strerror(errno));
  try {
    write_all(fd, text, tmp);
    if (::fsync(fd) != 0)
      throw CheckpointError("cannot flush " + tmp + ": " + std::strerror(errno));
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    throw CheckpointError("cannot replace " + path + ": " + std::strerror(errno));
  }
  // Make the rename itself durable.
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace nqcli
