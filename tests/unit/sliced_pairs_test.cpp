// SPDX-License-Identifier: MIT
// The pair count's bit-sliced kernel (an internal header) against the plain definition: ranges
// of every length around a vector's 512 words and the four ranges built at a time, starting
// anywhere in the list (the windows are shifted out of 64-bit words), lists rebuilt shorter in the
// same buffers, words of every density including zero and all ones, counts past 2^32, 64-bit
// words of 20 to 64 bits (8 to 16 groups), against words with bits the list lacks, and ranges
// sorted by their top bits, whose words skip what those bits rule out; for words of at most 32
// bits, the avx2 build's tables both as eight groups of 4 bits and as six wider ones. Each test
// runs every build this processor has (avx512 and avx2: the same counts by other instructions),
// and is skipped, and says so, where it has neither.
#include "count/sliced_pairs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace {

using nq::detail::SlicedIsa;
using nq::detail::SlicedWords;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

template <class Word = u32>
std::vector<Word> random_words(std::mt19937& rng, u32 size, int density, int bits = 32) {
  std::vector<Word> words(size);
  for (Word& w : words) {
    for (int bit = 0; bit < bits; ++bit) {
      if (static_cast<int>(rng() % 100) < density) w |= Word{1} << bit;
    }
  }
  return words;
}

template <class Word>
u64 plain_count(const std::vector<Word>& a, u32 begin, u32 end, const std::vector<Word>& b) {
  u64 count = 0;
  for (u32 i = begin; i < end; ++i) {
    for (const Word x : b) count += (a[i] & x) == 0;
  }
  return count;
}

// The builds this processor runs.
std::vector<SlicedIsa> builds() {
  std::vector<SlicedIsa> isas;
  for (const SlicedIsa isa : {SlicedIsa::avx512, SlicedIsa::avx2}) {
    if (nq::detail::sliced_pairs_available(isa)) isas.push_back(isa);
  }
  return isas;
}

constexpr const char* kNoBuild =
    "this processor lacks AVX-512 VPOPCNTDQ and a fast AVX2 with BMI2: the sliced kernel is unused";

// Streamed words b past which the avx2 build lays its tables out as six groups of 5 and 6 bits.
constexpr u64 kManyWords = u64{1} << 20;

const char* name(SlicedIsa isa) { return isa == SlicedIsa::avx512 ? "avx512" : "avx2"; }

}  // namespace

TEST(sliced_pairs, every_range_counts_what_the_definition_counts) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(2026);
    for (const int density : {5, 35, 60}) {
      const std::vector<u32> a = random_words(rng, 2600, density);
      const std::vector<u32> b = random_words(rng, 70, density);
      SlicedWords sliced(isa), told(isa);  // told: many more words b follow each count
      sliced.build(a.data(), static_cast<u32>(a.size()));
      told.build(a.data(), static_cast<u32>(a.size()));
      ASSERT_EQ(sliced.size(), a.size());
      // Lengths around one vector (512) and around the four ranges built at a time (2048).
      for (const u32 length :
           {0u, 1u, 63u, 64u, 65u, 511u, 512u, 513u, 1024u, 2047u, 2048u, 2049u, 2600u}) {
        for (const u32 begin : {0u, 1u, 37u, 64u, 100u, 511u}) {
          if (begin + length > a.size()) continue;
          const u64 want = plain_count(a, begin, begin + length, b);
          EXPECT_EQ(sliced.count(begin, begin + length, b.data(), static_cast<u32>(b.size())), want)
              << "density " << density << ", range " << begin << " + " << length;
          // Told that many more words b will follow, the avx2 build's tables take six groups.
          EXPECT_EQ(told.count(begin, begin + length, b.data(), static_cast<u32>(b.size()), 0, 0,
                               nullptr, nullptr, kManyWords),
                    want)
              << "density " << density << ", range " << begin << " + " << length
              << ", many words to come";
        }
      }
      EXPECT_EQ(sliced.count(5, 900, b.data(), 0), 0u);
    }
  }
}

TEST(sliced_pairs, zero_and_all_ones_words_count_as_the_definition_says) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::vector<u32> a(700, 0), b = {0, ~u32{0}, 1, 0x80000000u};
    for (u32 i = 0; i < a.size(); i += 3) a[i] = ~u32{0};
    SlicedWords sliced(isa);
    sliced.build(a.data(), static_cast<u32>(a.size()));
    EXPECT_EQ(sliced.count(0, 700, b.data(), 4), plain_count(a, 0, 700, b));
    EXPECT_EQ(sliced.count(1, 699, b.data(), 4), plain_count(a, 1, 699, b));
  }
}

