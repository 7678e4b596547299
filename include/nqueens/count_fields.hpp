// SPDX-License-Identifier: MIT
// A count's result as named fields, in the order `nqueens count --json` prints them: the one
// description that the command line's JSON, Python's CountResult and JavaScript's count() are
// made from, so a field added to the result reaches all three at once.
//
// Example:
//   for (const nq::CountField& f : nq::count_fields(nq::count({.n = 8}))) {
//     // f.name: "n", "total", "unique", "symmetric180", ...; f.value: a std::variant
//   }
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "nqueens/count.hpp"

namespace nq {

// The classes of size 1, 2, 4 and 8 (the "classes" field).
using ClassSizes = std::array<std::uint64_t, 4>;

// A field's value. std::monostate: no value (`unique` of a count that was stopped).
using CountFieldValue =
    std::variant<std::monostate, std::uint64_t, double, bool, std::string_view, ClassSizes>;

struct CountField {
  std::string_view name;
  CountFieldValue value;
};

// One lambda per kind of value, for std::visit: std::visit(nq::Overloaded{...}, field.value).
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;  // clang 14 deduces no aggregate's arguments by itself

// n, total, unique, symmetric180, symmetric90, classes, engine, nodes, subproblems,
// subproblems_done, subproblems_resumed, memory_bytes, threads, seconds, complete.
std::vector<CountField> count_fields(const CountResult& r);

}  // namespace nq
