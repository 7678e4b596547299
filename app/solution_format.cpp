// SPDX-License-Identifier: MIT
#include "solution_format.hpp"

#include <bit>
#include <cstring>

#include "nqueens/symmetry.hpp"

namespace nqcli {

SolutionWriter::SolutionWriter(StreamFormat format, int n) : format_(format), n_(n) {
  for (int c = 0; c < nq::kMaxEnumerateN; ++c) numbers_[c] = std::to_string(c + 1);
}

void SolutionWriter::write_perm(const std::uint8_t* col, FdOutput& out) const {
  char* at = out.reserve(3 * static_cast<std::size_t>(n_));
  for (int r = 0; r < n_; ++r) {
    const std::string& number = numbers_[col[r]];
    std::memcpy(at, number.data(), number.size());
    at += number.size();
    *at++ = ' ';
  }
  at[-1] = '\n';
  out.commit(at);
}

void SolutionWriter::write_board(const std::uint8_t* col, FdOutput& out) {
  const std::size_t line = static_cast<std::size_t>(n_) + 1;
  char* at = out.reserve(line * static_cast<std::size_t>(n_) + 1);
  if (!first_board_) *at++ = '\n';
  first_board_ = false;
  for (int r = 0; r < n_; ++r) {
    std::memset(at, '.', static_cast<std::size_t>(n_));
    at[col[r]] = 'Q';
    at[n_] = '\n';
    at += line;
  }
  out.commit(at);
}

void SolutionWriter::write_jsonl(const std::uint8_t* col, const std::uint8_t* stabilizer,
                                 FdOutput& out) const {
  std::string line = "{\"perm\":[";
  for (int r = 0; r < n_; ++r) {
    if (r > 0) line += ',';
    line += numbers_[col[r]];
  }
  line += ']';
  if (stabilizer != nullptr) {
    line += ",\"class_size\":" + std::to_string(8 / std::popcount(*stabilizer));
    line += ",\"fixed_by\":[";
    for (std::size_t s = 0; s < nq::kAllSymmetries.size(); ++s) {
      if (!(*stabilizer >> s & 1)) continue;
      if (line.back() != '[') line += ',';
      line.append("\"").append(nq::to_string(nq::kAllSymmetries[s])).append("\"");
    }
    line += ']';
  }
  line += "}\n";
  out.append(line);
}

void SolutionWriter::write(const nq::SolutionBatch& batch, std::size_t from, std::size_t to,
                           FdOutput& out) {
  const std::size_t n = static_cast<std::size_t>(n_);
  if (format_ == StreamFormat::binary) {
    out.append(std::string_view(reinterpret_cast<const char*>(batch.columns.data()) + from * n,
                                (to - from) * n));
    return;
  }
  for (std::size_t i = from; i < to; ++i) {
    const std::uint8_t* col = batch.columns.data() + i * n;
    switch (format_) {
      case StreamFormat::perm: write_perm(col, out); break;
      case StreamFormat::board: write_board(col, out); break;
      case StreamFormat::jsonl:
        write_jsonl(col, batch.stabilizers.empty() ? nullptr : &batch.stabilizers[i], out);
        break;
      case StreamFormat::binary: break;
    }
  }
}

}  // namespace nqcli
