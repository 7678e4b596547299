// SPDX-License-Identifier: MIT
#include "durable_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace nqcli {

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

void write_all(int fd, std::string_view data, const std::string& path) {
  std::size_t written = 0;
  while (written < data.size()) {
    const ssize_t w = ::write(fd, data.data() + written, data.size() - written);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) throw CheckpointError("cannot write " + path + ": " + std::strerror(errno));
    written += static_cast<std::size_t>(w);
  }
}

namespace {

// close(2), reporting its error (NFS and some disks report a failed write only here).
void close_checked(int fd, const std::string& path) {
  if (::close(fd) != 0) throw CheckpointError("cannot close " + path + ": " + std::strerror(errno));
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash + 1);
}

}  // namespace

void replace_file(const std::string& path, const std::string& text, bool durable) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw CheckpointError("cannot write " + tmp + ": " + std::strerror(errno));
  try {
    try {
      write_all(fd, text, tmp);
      if (durable && ::fsync(fd) != 0) {
        throw CheckpointError("cannot flush " + tmp + ": " + std::strerror(errno));
      }
    } catch (...) {
      ::close(fd);
      throw;
    }
    close_checked(fd, tmp);
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
      throw CheckpointError("cannot replace " + path + ": " + std::strerror(errno));
    }
  } catch (...) {
    std::remove(tmp.c_str());  // no .tmp left behind by a failed save
    throw;
  }
  if (!durable) return;
  // The rename itself is durable only once the directory is flushed.
  const std::string dir = directory_of(path), what = dir + " (the directory of " + path + ")";
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) throw CheckpointError("cannot open " + what + ": " + std::strerror(errno));
  if (::fsync(dfd) != 0) {
    const int error = errno;
    ::close(dfd);
    throw CheckpointError("cannot flush " + what + ": " + std::strerror(error));
  }
  close_checked(dfd, what);
}

bool read_whole_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (errno == ENOENT) return false;
    throw CheckpointError("cannot read " + path + ": " + std::strerror(errno));
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

std::string with_checksum(std::string text, std::string& checksum) {
  checksum = fmt::format("{:016x}", fnv1a(text));
  text += fmt::format("checksum {}\n", checksum);
  return text;
}

std::string_view checked_body(std::string_view text, std::string& checksum) {
  const std::size_t sum_at = text.rfind("checksum ");
  if (sum_at == std::string::npos || (sum_at > 0 && text[sum_at - 1] != '\n')) {
    throw CheckpointError("no checksum line (truncated?)");
  }
  std::string_view sum_text = text.substr(sum_at + 9);
  if (!sum_text.empty() && sum_text.back() == '\n') sum_text.remove_suffix(1);
  if (sum_text != fmt::format("{:016x}", fnv1a(text.substr(0, sum_at)))) {
    throw CheckpointError("checksum does not match its contents");
  }
  checksum = std::string(sum_text);
  return text.substr(0, sum_at);
}

std::vector<std::string> journal_lines(const std::string& path, std::string_view magic,
                                       std::string_view checksum) {
  std::string text;
  if (!read_whole_file(path, text)) return {};
  const std::size_t header_end = text.find('\n');
  if (header_end == std::string::npos ||
      text.substr(0, header_end) != fmt::format("{} {}", magic, checksum)) {
    return {};  // stale (another checkpoint's) or torn before its first line: nothing to add
  }
  text.resize(text.rfind('\n') + 1);  // a torn last line was work in flight
  std::vector<std::string> lines;
  std::istringstream rest(text.substr(header_end + 1));
  for (std::string line; std::getline(rest, line);) lines.push_back(line);
  return lines;
}

JournaledFile::JournaledFile(std::string path, std::string journal_magic, double every,
                             std::function<void(const std::string&)> warn)
    : path_(std::move(path)),
      magic_(std::move(journal_magic)),
      every_(every),
      warn_(std::move(warn)) {
  if (!warn_) warn_ = [](const std::string& line) { fmt::print(stderr, "nqueens: {}\n", line); };
}

void JournaledFile::lock() {
  const std::string lock = path_ + ".lock";
  lock_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_ < 0) throw CheckpointError("cannot write " + lock + ": " + std::strerror(errno));
  if (::flock(lock_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(lock_);
    lock_ = -1;
    if (error == EWOULDBLOCK) {
      throw CheckpointError("checkpoint " + path_ + " is in use by another run (" + lock +
                            " is locked); wait for it to end or give another file");
    }
    throw CheckpointError("cannot lock " + lock + ": " + std::strerror(error));
  }
  // Ours now: what a killed save left behind goes.
  std::remove((path_ + ".tmp").c_str());
  std::remove((path_ + ".journal.tmp").c_str());
}

JournaledFile::~JournaledFile() {
  if (journal_ >= 0) ::close(journal_);
  if (lock_ >= 0) ::close(lock_);  // releases the flock
}

void JournaledFile::save(std::string text) {
  replace_file(path_, with_checksum(std::move(text), checksum_), true);
  saved_ = flushed_ = std::chrono::steady_clock::now();
  // A fresh journal for the new file, swapped in whole so that a kill between the two renames
  // leaves a stale journal (ignored) rather than a wrong one.
  if (journal_ >= 0) ::close(journal_);  // superseded by the save: its errors no longer matter
  journal_ = -1;
  const std::string file = path_ + ".journal";
  replace_file(file, fmt::format("{} {}\n", magic_, checksum_), false);
  journal_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (journal_ < 0) throw CheckpointError("cannot append to " + file + ": " + std::strerror(errno));
  error_.clear();
}

void JournaledFile::failed(const std::string& why) {
  if (error_.empty()) {
    warn_(why + "; the work goes on in memory and the next save tries again");
  }
  error_ = why;
  if (journal_ >= 0) ::close(journal_);
  journal_ = -1;  // lines after a failed one would not be read back in order
  saved_ = std::chrono::steady_clock::now();  // the next try after `every` seconds
}

void JournaledFile::add(std::string_view line, const std::function<std::string()>& text) {
  using Clock = std::chrono::steady_clock;
  const auto now = Clock::now();
  try {
    if (now - saved_ >= std::chrono::duration<double>(every_)) {
      save(text());
    } else if (journal_ >= 0) {
      const std::string file = path_ + ".journal";
      write_all(journal_, std::string(line) + '\n', file);
      if (now - flushed_ >= std::chrono::seconds(1)) {
        if (::fdatasync(journal_) != 0) {
          throw CheckpointError("cannot flush " + file + ": " + std::strerror(errno));
        }
        flushed_ = now;
      }
    }
  } catch (const CheckpointError& e) {
    failed(e.what());
  }
}

void JournaledFile::release() { std::remove((path_ + ".lock").c_str()); }

void JournaledFile::finish(std::string text) {
  save(std::move(text));
  ::close(journal_);
  journal_ = -1;
  std::remove((path_ + ".journal").c_str());
  release();  // the lock file goes; still locked by us until the destructor
}

}  // namespace nqcli
