// SPDX-License-Identifier: MIT
#include "nqueens/count_fields.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "known_values.hpp"

namespace {

std::vector<std::string> names(const std::vector<nq::CountField>& fields) {
  std::vector<std::string> out;
  for (const nq::CountField& f : fields) out.emplace_back(f.name);
  return out;
}

template <class T>
T field(const std::vector<nq::CountField>& fields, std::string_view name) {
  for (const nq::CountField& f : fields) {
    if (f.name == name) return std::get<T>(f.value);
  }
  ADD_FAILURE() << "no field " << name;
  return T{};
}

}  // namespace

TEST(count_fields, header_example_holds) {
  EXPECT_EQ(field<std::uint64_t>(nq::count_fields(nq::count({.n = 8})), "total"), 92u);
}

// The keys of `nqueens count --json` as docs/cli.md and the README show them, less the two only
// the program knows (memory_peak_bytes of its process, check of its --check).
TEST(count_fields, are_the_json_keys_in_their_order) {
  EXPECT_EQ(names(nq::count_fields(nq::count({.n = 6}))),
            (std::vector<std::string>{"n", "total", "unique", "symmetric180", "symmetric90",
                                      "classes", "engine", "nodes", "subproblems",
                                      "subproblems_done", "subproblems_resumed", "memory_bytes",
                                      "threads", "seconds", "complete"}));
}

TEST(count_fields, carry_the_published_counts_and_the_class_sizes) {
  for (int n = 1; n <= 12; ++n) {
    const auto fields = nq::count_fields(nq::count({.n = n, .threads = 1}));
    EXPECT_EQ(field<std::uint64_t>(fields, "n"), static_cast<std::uint64_t>(n));
    EXPECT_EQ(field<std::uint64_t>(fields, "total"), nq::test::kTotal[n - 1]);
    EXPECT_EQ(field<std::uint64_t>(fields, "unique"), nq::test::kUnique[n - 1]);
    const nq::ClassSizes c = field<nq::ClassSizes>(fields, "classes");
    EXPECT_EQ(c[0] + c[1] + c[2] + c[3], nq::test::kUnique[n - 1]) << n;
    EXPECT_EQ(c[0] + 2 * c[1] + 4 * c[2] + 8 * c[3], nq::test::kTotal[n - 1]) << n;
    EXPECT_EQ(field<std::uint64_t>(fields, "threads"), 1u);
    EXPECT_TRUE(field<bool>(fields, "complete"));
  }
}

TEST(count_fields, a_stopped_count_has_no_unique_value) {
  std::stop_source stop;
  stop.request_stop();
  // The backtrack engine: the halves engine's set-up throws CountStopped (count_test.cpp).
  const auto fields = nq::count_fields(
      nq::count({.n = 12, .engine = nq::CountEngine::backtrack, .stop = stop.get_token()}));
  EXPECT_FALSE(field<bool>(fields, "complete"));
  for (const nq::CountField& f : fields) {
    if (f.name == "unique") EXPECT_TRUE(std::holds_alternative<std::monostate>(f.value));
  }
}
