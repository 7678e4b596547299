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

// Each method of NQ_CLASSIC_METHODS (include/nqueens/classic.hpp) is the function of its value's
// name, in its own file: a traced run passes its tracer; an untraced one runs as if the tracing
// were not written.
#define NQ_DECLARE_METHOD(value, name) \
  Result value(const Options& options, Tracer* tracer = nullptr);
NQ_CLASSIC_METHODS(NQ_DECLARE_METHOD)
#undef NQ_DECLARE_METHOD

// And in that file, what it teaches: its words and its listing (src/tracer.hpp).
using trace::detail::Teaching;
#define NQ_DECLARE_TEACHING(value, name) extern const Teaching value##_teaching;
NQ_CLASSIC_METHODS(NQ_DECLARE_TEACHING)
#undef NQ_DECLARE_TEACHING
#define NQ_TEACHING(value, name) &value##_teaching,
inline constexpr std::array<const Teaching*, kAllMethods.size()> kTeachings = {
    NQ_CLASSIC_METHODS(NQ_TEACHING)};
#undef NQ_TEACHING

// The one dispatch of the nine, in the order of Method (and kAllMethods): classic::run runs a
// method with no tracer, nq::trace::run with its recorder.
using Runner = Result (*)(const Options&, Tracer*);
#define NQ_RUNNER(value, name) &value,
inline constexpr std::array<Runner, kAllMethods.size()> kRunners = {NQ_CLASSIC_METHODS(NQ_RUNNER)};
#undef NQ_RUNNER

// Throws std::invalid_argument for a value outside Method.
Runner runner(Method method);

}  // namespace nq::classic::detail
