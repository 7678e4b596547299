// SPDX-License-Identifier: MIT
// solutions(n, unique): the library's SolutionCursor behind a JavaScript iterator. Each next(k)
// hands over up to k solutions as one Uint8Array of k * n columns (one copy across the
// boundary per batch, not per solution); an empty array means the stream has ended.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "binding.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/solution_cursor.hpp"

namespace nqweb {

namespace {

class Solutions {
 public:
  Solutions(int n, bool unique) : cursor_(n, unique) {}

  val next(unsigned batch) {
    std::vector<std::uint8_t> bytes;
    for (unsigned i = 0; i < batch && cursor_.next(); ++i) {
      for (int c : cursor_.columns()) bytes.push_back(static_cast<std::uint8_t>(c));
    }
    return copy_to_js(std::span<const std::uint8_t>(bytes));
  }

  // Leaves out up to `count` solutions without copying them.
  void skip(double count) {
    double skipped = 0;
    while (skipped < count && cursor_.next()) ++skipped;
  }

 private:
  nq::SolutionCursor cursor_;
};

val open(double n_given, bool unique) {
  return guarded([&] {
    const int n = board_size(n_given, nq::kMaxEnumerateN, "enumerate");
    return val(Solutions(n, unique));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_solutions) {
  emscripten::class_<Solutions>("Solutions")
      .function("next", &Solutions::next)
      .function("skip", &Solutions::skip);
  emscripten::function("solutions", &open);
}

}  // namespace nqweb
