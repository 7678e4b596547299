// SPDX-License-Identifier: MIT
// The registry gathers its modules' own names and limits, so it agrees with them by making.
#include "nqueens/registry.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "nqueens/solve.hpp"
#include "nqueens/trace.hpp"

TEST(registry, names_the_trace_methods_as_the_trace_module_does) {
  const auto names = nq::registry::values("trace.method");
  ASSERT_EQ(names.size(), nq::trace::kAllMethods.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(names[i], nq::trace::to_string(nq::trace::kAllMethods[i]));
  }
}

TEST(registry, holds_each_jobs_range_and_the_shared_defaults) {
  EXPECT_EQ(nq::registry::limit("solve.first").high,
            static_cast<std::uint64_t>(nq::kMaxSolveFirstN));
  EXPECT_EQ(nq::registry::default_of("trace.first").json,
            nq::trace::Options{}.first ? "true" : "false");
  EXPECT_THROW(nq::registry::limit("no.such.job"), std::out_of_range);
}

TEST(registry, writes_help_with_the_default_marked) {
  EXPECT_EQ(nq::registry::help("progress"), "auto (when stderr is a terminal), always, never");
  EXPECT_NE(nq::registry::help("trace.method").find("recursive (default)"), std::string::npos);
}

TEST(registry, prints_itself_as_one_json_object) {
  const std::string json = nq::registry::to_json();
  EXPECT_EQ(json.front(), '{');
  EXPECT_NE(json.find("\"solve.first\":{\"low\":1,\"high\":128"), std::string::npos) << json;
}
