// SPDX-License-Identifier: MIT
// Dispatch, names and work estimates for the classic methods.
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "classic/methods.hpp"
#include "nqueens/invalid_argument.hpp"

namespace nq::classic {

Result run(Method method, const Options& options) {
  if (options.n < 1 || options.n > kMaxN) {
    throw std::invalid_argument("classic: n must be between 1 and " + std::to_string(kMaxN));
  }
  return detail::runner(method)(options, nullptr);
}

detail::Runner detail::runner(Method method) {
  const auto i = static_cast<std::size_t>(method);
  if (i >= kRunners.size()) throw std::invalid_argument("classic: unknown method");
  return kRunners[i];
}

std::string_view to_string(Method method) {
#define NQ_METHOD_NAME(value, name) name,
  constexpr std::array<std::string_view, kAllMethods.size()> kNames = {
      NQ_CLASSIC_METHODS(NQ_METHOD_NAME)};
#undef NQ_METHOD_NAME
  const auto i = static_cast<std::size_t>(method);
  return i < kNames.size() ? kNames[i] : "?";
}

std::optional<Method> method_from_string(std::string_view name) {
  for (Method m : kAllMethods) {
    if (to_string(m) == name) return m;
  }
  return std::nullopt;
}

Method method_named(std::string_view name) {
  if (const auto method = method_from_string(name)) return *method;
  std::string known;
  for (Method m : kAllMethods) known += (known.empty() ? "" : ", ") + std::string(to_string(m));
  throw InvalidArgument("unknown method '" + std::string(name) + "' (" + known + ")");
}

Mode mode_named(std::string_view name) {
  if (name == "all") return Mode::all;
  if (name == "first") return Mode::first;
  if (name == "count") return Mode::count;
  throw InvalidArgument("classic: unknown mode '" + std::string(name) + "' (all, first or count)");
}

std::string_view to_string(Mode mode) {
  switch (mode) {
    case Mode::all: return "all";
    case Mode::first: return "first";
    case Mode::count: return "count";
  }
  return "?";
}

// Blind and permutations are exact: n^n and n! candidates, each tested on up to n(n-1)/2 pairs.
// For the backtracking methods, the search tree of the bitmask search has 2,057 nodes at n = 8
// and grows about 5.3-fold per row up to n = 14 (from `count --json` node counts, doubled for
// the mirror half), each node costing up to n checks for the textbook safety test.
double estimated_steps(Method method, int n) {
  const double dn = n;
  const double pairs = dn * (dn - 1) / 2;
  switch (method) {
    case Method::blind: return std::pow(dn, dn) * (1 + pairs);
    case Method::permutations: return std::tgamma(dn + 1) * (1 + pairs);
    default: break;
  }
  const double nodes = 2057 * std::pow(5.3, dn - 8);
  const double per_node = method == Method::bitmask ? 1 : dn;  // checks per node
  const double amb_replay = method == Method::amb ? dn : 1;    // Amb replays its path
  return nodes * per_node * amb_replay;
}

}  // namespace nq::classic
