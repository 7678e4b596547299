// SPDX-License-Identifier: MIT
// What every file of the WebAssembly core shares. The core never throws into JavaScript (an
// exception crossing embind leaves C++ frames unwound by hand): each entry point returns
// {ok: value} or {error: message}, and web/js/api.js turns the error into a thrown Error. Numbers
// arrive as numbers and are checked by the library's checks (nqueens/invalid_argument.hpp), so
// the messages are the ones the command line prints.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/placement.hpp"

namespace nqweb {

using emscripten::val;

template <class F>
val guarded(F&& f) {
  val out = val::object();
  try {
    out.set("ok", f());
  } catch (const std::exception& e) {
    out.set("error", std::string(e.what()));
  }
  return out;
}

// A JavaScript typed array holding a copy of `values`.
template <class T>
val copy_to_js(std::span<const T> values) {
  return val(emscripten::typed_memory_view(values.size(), values.data())).call<val>("slice");
}

// A placement from a Uint32Array whose columns api.js has already checked against its length.
nq::Placement placement_from(const val& columns);

// A JavaScript number as a whole number min..max: the library's check, and for a fraction, a
// negative number or one past 2^64 - 1 the library's words with the number as String() writes it.
std::uint64_t whole_number(double value, std::string_view name, std::uint64_t min,
                           std::uint64_t max, std::string_view job = {});
int board_size(double n, int max, std::string_view job);

// A number as JavaScript's String() writes it ("2.5", "-3", "1e+21").
std::string js_text(double value);

// 64-bit counts as decimal text: api.js makes a Number of it, or a BigInt past 2^53 - 1.
inline std::string big(std::uint64_t value) { return std::to_string(value); }

}  // namespace nqweb
