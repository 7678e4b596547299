// SPDX-License-Identifier: MIT
// `nqueens enumerate` on the built binary: counts, order, formats, paging, thread independence,
// closed pipes and flat memory.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "../unit/known_values.hpp"
#include "nqueens/format.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/verify.hpp"
#include "run.hpp"

using nq::test::lines_of;
using nq::test::run_nqueens;

namespace {

std::string joined(const std::vector<std::string>& lines, std::size_t from, std::size_t to) {
  std::string s;
  for (std::size_t i = from; i < std::min(to, lines.size()); ++i) s += lines[i] + "\n";
  return s;
}

}  // namespace

TEST(enumerate_cli, line_counts_match_known_values_up_to_12) {
  for (int n = 1; n <= 12; ++n) {
    const auto all = run_nqueens("enumerate " + std::to_string(n));
    const auto unique = run_nqueens("enumerate " + std::to_string(n) + " --unique");
    ASSERT_EQ(all.code, 0) << all.err;
    EXPECT_EQ(lines_of(all.out).size(), nq::test::kTotal[n - 1]) << n;
    EXPECT_EQ(lines_of(unique.out).size(), nq::test::kUnique[n - 1]) << n;
  }
}

TEST(enumerate_cli, output_is_byte_identical_on_one_and_two_threads) {
  for (const char* options : {"", "--format board", "--format jsonl", "--format binary",
                              "--unique --format jsonl", "--skip 1000 --limit 500"}) {
    const auto one = run_nqueens(std::string("enumerate 11 --threads 1 ") + options);
    const auto two = run_nqueens(std::string("enumerate 11 --threads 2 ") + options);
    ASSERT_EQ(one.code, 0) << one.err;
    EXPECT_FALSE(one.out.empty()) << options;
    EXPECT_TRUE(one.out == two.out) << options;
  }
}

TEST(enumerate_cli, every_line_is_a_solution_in_lexicographic_order) {
  const auto lines = lines_of(run_nqueens("enumerate 10").out);
  ASSERT_EQ(lines.size(), 724u);
  nq::Placement previous;
  for (const std::string& line : lines) {
    const nq::Placement p = nq::read_perm(line, {.expected_size = 10});
    EXPECT_TRUE(nq::is_solution(p)) << line;
    EXPECT_LT(previous, p) << line;
    previous = p;
  }
}

TEST(enumerate_cli, unique_representatives_expand_to_the_full_list) {
  for (int n : {8, 9, 10}) {
    const std::string size = std::to_string(n);
    std::set<nq::Placement> expanded;
    for (const std::string& line : lines_of(run_nqueens("enumerate " + size + " --unique").out)) {
      const nq::Placement rep = nq::read_perm(line);
      EXPECT_EQ(nq::canonical(rep), rep) << line;
      for (nq::Symmetry s : nq::kAllSymmetries) expanded.insert(nq::apply(s, rep));
    }
    std::set<nq::Placement> all;
    for (const std::string& line : lines_of(run_nqueens("enumerate " + size).out)) {
      all.insert(nq::read_perm(line));
    }
    EXPECT_EQ(expanded, all) << n;
  }
}

TEST(enumerate_cli, skip_and_limit_page_through_the_stream) {
  const auto all = lines_of(run_nqueens("enumerate 8").out);
  EXPECT_EQ(run_nqueens("enumerate 8 --skip 5 --limit 3").out, joined(all, 5, 8));
  EXPECT_EQ(run_nqueens("enumerate 8 --limit 1").out, joined(all, 0, 1));
  EXPECT_EQ(run_nqueens("enumerate 8 --limit 010").out, joined(all, 0, 10));  // not octal
  EXPECT_EQ(run_nqueens("enumerate 8 --skip 90").out, joined(all, 90, 92));
  EXPECT_EQ(run_nqueens("enumerate 8 --skip 92").out, "");
  EXPECT_EQ(run_nqueens("enumerate 8 --limit 0").out, "");
  EXPECT_EQ(run_nqueens("enumerate 8 --count-only").out, "92\n");
  EXPECT_EQ(run_nqueens("enumerate 8 --unique --count-only").out, "12\n");
  EXPECT_EQ(run_nqueens("enumerate 8 --skip 10 --limit 50 --count-only").out, "50\n");
  EXPECT_EQ(run_nqueens("enumerate 3 --count-only").out, "0\n");
}

TEST(enumerate_cli, formats_board_jsonl_and_binary) {
  EXPECT_EQ(run_nqueens("enumerate 4 --format board").out,
            ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n");
  const auto jsonl = lines_of(run_nqueens("enumerate 6 --unique --format jsonl").out);
  ASSERT_EQ(jsonl.size(), 2u);
  const auto rep = nlohmann::json::parse(jsonl[0]);
  EXPECT_EQ(rep["perm"], nlohmann::json({2, 4, 6, 1, 3, 5}));
  EXPECT_EQ(rep["class_size"], 4);
  EXPECT_EQ(rep["fixed_by"], nlohmann::json({"identity", "rotate180"}));
  const auto summary = nlohmann::json::parse(jsonl[1]);
  EXPECT_EQ(summary["summary"], true);
  EXPECT_EQ(summary["solutions"], 1);
  EXPECT_EQ(summary["complete"], true);
  const auto all_jsonl = lines_of(run_nqueens("enumerate 8 --format jsonl").out);
  EXPECT_EQ(all_jsonl.size(), 93u);
  EXPECT_EQ(nlohmann::json::parse(all_jsonl[0])["perm"], nlohmann::json({1, 5, 8, 6, 3, 7, 2, 4}));

  const std::string binary = run_nqueens("enumerate 8 --format binary").out;
  ASSERT_EQ(binary.size(), 92u * 8u);
  const std::string first(binary.begin(), binary.begin() + 8);
  EXPECT_EQ(first, std::string("\x00\x04\x07\x05\x02\x06\x01\x03", 8));
}

TEST(enumerate_cli, a_closed_pipe_ends_quietly_with_exit_0) {
  const std::string status = nq::test::temp_file("status", "");
  const std::string err = nq::test::temp_file("err", "");
  const std::string command = std::string("{ '") + NQ_BINARY + "' enumerate 16 2>'" + err +
                              "'; echo $? >'" + status + "'; } | head -n 2 >/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_EQ(nq::test::slurp(status), "0\n");
  EXPECT_EQ(nq::test::slurp(err), "");
}

TEST(enumerate_cli, memory_stays_flat) {
#ifdef NQ_SANITIZED
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine dwarf the figure measured";
#endif
  // 2,279,184 solutions: about 80 MB of text if anything held on to them.
  const auto r = run_nqueens("enumerate 15 --threads 2 --format perm --stats");
  ASSERT_EQ(r.code, 0);
  EXPECT_EQ(lines_of(r.out).size(), 2279184u);
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  EXPECT_LT(usage.ru_maxrss, 48 * 1024) << "peak resident set of the child, KiB";
}

TEST(enumerate_cli, bad_arguments_are_usage_errors) {
  for (const char* args :
       {"enumerate", "enumerate 0", "enumerate 33", "enumerate 8 --format png",
        "enumerate 8 --limit -1", "enumerate 8 --skip x", "enumerate 8 --threads 0",
        "enumerate 8 --skip -5", "enumerate 8 --limit 0x10",
        "enumerate 8 --limit 99999999999999999999"}) {
    const auto r = run_nqueens(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err.rfind("nqueens: ", 0), 0u) << args << ": " << r.err;
  }
}
