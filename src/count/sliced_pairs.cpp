// SPDX-License-Identifier: MIT
// SlicedWords (sliced_pairs.hpp): a transposed list, its table space, and which build counts it.
// The builds' code is in sliced_pairs_avx512.cpp and sliced_pairs_avx2.cpp behind
// sliced_builds.hpp; this file only checks a build is available, sizes the rows, keeps the last
// range's tables for a count of the same range again, and picks the avx2 build's six wider groups
// where they pay. The invariant it keeps for the builds: the rows are at least 32 (or 64) rows of
// stride_ = ceil(size / 64) + kPad words, so a range's window never reads past them, and the
// tables are said to hold [begin, end) only when they were built for exactly that range.
#include "count/sliced_pairs.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "count/cpu.hpp"
#include "count/sliced_builds.hpp"

namespace nq::detail {

namespace {
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using sliced::kPad;
using sliced::kRangeWords;
using sliced::kTableBytes;
}  // namespace

std::size_t SlicedWords::bytes_for(std::uint64_t size, std::uint32_t word_bits) {
  return static_cast<std::size_t>(word_bits * ((size + 63) / 64 + kPad) * sizeof(u64)) +
         kTableBytes + 64;
}

#if defined(__x86_64__)

bool sliced_pairs_available(SlicedIsa isa) {
  switch (isa) {
    case SlicedIsa::avx512: return sliced::avx512::available();
    case SlicedIsa::avx2: return cpu_has_avx2() && cpu_has_fast_bmi2();
    case SlicedIsa::none: break;
  }
  return false;
}

void SlicedWords::require() const {
  if (!sliced_pairs_available(isa_)) {
    throw std::logic_error("SlicedWords: this processor lacks the build asked for");
  }
}

void SlicedWords::build(const std::uint32_t* words, std::uint32_t size) {
  require();
  size_ = size;
  groups_ = 8;
  stride_ = (size + 63) / 64 + kPad;
  tables_end_ = 0;
  // Not cleared: what lies past the list's words (an earlier list's rows, or zeros) is read into
  // a range's windows but masked off with the words past the range.
  rows_.resize(u64{32} * stride_);
  if (isa_ == SlicedIsa::avx512) {
    sliced::avx512::build_rows(words, size, rows_.data(), stride_);
  } else {
    sliced::avx2::build_rows(words, size, rows_.data(), stride_);
  }
}

void SlicedWords::build(const std::uint64_t* words, std::uint32_t size, std::uint32_t bits_b) {
  require();
  u64 any = 0;  // the bits some word has: a word b's other bits meet none
  for (u32 i = 0; i < size; ++i) any |= words[i];
  if (bits_b < 64) any &= (u64{1} << bits_b) - 1;
  const u32 bits = static_cast<u32>(std::bit_width(any));
  tables_end_ = 0;
  size_ = size;
  groups_ = bits <= 32 ? 8 : (bits + 7) / 8 * 2;  // 8, 10, 12, 14 or 16 groups of 4 bits
  stride_ = (size + 63) / 64 + kPad;
  rows_.resize(u64{bits <= 32 ? 32u : 64u} * stride_);
  if (isa_ == SlicedIsa::avx512) {
    sliced::avx512::build_rows(words, size, bits, rows_.data(), stride_);
  } else {
    sliced::avx2::build_rows(words, size, bits, rows_.data(), stride_);
  }
}

// A descent meets a range again with every block of the other list that it pairs with, and
// blocks that share their transposed range are counted one after another (descent.cpp): at
// n = 18, 20 and 21 a join counted each range it built tables for 6.5 to 7 times.
std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                                 std::uint32_t nb) {
  return count_any<u32>(begin, end, b, nb, 0, 0, nullptr, nullptr, 0);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                                 std::uint32_t nb) {
  return count_any<u64>(begin, end, b, nb, 0, 0, nullptr, nullptr, 0);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint32_t* b,
                                 std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                 const std::uint32_t* ends, const std::uint32_t* b_ends,
                                 std::uint64_t streamed) {
  return count_any<u32>(begin, end, b, nb, shift, k, ends, b_ends, streamed);
}

