// SPDX-License-Identifier: MIT
// count(n, engine): every solution and the unique ones on one thread, with the library's checks
// and a memory budget that fits WebAssembly's heap; its fields the library's count_fields.
#include "nqueens/count.hpp"

#include <emscripten/bind.h>

#include <string>
#include <variant>

#include "binding.hpp"
#include "nqueens/count_fields.hpp"
#include "nqueens/memory.hpp"

namespace nqweb {

namespace {

// A 64-bit count: a Number while exact, a BigInt past 2^53 - 1.
val exact(std::uint64_t whole) {
  if (whole <= (std::uint64_t{1} << 53) - 1) return val(static_cast<double>(whole));
  return val::global("BigInt")(big(whole));
}

val to_js(const nq::CountFieldValue& value) {
  return std::visit(nq::Overloaded{[](std::monostate) { return val::null(); },
                                   [](std::uint64_t whole) { return exact(whole); },
                                   [](std::string_view text) { return val(std::string(text)); },
                                   [](const nq::ClassSizes& c) {
                                     val classes = val::object();
                                     for (int i = 0; i < 4; ++i) classes.set(1 << i, exact(c[i]));
                                     return classes;
                                   },
                                   [](auto plain) { return val(plain); }},
                    value);
}

// On one thread, within the WebAssembly heap (nq::available_memory() is its budget there).
val count(double n, const std::string& engine) {
  return guarded([&] {
    const nq::CountEngine chosen = nq::engine_named(engine);
    const nq::CountResult r = nq::count({.n = board_size(n, nq::kMaxCountN, "count"),
                                         .threads = 1,
                                         .engine = chosen,
                                         .memory = nq::available_memory()});
    val d = val::object();
    for (const nq::CountField& f : nq::count_fields(r)) d.set(std::string(f.name), to_js(f.value));
    return d;
  });
}

val known_count(int n) {
  const auto known = nq::known_count(n);
  if (!known) return val::null();
  val d = val::object();
  d.set("total", big(known->total));
  d.set("unique", big(known->unique));
  return d;
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_count) {
  emscripten::function("count", &count);
  emscripten::function("knownCount", &known_count);
}

}  // namespace nqweb
