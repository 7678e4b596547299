// SPDX-License-Identifier: MIT
// `nqueens solve` methods and formats, and `verify --binary`, on the built binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "run.hpp"

using nq::test::run_nqueens;

namespace {

std::string quoted(const std::string& path) { return "'" + path + "'"; }

std::string le32(std::initializer_list<std::uint32_t> columns) {
  std::string bytes;
  for (std::uint32_t c : columns) {
    for (int k = 0; k < 4; ++k) bytes += static_cast<char>(c >> (8 * k) & 0xFF);
  }
  return bytes;
}

}  // namespace

TEST(solve_cli, every_method_gives_a_valid_placement) {
  for (const char* method : {"construct", "random", "first", "backtrack"}) {
    for (int n : {1, 4, 5, 8, 13, 20}) {
      const auto r = run_nqueens("solve " + std::to_string(n) + " --method " + method);
      ASSERT_EQ(r.code, 0) << method << " " << n << ": " << r.err;
      EXPECT_TRUE(nq::is_solution(nq::read_perm(r.out, {.expected_size = std::size_t(n)})))
          << method << " " << n;
    }
  }
}

TEST(solve_cli, formats_one_per_line_json_and_binary) {
  EXPECT_EQ(run_nqueens("solve 4 --one-per-line").out, "2\n4\n1\n3\n");
  EXPECT_EQ(nlohmann::json::parse(run_nqueens("solve 4 --format json").out)["perm"],
            nlohmann::json({2, 4, 1, 3}));
  EXPECT_EQ(run_nqueens("solve 4 --format binary").out, le32({1, 3, 0, 2}));
  EXPECT_NE(run_nqueens("solve 8 --format svg").out.find("<svg"), std::string::npos);
}

TEST(solve_cli, random_is_reproducible_and_varies_with_the_seed) {
  const auto a = run_nqueens("solve 200 --method random --seed 5");
  const auto b = run_nqueens("solve 200 --method random --seed 5");
  const auto c = run_nqueens("solve 200 --method random --seed 6");
  ASSERT_EQ(a.code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(run_nqueens("verify", c.out).out, "valid\n");
}

TEST(solve_cli, large_boards_stream_through_binary_verify) {
  const std::string construct = nq::test::temp_file("construct.bin", "");
  ASSERT_EQ(std::system((std::string("'") + NQ_BINARY + "' solve 3000001 --format binary > " +
                         quoted(construct))
                            .c_str()),
            0);
  EXPECT_EQ(run_nqueens("verify --binary " + quoted(construct)).out, "valid\n");
  const auto random = run_nqueens("solve 100000 --method random --seed 3 --format binary");
  ASSERT_EQ(random.code, 0);
  EXPECT_EQ(random.out.size(), 400000u);
  EXPECT_EQ(run_nqueens("verify --binary", random.out).out, "valid\n");  // from stdin
  EXPECT_EQ(run_nqueens("verify --binary --size 100000", random.out).code, 0);
}

TEST(solve_cli, binary_verify_names_the_pair_and_rejects_bad_input) {
  const std::string broken = nq::test::temp_file("broken.bin", le32({1, 3, 0, 2, 0}));
  // A 5-queen file whose last queen shares column 1 with row 3.
  const auto file = run_nqueens("verify --binary " + quoted(broken));
  EXPECT_EQ(file.code, 1);
  EXPECT_EQ(file.out, "invalid: queens at row 3 column 1 and row 5 column 1 share a column\n");
  EXPECT_EQ(run_nqueens("verify --binary", le32({1, 3, 0, 2, 0})).out, file.out);  // stdin
  for (const std::string& bad : {std::string(), std::string("abc"), le32({0, 5})}) {
    const auto r = run_nqueens("verify --binary", bad);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err.rfind("nqueens: binary: ", 0), 0u) << r.err;
  }
  EXPECT_EQ(run_nqueens("verify --binary --size 3", le32({1, 3, 0, 2})).code, 2);
}

// n = 40 is the largest size the issue asks for; the answer must be a solution, and the same on
// one thread as on four.
TEST(solve_cli, first_solves_forty_on_any_number_of_threads) {
  const auto one = run_nqueens("solve 40 --method first --threads 1");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(run_nqueens("verify", one.out).code, 0) << one.out;
  EXPECT_EQ(run_nqueens("solve 40 --method first --threads 4").out, one.out);
}

TEST(solve_cli, first_gives_up_at_the_timeout) {
  const auto r = run_nqueens("solve 64 --method first --timeout 0.5");
  EXPECT_EQ(r.code, 124);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("nqueens: gave up after 0.5 s", 0), 0u) << r.err;
}

TEST(solve_cli, refuses_what_memory_cannot_hold_before_allocating) {
  const auto r = run_nqueens("solve 4294967295 --method random");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("needs about 80.0 GiB of memory"), std::string::npos) << r.err;
}
