// SPDX-License-Identifier: MIT
// The halves engine's quarter boards (an internal header): the counting pass against a plain
// enumeration and on several threads against one, the symmetries the engine counts three of its
// four quarters by, against counting them, and the east quarters' tables mirrored from the west
// ones, against building them.
#include "count/quarters.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stop_token>
#include <utility>
#include <vector>

namespace {

using nq::detail::QuarterShape;

struct Quarters {
  nq::detail::Layout layout;
  QuarterShape nw, ne, sw, se;
};

// The engine's quarters (halves.cpp): the north has the middle row of odd n.
Quarters quarters_of(int n) {
  const int h = n / 2, north = h + n % 2;
  return {nq::detail::make_layout(n, 2),
          {0, north, 0, h},
          {0, north, n - h, h},
          {north, n - north, 0, h},
          {north, n - north, n - h, h}};
}

// Every partial placement of `q` (each row empty or one queen, none attacking another), tallied
// by its set of rows: queens kept in a list and compared pair by pair.
void tally(const QuarterShape& q, int lr, std::uint32_t rows, std::vector<std::pair<int, int>>& on,
           std::vector<std::uint64_t>& sizes) {
  if (lr == q.nr) {
    ++sizes[rows];
    return;
  }
  tally(q, lr + 1, rows, on, sizes);
  const int r = q.r0 + lr;
  for (int c = q.c0; c < q.c0 + q.nc; ++c) {
    bool free = true;
    for (const auto& [qr, qc] : on) {
      free = free && qc != c && qr + qc != r + c && qr - qc != r - c;
    }
    if (!free) continue;
    on.push_back({r, c});
    tally(q, lr + 1, rows | 1u << lr, on, sizes);
    on.pop_back();
  }
}

TEST(quarters, the_counting_pass_counts_what_a_plain_enumeration_finds) {
  for (int n = 4; n <= 15; ++n) {
    const Quarters q = quarters_of(n);
    for (const QuarterShape& shape : {q.nw, q.ne, q.sw, q.se}) {
      std::vector<std::uint64_t> want(std::size_t{1} << shape.nr, 0);
      std::vector<std::pair<int, int>> on;
      tally(shape, 0, 0, on, want);
      EXPECT_EQ(nq::detail::count_slices(q.layout, shape), want)
          << "n = " << n << ", rows from " << shape.r0 << ", columns from " << shape.c0;
    }
  }
}

TEST(quarters, the_counting_pass_on_several_threads_counts_what_one_thread_counts) {
  for (int n = 4; n <= 20; ++n) {
    const Quarters q = quarters_of(n);
    const std::vector<std::uint64_t> one = nq::detail::count_slices(q.layout, q.nw, 1);
    for (unsigned threads : {2u, 3u, 8u}) {
      EXPECT_EQ(nq::detail::count_slices(q.layout, q.nw, threads), one)
          << "n = " << n << ", " << threads << " threads";
    }
    EXPECT_EQ(nq::detail::count_slices(q.layout, q.sw, 2), nq::detail::count_slices(q.layout, q.sw))
        << "n = " << n;
  }
}

TEST(quarters, the_mirror_and_the_turn_give_the_other_quarters_sizes_from_the_north_west) {
  for (int n = 4; n <= 20; ++n) {
    const Quarters q = quarters_of(n);
    const std::vector<std::uint64_t> nw = nq::detail::count_slices(q.layout, q.nw);
    EXPECT_EQ(nq::detail::count_slices(q.layout, q.ne), nw) << "n = " << n;
    const std::vector<std::uint64_t> turned = nq::detail::turned_slice_sizes(nw, q.sw.nr);
    EXPECT_EQ(nq::detail::count_slices(q.layout, q.sw), turned) << "n = " << n;
    EXPECT_EQ(nq::detail::count_slices(q.layout, q.se), turned) << "n = " << n;
  }
}

TEST(quarters, a_mirrored_table_is_the_one_built_for_the_east_entry_for_entry) {
  for (int n = 4; n <= 17; ++n) {
    const Quarters q = quarters_of(n);
    const std::vector<std::uint64_t> north = nq::detail::count_slices(q.layout, q.nw);
    const std::vector<std::uint64_t> south = nq::detail::turned_slice_sizes(north, q.sw.nr);
    nq::detail::QuarterTable nw, ne, sw, se, mirrored_ne, mirrored_se;
    nw.build(q.layout, q.nw, north);
    ne.build(q.layout, q.ne, north);
    sw.build(q.layout, q.sw, south);
    se.build(q.layout, q.se, south);
    mirrored_ne.mirror(q.layout, q.ne, nw);
    mirrored_se.mirror(q.layout, q.se, sw);
    EXPECT_TRUE(mirrored_ne == ne) << "n = " << n;
    EXPECT_TRUE(mirrored_se == se) << "n = " << n;
    EXPECT_FALSE(ne == nw) << "n = " << n;  // the comparison can fail
  }
}

// The set-up of n = 28 takes minutes: each of its steps gives up when asked to stop.
TEST(quarters, a_stop_ends_the_counting_pass_and_the_table_builds) {
  const Quarters q = quarters_of(16);
  std::stop_source source;
  source.request_stop();
  const std::stop_token stop = source.get_token();
  for (unsigned threads : {1u, 2u}) {
    EXPECT_THROW(nq::detail::count_slices(q.layout, q.nw, threads, stop), nq::CountStopped);
  }
  const std::vector<std::uint64_t> sizes = nq::detail::count_slices(q.layout, q.nw);
  nq::detail::QuarterTable nw, ne;
  EXPECT_THROW(nw.build(q.layout, q.nw, sizes, stop), nq::CountStopped);
  nw.build(q.layout, q.nw, sizes);
  EXPECT_THROW(ne.mirror(q.layout, q.ne, nw, stop), nq::CountStopped);
}

TEST(quarters, a_turned_row_set_is_read_back_to_front) {
  // North sizes indexed by row set: 3 rows, value = the set itself.
  const std::vector<std::uint64_t> north = {0, 1, 2, 3, 4, 5, 6, 7};
  const std::vector<std::uint64_t> want = {0, 4, 2, 6, 1, 5, 3, 7};
  EXPECT_EQ(nq::detail::turned_slice_sizes(north, 3), want);
}

}  // namespace
