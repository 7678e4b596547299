// SPDX-License-Identifier: MIT
#include "durable_file.hpp"

#include <fcntl.h>
#include <fmt/core.h>
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

JournaledFile::JournaledFile(std::string path, std::string journal_magic, double every)
    : path_(std::move(path)), magic_(std::move(journal_magic)), every_(every) {}

JournaledFile::~JournaledFile() {
  if (journal_ >= 0) ::close(journal_);
}

void JournaledFile::save(std::string text) {
  replace_file(path_, with_checksum(std::move(text), checksum_), true);
  saved_ = std::chrono::steady_clock::now();
  // A fresh journal for the new file, swapped in whole so that a kill between the two renames
  // leaves a stale journal (ignored) rather than a wrong one.
  if (journal_ >= 0) ::close(journal_);
  journal_ = -1;
  const std::string file = path_ + ".journal";
  replace_file(file, fmt::format("{} {}\n", magic_, checksum_), false);
  journal_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (journal_ < 0) throw CheckpointError("cannot append to " + file + ": " + std::strerror(errno));
}

void JournaledFile::add(std::string_view line, const std::function<std::string()>& text,
                        std::stop_source& stop) {
  if (!error_.empty()) return;
  try {
    if (std::chrono::steady_clock::now() - saved_ >= std::chrono::duration<double>(every_)) {
      save(text());
    } else if (journal_ >= 0) {
      write_all(journal_, std::string(line) + '\n', path_ + ".journal");
    }
  } catch (const CheckpointError& e) {
    error_ = e.what();
    stop.request_stop();
  }
}

void JournaledFile::finish(std::string text) {
  save(std::move(text));
  ::close(journal_);
  journal_ = -1;
  std::remove((path_ + ".journal").c_str());
}

}  // namespace nqcli