// Words that meet none of the list set every bit the kernel counts: its byte counters come
// nearest to overflowing between their sums, for every number of half-ranges a word meets.
TEST(sliced_pairs, a_long_run_of_words_disjoint_from_every_word_counts_every_pair) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    const std::vector<u32> a(2048, 0), b(1000, 0);
    SlicedWords sliced(isa), told(isa);
    sliced.build(a.data(), static_cast<u32>(a.size()));
    told.build(a.data(), static_cast<u32>(a.size()));
    for (u32 length = 256; length <= 2048; length += 256) {
      const u64 want = u64{length} * b.size();
      EXPECT_EQ(sliced.count(0, length, b.data(), static_cast<u32>(b.size())), want) << length;
      EXPECT_EQ(told.count(0, length, b.data(), static_cast<u32>(b.size()), 0, 0, nullptr, nullptr,
                           kManyWords),
                want)
          << length << ", many words to come";
    }
  }
}

TEST(sliced_pairs, a_list_rebuilt_shorter_forgets_the_longer_one) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(7);
    const std::vector<u32> zeros(3000, 0), b = random_words(rng, 40, 30);
    SlicedWords sliced(isa);
    sliced.build(zeros.data(), 3000);
    const std::vector<u32> a = random_words(rng, 600, 30);
    sliced.build(a.data(), 600);
    EXPECT_EQ(sliced.size(), 600u);
    EXPECT_EQ(sliced.count(0, 600, b.data(), 40), plain_count(a, 0, 600, b));
    EXPECT_EQ(sliced.count(550, 600, b.data(), 40), plain_count(a, 550, 600, b));
  }
}

// A count keeps its range's tables for the next count of the same range: other words b meet the
// same tables, and a rebuilt list, another range or one too long to keep builds them again.
TEST(sliced_pairs, a_range_counted_again_reuses_its_tables_only_while_they_hold) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(11);
    const std::vector<u32> a = random_words(rng, 2600, 30), other = random_words(rng, 2600, 50);
    const std::vector<u32> b1 = random_words(rng, 30, 30), b2 = random_words(rng, 45, 10);
    SlicedWords sliced(isa);
    sliced.build(a.data(), 2600);
    const std::vector<std::pair<u32, u32>> ranges = {{100, 700}, {100, 700}, {100, 701}, {0, 2048},
                                                     {0, 2048},  {0, 2600},  {0, 2600},  {0, 2048},
                                                     {99, 700},  {100, 700}};
    for (const u64 first : {u64{0}, kManyWords}) {  // the tables as four-bit groups, then six
      for (const auto& [begin, end] : ranges) {
        u64 streamed = first;  // kept tables are read in their layout whatever a count says
        for (const auto* b : {&b1, &b2, &b1}) {
          EXPECT_EQ(sliced.count(begin, end, b->data(), static_cast<u32>(b->size()), 0, 0, nullptr,
                                 nullptr, streamed),
                    plain_count(a, begin, end, *b))
              << "range " << begin << "-" << end << ", first told " << first;
          streamed = kManyWords - streamed;
        }
      }
    }
    sliced.build(other.data(), 2600);
    EXPECT_EQ(sliced.count(100, 700, b1.data(), 30), plain_count(other, 100, 700, b1));
    const std::vector<u64> wide = random_words<u64>(rng, 2600, 20, 40);
    const std::vector<u64> wide_b = random_words<u64>(rng, 30, 20, 40);
    sliced.build(wide.data(), 2600);
    EXPECT_EQ(sliced.count(100, 700, wide_b.data(), 30), plain_count(wide, 100, 700, wide_b));
    EXPECT_EQ(sliced.count(100, 700, wide_b.data(), 30), plain_count(wide, 100, 700, wide_b));
  }
}

// 70,000 zero words against 70,000: 4.9e9 pairs, past what a 32-bit sum holds.
TEST(sliced_pairs, counts_past_2_to_the_32) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    const std::vector<u32> zeros(70000, 0);
    SlicedWords sliced(isa);
    sliced.build(zeros.data(), 70000);
    EXPECT_EQ(sliced.count(0, 70000, zeros.data(), 70000), u64{70000} * 70000);
  }
}

// 64-bit words keep the bits up to the highest some word has, in 8, 10, 12, 14 or 16 groups of 4,
// and their ranges' tables are built two at a time past 8 groups.
TEST(sliced_pairs, wide_words_of_every_width_count_what_the_definition_counts) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(28);
    for (const int bits : {20, 33, 36, 41, 47, 50, 57, 64}) {
      const std::vector<u64> a = random_words<u64>(rng, 1500, 20, bits);
      const std::vector<u64> b = random_words<u64>(rng, 60, 20, bits);
      SlicedWords sliced(isa);
      sliced.build(a.data(), static_cast<u32>(a.size()));
      EXPECT_EQ(sliced.groups(), bits <= 32 ? 8u : static_cast<u32>((bits + 7) / 8 * 2));
      for (const u32 length : {1u, 511u, 512u, 513u, 1025u, 1500u}) {
        for (const u32 begin : {0u, 3u, 64u, 200u}) {
          if (begin + length > a.size()) continue;
          EXPECT_EQ(sliced.count(begin, begin + length, b.data(), static_cast<u32>(b.size())),
                    plain_count(a, begin, begin + length, b))
              << bits << " bits, range " << begin << " + " << length;
        }
      }
    }
  }
}

