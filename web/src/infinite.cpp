// SPDX-License-Identifier: MIT
// infinite(k): the first k columns of the quintal queens placement, as `nqueens infinite K`.
#include "nqueens/infinite.hpp"

#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "binding.hpp"

namespace nqweb {

namespace {

val infinite(double k) {
  return guarded([&] {
    const std::vector<std::uint32_t> columns =
        nq::quintal_columns(whole_number(k, "K", 1, nq::kMaxInfiniteTerms, "infinite"));
    return copy_to_js(std::span<const std::uint32_t>(columns));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_infinite) { emscripten::function("infinite", &infinite); }

}  // namespace nqweb
