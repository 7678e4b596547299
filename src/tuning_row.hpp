// SPDX-License-Identifier: MIT
// What the engines' tuning tables (count/tuning.hpp, solve/first_tuning.hpp) are made of: each is
// an X-macro of rows X(type, name, value, tried, reason, journal entry), expanded once with
// NQ_TUNING_FIELD into a constexpr struct the code reads, and once with NQ_TUNING_ROW into an
// array of TuningRow that tests and tools list.
//
// Example:
//   #define MY_TUNING(X) X(int, depth, 3, "2, 3, 4", "why 3", "Journal entry title")
//   struct MyTuning { MY_TUNING(NQ_TUNING_FIELD) };
//   inline constexpr TuningRow kMyRows[] = {MY_TUNING(NQ_TUNING_ROW)};
#pragma once

namespace nq::detail {

// A row of a table, its value as written in the source.
struct TuningRow {
  const char *name, *value, *tried, *reason, *entry;
};

}  // namespace nq::detail

#define NQ_TUNING_FIELD(type, name, value, tried, reason, entry) type name = value;
#define NQ_TUNING_ROW(type, name, value, tried, reason, entry) \
  {#name, #value, tried, reason, entry},
