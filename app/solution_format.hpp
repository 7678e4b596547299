// SPDX-License-Identifier: MIT
// Writing batches of solutions in the stream formats of `enumerate`: perm lines, boards
// separated by blank lines, JSON lines (with class size and stabilizer for --unique) and raw
// bytes. Text is built with table lookups straight into the output buffer: formatting must not
// be slower than the search that feeds it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "nqueens/enumerate.hpp"
#include "output.hpp"

namespace nqcli {

enum class StreamFormat { perm, board, jsonl, binary };

class SolutionWriter {
 public:
  SolutionWriter(StreamFormat format, int n);
  // Solutions [from, to) of the batch.
  void write(const nq::SolutionBatch& batch, std::size_t from, std::size_t to, FdOutput& out);

 private:
  char* put_numbers(char* at, const std::uint8_t* col, char separator) const;
  void write_perm(const std::uint8_t* col, FdOutput& out) const;
  void write_board(const std::uint8_t* col, FdOutput& out);
  void write_jsonl(const std::uint8_t* col, const std::uint8_t* stabilizer, FdOutput& out) const;

  StreamFormat format_;
  int n_;
  std::string numbers_[nq::kMaxEnumerateN];  // "1".."32"
  bool first_board_ = true;
};

}  // namespace nqcli
