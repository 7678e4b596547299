// SPDX-License-Identifier: MIT
#include "column_output.hpp"

#include <bit>
#include <charconv>
#include <cstring>
#include <string>

namespace nqcli {

ColumnWriter::ColumnWriter(FdOutput& out, ColumnFormat format, std::uint64_t n)
    : out_(out), format_(format) {
  if (format_ == ColumnFormat::json) out_.append("{\"n\":" + std::to_string(n) + ",\"perm\":[");
}

void ColumnWriter::write(const nq::Column* columns, std::size_t count) {
  if (format_ == ColumnFormat::binary) {
    static_assert(std::endian::native == std::endian::little, "binary output is little-endian");
    out_.append(
        std::string_view(reinterpret_cast<const char*>(columns), count * sizeof(nq::Column)));
    out_.flush_if_full();
    return;
  }
  const char separator = format_ == ColumnFormat::perm   ? ' '
                         : format_ == ColumnFormat::json ? ','
                                                         : '\n';
  for (std::size_t i = 0; i < count; ++i) {
    char* at = out_.reserve(12);
    if (written_++ > 0 && format_ != ColumnFormat::perm_lines) *at++ = separator;
    at = std::to_chars(at, at + 11, static_cast<std::uint64_t>(columns[i]) + 1).ptr;
    if (format_ == ColumnFormat::perm_lines) *at++ = '\n';
    out_.commit(at);
    if ((i & 0xFFFF) == 0) out_.flush_if_full();
  }
}

void ColumnWriter::finish() {
  if (format_ == ColumnFormat::perm) out_.append("\n");
  if (format_ == ColumnFormat::json) out_.append("]}\n");
  out_.flush();
}

}  // namespace nqcli
