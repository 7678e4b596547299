// SPDX-License-Identifier: MIT
// What the whole core shares: JavaScript numbers as the library's whole numbers, and the version.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "binding.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/registry.hpp"
#include "nqueens/version.hpp"

namespace nqweb {

// Whole numbers below 10^21 in full, anything else in the shortest form that reads back as the
// same double, exponents as "e+21" and "e-7".
std::string js_text(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == 0) return "0";
  char text[40];
  if (v == std::trunc(v) && std::fabs(v) < 1e21) {
    std::snprintf(text, sizeof text, "%.0f", v);
    return text;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v) break;
  }
  std::string shown = text;
  if (const std::size_t e = shown.find('e'); e != std::string::npos) {
    std::size_t first = e + 2;  // after the sign
    while (first + 1 < shown.size() && shown[first] == '0') shown.erase(first, 1);
  }
  return shown;
}

std::uint64_t whole_number(double value, std::string_view name, std::uint64_t min,
                           std::uint64_t max, std::string_view job) {
  if (!(value >= 0) || value != std::trunc(value)) {
    throw nq::not_a_whole_number(name, js_text(value), min > 0);
  }
  if (value >= 18446744073709551616.0) throw nq::too_large(name, js_text(value), max, job);
  return nq::check_whole_number(static_cast<std::uint64_t>(value), name, min, max, job,
                                js_text(value));
}

int board_size(double n, int max, std::string_view job) {
  return static_cast<int>(whole_number(n, "N", 1, static_cast<std::uint64_t>(max), job));
}

}  // namespace nqweb

EMSCRIPTEN_BINDINGS(nqueens_module) {
  emscripten::constant("version", std::string(nq::kVersion));
  // What the surfaces name (include/nqueens/registry.hpp), as JSON: nq.registry.
  emscripten::constant("registryJson", nq::registry::to_json());
}
