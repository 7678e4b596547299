// SPDX-License-Identifier: MIT
// What every file of the WebAssembly core shares. The core never throws into JavaScript (an
// exception crossing embind leaves C++ frames unwound by hand): each entry point returns
// {ok: value} or {error: message}, and web/js/api.js turns the error into a thrown Error. Numbers
// arrive as the decimal text the command line would have been given, so appkit's validators
// check them and the messages are the command line's own.
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

// What a result of `bytes` takes must fit the WebAssembly heap's budget (kHeapBudget): the
// message is appkit's require_memory's, with the budget as what is available.
inline constexpr std::uint64_t kHeapBudget = std::uint64_t{1} << 30;
void require_heap(std::uint64_t bytes, std::string_view job);

// 64-bit counts as decimal text: api.js makes a Number of it, or a BigInt past 2^53 - 1.
inline std::string big(std::uint64_t value) { return std::to_string(value); }

}  // namespace nqweb
