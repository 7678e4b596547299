// SPDX-License-Identifier: MIT
// The nine classic methods, one file each (collector.hpp has what they share): what classic.cpp
// dispatches to, and what nq::trace runs with its recorder as the tracer. The one header of
// src/classic/ that another module may include (docs/architecture.md).
#pragma once

#include <array>
#include <cstddef>

#include "nqueens/classic.hpp"
#include "tracer.hpp"

namespace nq::classic::detail {

using trace::detail::Tracer;

// A traced run passes its tracer; an untraced one runs as if the tracing were not written.
Result blind(const Options& options, Tracer* tracer = nullptr);
Result nested(const Options& options, Tracer* tracer = nullptr);
Result iterative(const Options& options, Tracer* tracer = nullptr);
Result recursive(const Options& options, Tracer* tracer = nullptr);
Result board_scan(const Options& options, Tracer* tracer = nullptr);
Result permutations(const Options& options, Tracer* tracer = nullptr);
Result amb(const Options& options, Tracer* tracer = nullptr);
Result functional(const Options& options, Tracer* tracer = nullptr);
Result bitmask(const Options& options, Tracer* tracer = nullptr);

// The one dispatch of the nine, in the order of Method (and kAllMethods): classic::run runs a
// method with no tracer, nq::trace::run with its recorder.
using Runner = Result (*)(const Options&, Tracer*);
inline constexpr std::array<Runner, kAllMethods.size()> kRunners = {
    &blind,        &nested, &iterative,  &recursive, &board_scan,
    &permutations, &amb,    &functional, &bitmask};
static_assert(
    [] {
      for (std::size_t i = 0; i < kAllMethods.size(); ++i) {
        if (static_cast<std::size_t>(kAllMethods[i]) != i) return false;
      }
      return true;
    }(),
    "kAllMethods lists Method in its order, so that kRunners[m] is m's");

// Throws std::invalid_argument for a value outside Method.
Runner runner(Method method);

}  // namespace nq::classic::detail