std::uint64_t SlicedWords::count(std::uint32_t begin, std::uint32_t end, const std::uint64_t* b,
                                 std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                 const std::uint32_t* ends, const std::uint32_t* b_ends,
                                 std::uint64_t streamed) {
  return count_any<u64>(begin, end, b, nb, shift, k, ends, b_ends, streamed);
}

template <class Word>
std::uint64_t SlicedWords::count_any(std::uint32_t begin, std::uint32_t end, const Word* b,
                                     std::uint32_t nb, std::uint32_t shift, std::uint32_t k,
                                     const std::uint32_t* ends, const std::uint32_t* b_ends,
                                     std::uint64_t streamed) {
  if (begin >= end || nb == 0) return 0;
  if (k > 4) throw std::invalid_argument("SlicedWords::count: more than 4 top bits");
  require();
  bool built = false;
  void* const tables = table_space(begin, end, built);
  if (!built) {
    six_ = isa_ == SlicedIsa::avx2 && groups_ == 8 && tables_end_ == end &&
           std::max<u64>(streamed, nb) >= kTuning.six_group_words;
  }
  const sliced::TopBits top{shift, (1u << k) - 1, ends, b_ends};
  const sliced::RangeCount range{.rows = rows_.data(),
                                 .stride = stride_,
                                 .groups = groups_,
                                 .begin = begin,
                                 .end = end,
                                 .tables = tables,
                                 .built = built,
                                 .top = k > 0 ? &top : nullptr};
  if (isa_ == SlicedIsa::avx512) return sliced::avx512::count(range, b, nb);
  if (six_) return sliced::avx2::count_six(range, b, nb);
  return sliced::avx2::count(range, b, nb);
}

// The table space, and whether it holds [begin, end)'s tables; it is then said to hold them
// after the count when they fit in it at once, and nothing otherwise.
void* SlicedWords::table_space(std::uint32_t begin, std::uint32_t end, bool& built) {
  if (tables_.empty()) tables_.resize((kTableBytes + 64) / sizeof(u64));
  built = begin == tables_begin_ && end == tables_end_;
  const bool fits = end - begin <= sliced::ranges_at_a_time(groups_) * kRangeWords;
  tables_begin_ = begin;
  tables_end_ = fits ? end : 0;
  const auto at = reinterpret_cast<std::uintptr_t>(tables_.data());
  return reinterpret_cast<void*>((at + 63) & ~std::uintptr_t{63});
}

#else

bool sliced_pairs_available(SlicedIsa) { return false; }
void SlicedWords::require() const {
  throw std::logic_error("SlicedWords: this processor lacks the build asked for");
}
void SlicedWords::build(const std::uint32_t*, std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
void SlicedWords::build(const std::uint64_t*, std::uint32_t, std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint64_t*,
                                 std::uint32_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint32_t*, std::uint32_t,
                                 std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 const std::uint32_t*, std::uint64_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}
std::uint64_t SlicedWords::count(std::uint32_t, std::uint32_t, const std::uint64_t*, std::uint32_t,
                                 std::uint32_t, std::uint32_t, const std::uint32_t*,
                                 const std::uint32_t*, std::uint64_t) {
  throw std::logic_error("SlicedWords: no sliced kernel off x86-64");
}

#endif

SlicedIsa sliced_pairs_isa() {
  if (sliced_pairs_available(SlicedIsa::avx512)) return SlicedIsa::avx512;
  if (sliced_pairs_available(SlicedIsa::avx2)) return SlicedIsa::avx2;
  return SlicedIsa::none;
}

bool sliced_pairs_available() { return sliced_pairs_isa() != SlicedIsa::none; }

}  // namespace nq::detail
