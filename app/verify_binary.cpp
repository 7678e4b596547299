// SPDX-License-Identifier: MIT
// A regular file is read twice at most: once streaming through the verifier, and, only when a
// queen is attacked, once more up to that row to find the earliest attacker. Standard input
// cannot be re-read, so it is held in memory (4 bytes per queen) and scanned from there.
#include "verify_binary.hpp"

#include <fmt/core.h>
#include <sys/stat.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "commands.hpp"
#include "input.hpp"
#include "nqueens/format.hpp"
#include "nqueens/memory.hpp"

namespace nqcli {

namespace {

static_assert(std::endian::native == std::endian::little, "the binary format is little-endian");

// Columns in pieces, from a file (re-openable) or from memory.
class ColumnReader {
 public:
  ColumnReader(const std::string& path, const std::string* memory) : path_(path), memory_(memory) {
    rewind();
  }
  ~ColumnReader() {
    if (file_ != nullptr) std::fclose(file_);
  }
  ColumnReader(const ColumnReader&) = delete;
  ColumnReader& operator=(const ColumnReader&) = delete;

  void rewind() {
    offset_ = 0;
    if (memory_ != nullptr) return;
    if (file_ != nullptr) std::fclose(file_);
    file_ = std::fopen(path_.c_str(), "rb");
    if (file_ == nullptr) throw UsageError("cannot open '" + path_ + "': " + std::strerror(errno));
  }

  // Up to piece.size() columns; 0 at the end.
  std::size_t next(std::vector<nq::Column>& piece) {
    if (memory_ != nullptr) {
      const std::size_t take = std::min(piece.size(), (memory_->size() - offset_) / 4);
      std::memcpy(piece.data(), memory_->data() + offset_, take * 4);
      offset_ += take * 4;
      return take;
    }
    const std::size_t got = std::fread(piece.data(), 4, piece.size(), file_);
    if (got < piece.size() && std::ferror(file_)) {
      throw UsageError("cannot read '" + path_ + "': " + std::strerror(errno));
    }
    return got;
  }

 private:
  std::string path_;
  const std::string* memory_;
  std::FILE* file_ = nullptr;
  std::size_t offset_ = 0;
};

std::uint64_t queens_in(std::uint64_t bytes, std::optional<std::uint64_t> expected) {
  if (bytes == 0) throw nq::ParseError("binary: empty input; expected 4 bytes per queen");
  if (bytes % 4 != 0) {
    throw nq::ParseError(
        fmt::format("binary: {} bytes is not a whole number of 4-byte columns", bytes));
  }
  const std::uint64_t n = bytes / 4;
  if (n > 0xFFFFFFFFull) throw nq::ParseError(fmt::format("binary: {} queens is too many", n));
  if (expected && *expected != n) {
    throw nq::ParseError(fmt::format("binary: expected {} columns, got {}", *expected, n));
  }
  return n;
}

// The earliest row before `row_b` whose queen lies on `line` with (row_b, col_b).
nq::Attack find_attacker(ColumnReader& reader, std::uint64_t row_b, nq::Column col_b,
                         nq::Line line) {
  reader.rewind();
  std::vector<nq::Column> piece(1 << 16);
  for (std::uint64_t row = 0; row < row_b;) {
    const std::size_t got = reader.next(piece);
    for (std::size_t i = 0; i < got && row < row_b; ++i, ++row) {
      if (nq::on_line(line, row, piece[i], row_b, col_b)) {
        return {static_cast<std::size_t>(row), piece[i], static_cast<std::size_t>(row_b), col_b,
                line};
      }
    }
  }
  throw std::logic_error("verify: the attacker vanished on the second pass");
}

}  // namespace

BinaryVerdict verify_binary(const std::string& path, std::optional<std::uint64_t> expected_size) {
  const bool from_stdin = path.empty() || path == "-";
  struct stat info {};
  const bool regular = !from_stdin && ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
  std::string memory;
  if (!regular) memory = read_input(path);  // stdin, a pipe, or an error message from read_input
  BinaryVerdict verdict;
  verdict.n =
      queens_in(regular ? static_cast<std::uint64_t>(info.st_size) : memory.size(), expected_size);
  nq::require_memory(nq::StreamingVerifier::bytes_needed(verdict.n), "verifying this placement");

  ColumnReader reader(path, regular ? nullptr : &memory);
  nq::StreamingVerifier verifier(verdict.n);
  std::vector<nq::Column> piece(1 << 16);
  for (std::uint64_t row = 0;;) {
    const std::size_t got = reader.next(piece);
    if (got == 0) break;
    for (std::size_t i = 0; i < got; ++i, ++row) {
      const nq::Column col = piece[i];
      if (col >= verdict.n) {
        throw nq::ParseError(fmt::format("binary: column {} of row {} is out of range 0..{}", col,
                                         row + 1, verdict.n - 1));
      }
      if (const std::optional<nq::Line> line = verifier.add(col)) {
        verdict.attack = find_attacker(reader, row, col, *line);
        return verdict;
      }
    }
  }
  return verdict;
}

}  // namespace nqcli
