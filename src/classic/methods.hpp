// SPDX-License-Identifier: MIT
// The nine classic methods, one file each (collector.hpp has what they share): what classic.cpp
// dispatches to, and what nq::trace runs with its recorder as the tracer. The one header of
// src/classic/ that another module may include (docs/architecture.md).
#pragma once

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

}  // namespace nq::classic::detail
