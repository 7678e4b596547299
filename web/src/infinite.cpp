// SPDX-License-Identifier: MIT
// infinite(k): the first k columns of the quintal queens placement, as `nqueens infinite K`.
#include "nqueens/infinite.hpp"

#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "binding.hpp"
#include "limits.hpp"
#include "numbers.hpp"

namespace nqweb {

namespace {

val infinite(const std::string& k_text) {
  return guarded([&] {
    const std::uint64_t k =
        nqcli::parse_whole_number(k_text, "K", 1, nqcli::kMaxInfiniteTerms, "infinite");
    require_heap(k * sizeof(std::uint32_t), "infinite " + std::to_string(k));
    std::vector<std::uint32_t> columns;
    columns.reserve(k);
    nq::QuintalSequence terms;
    for (std::uint64_t i = 0; i < k; ++i, terms.next()) {
      columns.push_back(static_cast<std::uint32_t>(terms.column()));
    }
    return copy_to_js(std::span<const std::uint32_t>(columns));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_infinite) { emscripten::function("infinite", &infinite); }

}  // namespace nqweb
