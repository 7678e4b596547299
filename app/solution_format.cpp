// SPDX-License-Identifier: MIT
#include "solution_format.hpp"

#include <bit>
#include <cstring>

#include "nqueens/symmetry.hpp"

namespace nqcli {

SolutionWriter::SolutionWriter(StreamFormat format, int n) : format_(format), n_(n) {
  for (int c = 0; c < nq::kMaxEnumerateN; ++c) numbers_[c] = std::to_string(c + 1);
}

// The 1-based column numbers, each followed by `separator`; needs 3n bytes at `at`.
char* SolutionWriter::put_numbers(char* at, const std::uint8_t* col, char separator) const {
  for (int r = 0; r < n_; ++r) {
    const std::string& number = numbers_[col[r]];
    std::memcpy(at, number.data(), number.size());
    at += number.size();
    *at++ = separator;
  }
  return at;
}

void SolutionWriter::write_perm(const std::uint8_t* col, FdOutput& out) const {
  char* at = put_numbers(out.reserve(3 * static_cast<std::size_t>(n_)), col, ' ');
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
  constexpr std::string_view kOpen = "{\"perm\":[";
  char* at = out.reserve(kOpen.size() + 3 * static_cast<std::size_t>(n_) + 4);
  std::memcpy(at, kOpen.data(), kOpen.size());
  at = put_numbers(at + kOpen.size(), col, ',');
  at[-1] = ']';
  out.commit(at);
  if (stabilizer != nullptr) {  // --unique: the class it stands for
    std::string extra = ",\"class_size\":" + std::to_string(8 / std::popcount(*stabilizer));
    extra += ",\"fixed_by\":[";
    for (std::size_t s = 0; s < nq::kAllSymmetries.size(); ++s) {
      if (!(*stabilizer >> s & 1)) continue;
      if (extra.back() != '[') extra += ',';
      extra.append("\"").append(nq::to_string(nq::kAllSymmetries[s])).append("\"");
    }
    out.append(extra + "]");
  }
  out.append("}\n");
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
