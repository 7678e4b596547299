// SPDX-License-Identifier: MIT
// Fuzzes trace's request for every method (nqueens/trace.hpp): the input's bytes are decoded
// into a method of kAllMethods, n in 1..12, max_steps in 1..2000, a seed and `first`, and
// nq::trace::run traces it. A request it refuses must be refused with std::invalid_argument; a
// trace must tell events numbered 1, 2, ..., k with k <= max_steps and as many as its summary
// counts, each with a board of n rows whose queens are on the board, a square on the board or
// none, and a line of the method's listing.
#include "nqueens/trace.hpp"

#include <cstdint>
#include <cstdlib>
#include <stdexcept>

namespace {

constexpr int kMaxN = 12;
constexpr std::uint64_t kMaxSteps = 2000;

// Bytes taken from the front of the input, zero once it runs out.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint64_t take(int count) {
    std::uint64_t v = 0;
    for (int i = 0; i < count; ++i) v = v << 8 | (at_ < size_ ? data_[at_++] : 0u);
    return v;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

bool on_board_or_none(int v, int n) { return v >= -1 && v < n; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes bytes(data, size);
  nq::trace::Options options;
  options.method = nq::trace::kAllMethods[bytes.take(1) % nq::trace::kAllMethods.size()];
  options.n = static_cast<int>(bytes.take(1) % kMaxN) + 1;
  options.max_steps = bytes.take(2) % kMaxSteps + 1;
  options.first = (bytes.take(1) & 1) != 0;
  options.seed = bytes.take(8);
  const int n = options.n;
  const int lines =
      static_cast<int>(nq::trace::listing(options.method, n).lines.size());  // n is in range
  std::uint64_t told = 0;
  nq::trace::Summary summary;
  try {
    summary = nq::trace::run(options, [&](const nq::trace::Event& e) {
      if (e.step != ++told) std::abort();
      if (e.board.size() != static_cast<std::size_t>(n)) std::abort();
      for (int c : e.board) {
        if (!on_board_or_none(c, n)) std::abort();
      }
      if (!on_board_or_none(e.row, n) || !on_board_or_none(e.col, n)) std::abort();
      if (!on_board_or_none(e.by_row, n) || !on_board_or_none(e.by_col, n)) std::abort();
      if (e.code_line < 1 || e.code_line > lines) std::abort();
    });
  } catch (const std::invalid_argument&) {
    // Only a random trace of a board without solutions may be refused.
    if (options.method != nq::trace::Method::random || (n != 2 && n != 3)) std::abort();
    return 0;
  }
  if (told > options.max_steps || summary.steps != told) std::abort();
  if (summary.cut && told != options.max_steps) std::abort();
  if (summary.cut && summary.complete) std::abort();
  return 0;
}
