// SPDX-License-Identifier: MIT
// Fuzzes the completion instance reader and the SAT model reader. What the instance reader
// accepts must be well formed and survive a write/read round trip. Small boards (n <= 10), and
// boards up to 128 rows with at most 6 rows left open (the wide boards of 65..128 rows have
// their own residual search), are then searched twice: for one completion (restarts and the
// residual search) and for all of them (the exhaustive search); the two must agree on whether
// there is one, and every completion must be a solution that keeps the instance. A model, if
// accepted (n <= 128), must be such a completion too.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nqueens/complete.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

namespace {

constexpr std::uint32_t kMaxSmallN = 10;
constexpr std::uint32_t kMaxWideN = 128;
constexpr std::size_t kMaxOpenRows = 6;

// A solution with the instance's queens, none on its blocked squares or excluded diagonals.
bool keeps(const nq::CompletionInstance& in, const nq::Placement& p) {
  if (p.size() != in.n || !nq::is_solution(p)) return false;
  const auto at = [&](const nq::Square& s) { return p[s.row] == s.col; };
  for (const nq::Square& q : in.queens) {
    if (!at(q)) return false;
  }
  for (const nq::Square& b : in.blocked) {
    if (at(b)) return false;
  }
  for (std::uint32_t row = 0; row < in.n; ++row) {
    const std::int64_t r = row, c = p[row];
    for (const nq::Diagonal& d : in.excluded) {
      if (d.index == (d.sum ? r + c : r - c)) return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::size_t split = text.find("\n--\n");  // instance, then a model
  nq::CompletionInstance in;
  try {
    in = nq::read_instance(text.substr(0, split));
  } catch (const nq::ParseError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  if (nq::instance_error(in)) std::abort();
  if (nq::write_instance(nq::read_instance(nq::write_instance(in))) != nq::write_instance(in)) {
    std::abort();
  }
  if (in.n <= kMaxSmallN || (in.n <= kMaxWideN && in.queens.size() + kMaxOpenRows >= in.n)) {
    const nq::CompleteResult one = nq::complete(in, {});
    if (!one.complete || (one.solution && !keeps(in, *one.solution))) std::abort();
    bool kept = true;
    const nq::CompleteResult all =
        nq::complete(in, {.limit = 0, .on_solution = [&](const nq::Placement& p) {
                            kept = kept && keeps(in, p);
                            return true;
                          }});
    if (!all.complete || !kept || one.solution.has_value() != (all.count > 0)) std::abort();
  }
  if (split != std::string::npos && in.n <= kMaxWideN) {
    try {
      const std::optional<nq::Placement> p = nq::from_model(in, text.substr(split + 4));
      if (p && !keeps(in, *p)) std::abort();
    } catch (const nq::ParseError&) {
    }
  }
  return 0;
}
