// SPDX-License-Identifier: MIT
// Streaming one solution of any size: columns arrive in pieces (from a formula or a search) and
// leave as perm text (one line, or one number per line), JSON, or uint32 little-endian binary,
// without the board ever being held as text.
#pragma once

#include <cstdint>

#include "nqueens/placement.hpp"
#include "output.hpp"

namespace nqcli {

enum class ColumnFormat { perm, perm_lines, json, binary };

class ColumnWriter {
 public:
  ColumnWriter(FdOutput& out, ColumnFormat format, std::uint64_t n);
  void write(const nq::Column* columns, std::size_t count);  // 0-based, the next rows
  void finish();                                             // closes the line or object

 private:
  FdOutput& out_;
  ColumnFormat format_;
  std::uint64_t written_ = 0;
};

}  // namespace nqcli
