// SPDX-License-Identifier: MIT
// What `count --estimate` draws where --strata and --draw-seconds are not given (count_job.hpp).
#include "count_job.hpp"

#include <gtest/gtest.h>

namespace {

nqcli::CountJob job(int n, nq::CountEngine engine) {
  nqcli::CountJob j;
  j.n = n;
  j.engine = engine;
  return j;
}

}  // namespace

TEST(count_job, an_estimate_from_n_26_on_counts_parts_of_one_second_from_64_strata) {
  const nqcli::CountArgs defaults;
  for (int n : {26, 27, 28}) {
    const nqcli::EstimateSample s =
        nqcli::estimate_sample(defaults, job(n, nq::CountEngine::halves));
    EXPECT_EQ(s.strata, 64u) << "n = " << n;
    EXPECT_EQ(s.draw_seconds, 1.0) << "n = " << n;
  }
  for (int n : {4, 20, 25}) {
    const nqcli::EstimateSample s =
        nqcli::estimate_sample(defaults, job(n, nq::CountEngine::halves));
    EXPECT_EQ(s.strata, 256u) << "n = " << n;
    EXPECT_EQ(s.draw_seconds, 0.0) << "n = " << n;
  }
  const nqcli::EstimateSample b =
      nqcli::estimate_sample(defaults, job(26, nq::CountEngine::backtrack));
  EXPECT_EQ(b.strata, 256u);
  EXPECT_EQ(b.draw_seconds, 0.0);
}

TEST(count_job, an_estimate_takes_the_strata_and_draw_seconds_given) {
  nqcli::CountArgs args;
  args.strata = 8;
  args.draw_seconds = 0;
  const nqcli::EstimateSample s = nqcli::estimate_sample(args, job(28, nq::CountEngine::halves));
  EXPECT_EQ(s.strata, 8u);
  EXPECT_EQ(s.draw_seconds, 0.0);
  args.draw_seconds = 0.25;
  EXPECT_EQ(nqcli::estimate_sample(args, job(20, nq::CountEngine::halves)).draw_seconds, 0.25);
}
