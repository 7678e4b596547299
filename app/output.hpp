// SPDX-License-Identifier: MIT
// Buffered writing to a file descriptor for streams of millions of lines: one write(2) per
// megabyte, and a reader that goes away (`| head`) is noticed as closed() rather than killing
// the process with SIGPIPE, so the command can end quietly with exit 0.
#pragma once

#include <cstddef>
#include <string>

namespace nqcli {

class FdOutput {
 public:
  explicit FdOutput(int fd);  // ignores SIGPIPE for the process from here on
  ~FdOutput();
  FdOutput(const FdOutput&) = delete;
  FdOutput& operator=(const FdOutput&) = delete;

  // Space for `bytes` more bytes at the end of the buffer; commit() what was written there.
  char* reserve(std::size_t bytes);
  void commit(char* end) { used_ = static_cast<std::size_t>(end - buffer_.data()); }
  void append(std::string_view text);

  bool flush_if_full() { return used_ < kFlushAt || flush(); }
  bool flush();  // false once the reader has gone; throws UsageError on other write errors
  bool closed() const { return closed_; }

 private:
  static constexpr std::size_t kFlushAt = 1 << 20;
  int fd_;
  std::string buffer_;
  std::size_t used_ = 0;
  bool closed_ = false;
};

}  // namespace nqcli