TEST(sliced_pairs, a_wide_word_bit_the_list_lacks_meets_nothing) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(5);
    // 37 bits make 10 groups, whose rows 37-39 no word of the list has: the list built before
    // (every bit of every word set) must not show through them.
    for (const int bits : {18, 37}) {
      const std::vector<u64> a = random_words<u64>(rng, 900, 30, bits);
      const std::vector<u64> b = random_words<u64>(rng, 50, 30, 64);
      const std::vector<u64> ones(900, ~u64{0});
      SlicedWords sliced(isa);
      sliced.build(ones.data(), 900);
      sliced.build(a.data(), 900);
      EXPECT_EQ(sliced.groups(), bits <= 32 ? 8u : 10u);
      EXPECT_EQ(sliced.count(0, 900, b.data(), 50), plain_count(a, 0, 900, b)) << bits << " bits";
      EXPECT_EQ(sliced.count(77, 600, b.data(), 50), plain_count(a, 77, 600, b)) << bits << " bits";
    }
  }
}

// A list sorted by its top k bits, told where each value of them ends: every word b skips the
// ranges past the last word its own top bits allow, and counts what the definition counts, whether
// b is sorted the same way or not (and, sorted, with its runs found or given), for ranges that cut
// the values anywhere and span more than the four ranges built at a time.
template <class Word>
void check_top_bits(SlicedIsa isa, std::mt19937& rng, int bits) {
  for (const std::uint32_t k : {1u, 2u, 3u, 4u}) {
    const std::uint32_t shift = static_cast<std::uint32_t>(bits) - k;
    auto key = [&](Word x) { return static_cast<u32>(x >> shift); };
    auto by_key = [&](Word x, Word y) { return key(x) < key(y); };
    std::vector<Word> a = random_words<Word>(rng, 3000, 30, bits);
    std::stable_sort(a.begin(), a.end(), by_key);
    std::vector<Word> b = random_words<Word>(rng, 90, 30, bits);
    std::vector<u32> ends(u64{1} << k);
    for (u32 u = 0; u < ends.size(); ++u) {
      ends[u] = static_cast<u32>(
          std::partition_point(a.begin(), a.end(), [&](Word x) { return key(x) <= u; }) -
          a.begin());
    }
    SlicedWords sliced(isa);
    sliced.build(a.data(), static_cast<u32>(a.size()));
    std::vector<u32> b_ends(ends.size());  // b's, once it is sorted
    for (const bool sorted : {false, true}) {
      if (sorted) {
        std::stable_sort(b.begin(), b.end(), by_key);
        for (u32 u = 0; u < b_ends.size(); ++u) {
          b_ends[u] = static_cast<u32>(
              std::partition_point(b.begin(), b.end(), [&](Word x) { return key(x) <= u; }) -
              b.begin());
        }
      }
      for (const auto& [begin, end] : std::vector<std::pair<u32, u32>>{
               {0, 3000}, {0, 2048}, {100, 700}, {513, 1600}, {37, 2600}, {1000, 1001}, {0, 512}}) {
        for (int again = 0; again < 3; ++again) {  // then on the tables kept, then on six groups
          if (again == 2) sliced.build(a.data(), static_cast<u32>(a.size()));
          EXPECT_EQ(sliced.count(begin, end, b.data(), static_cast<u32>(b.size()), shift, k,
                                 ends.data(), nullptr, again == 2 ? kManyWords : 0),
                    plain_count(a, begin, end, b))
              << bits << " bits, top " << k << ", range " << begin << "-" << end
              << (sorted ? ", b sorted" : "");
          if (sorted) {
            EXPECT_EQ(sliced.count(begin, end, b.data(), static_cast<u32>(b.size()), shift, k,
                                   ends.data(), b_ends.data()),
                      plain_count(a, begin, end, b))
                << bits << " bits, top " << k << ", range " << begin << "-" << end
                << ", b's runs given";
          }
        }
      }
    }
  }
}

TEST(sliced_pairs, a_range_sorted_by_its_top_bits_skips_only_what_they_rule_out) {
  if (builds().empty()) GTEST_SKIP() << kNoBuild;
  for (const SlicedIsa isa : builds()) {
    SCOPED_TRACE(name(isa));
    std::mt19937 rng(2027);
    check_top_bits<u32>(isa, rng, 32);
    check_top_bits<u32>(isa, rng, 28);
    check_top_bits<u64>(isa, rng, 40);
  }
}
