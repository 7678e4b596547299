// SPDX-License-Identifier: MIT
#include "output.hpp"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "commands.hpp"

namespace nqcli {

FdOutput::FdOutput(int fd) : fd_(fd) {
  std::signal(SIGPIPE, SIG_IGN);
  buffer_.resize(2 * kFlushAt);
}

FdOutput::~FdOutput() {
  try {
    flush();
  } catch (...) {  // a destructor must not throw; run() flushes explicitly first
  }
}

char* FdOutput::reserve(std::size_t bytes) {
  if (used_ + bytes > buffer_.size()) buffer_.resize(std::max(buffer_.size() * 2, used_ + bytes));
  return buffer_.data() + used_;
}

void FdOutput::append(std::string_view text) {
  char* at = reserve(text.size());
  std::memcpy(at, text.data(), text.size());
  commit(at + text.size());
}

bool FdOutput::flush() {
  std::size_t done = 0;
  while (!closed_ && done < used_) {
    const ssize_t wrote = ::write(fd_, buffer_.data() + done, used_ - done);
    if (wrote >= 0) {
      done += static_cast<std::size_t>(wrote);
    } else if (errno == EPIPE) {
      closed_ = true;
    } else if (errno != EINTR) {
      used_ = 0;
      throw UsageError(std::string("cannot write the output: ") + std::strerror(errno));
    }
  }
  used_ = 0;
  return !closed_;
}

}  // namespace nqcli
