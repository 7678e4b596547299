// SPDX-License-Identifier: MIT
// Fuzzes the first-solution proof (nqueens/first_proof.hpp) as audit-first reads and checks it.
// What the reader accepts must be in range and read back as written; on boards of at most 12
// rows the check runs too, on one thread with a small sample and node budget, and must keep its
// contract: an answer it calls a solution is one, its counts add up, and a proof it finds valid
// with every piece searched again to the end has the lexicographically first solution as its
// answer (found here by a plain backtracker that shares no code with the library).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "nqueens/solve.hpp"
#include "nqueens/verify.hpp"

namespace {

constexpr int kMaxCheckedN = 12;

bool safe(const std::vector<int>& cols, int col) {
  const int row = static_cast<int>(cols.size());
  for (int r = 0; r < row; ++r) {
    const int c = cols[static_cast<std::size_t>(r)];
    if (c == col || c - col == r - row || c - col == row - r) return false;
  }
  return true;
}

bool first_of(int n, std::vector<int>& cols) {
  if (static_cast<int>(cols.size()) == n) return true;
  for (int c = 0; c < n; ++c) {
    if (!safe(cols, c)) continue;
    cols.push_back(c);
    if (first_of(n, cols)) return true;
    cols.pop_back();
  }
  return false;
}

// The lexicographically first solution (0-based columns), empty when there is none.
const std::vector<int>& first_solution(int n) {
  static std::map<int, std::vector<int>> known;
  auto it = known.find(n);
  if (it == known.end()) {
    std::vector<int> cols;
    if (!first_of(n, cols)) cols.clear();
    it = known.emplace(n, std::move(cols)).first;
  }
  return it->second;
}

bool in_range(int v, int n) { return v >= 0 && v < n; }

// What read_first_proof promises about a step it accepted.
bool well_formed(const nq::FirstStep& s, int n) {
  if (!in_range(s.row, n) || !in_range(s.column, n)) return false;
  for (const nq::Cell& q : s.more) {
    if (!in_range(q.row, n) || !in_range(q.col, n)) return false;
  }
  for (int d : s.dead) {
    if (!in_range(d, n)) return false;
  }
  for (int c : s.completion) {
    if (!in_range(c, n)) return false;
  }
  using Kind = nq::FirstStep::Kind;
  if (s.kind == Kind::split && !in_range(s.line, n)) return false;
  const bool solution = s.kind == Kind::completed || s.kind == Kind::settled;
  return s.completion.size() == (solution ? static_cast<std::size_t>(n) : 0u);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  nq::FirstProof proof;
  try {
    proof = nq::read_first_proof(in);
  } catch (const std::invalid_argument&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  const int n = proof.n;
  if (n < 1 || n > nq::kMaxSolveFirstN) std::abort();
  if (proof.answer && proof.answer->size() != static_cast<std::size_t>(n)) std::abort();
  for (const nq::FirstStep& s : proof.steps) {
    if (!well_formed(s, n)) std::abort();
  }
  std::ostringstream out;
  nq::write_first_proof(out, proof);
  std::istringstream again_in(out.str());
  const nq::FirstProof again = nq::read_first_proof(again_in);
  if (again.n != n || again.answer != proof.answer || again.steps != proof.steps) std::abort();

  if (n > kMaxCheckedN) return 0;
  const std::uint64_t sample = 16;
  const nq::FirstProofCheck c = nq::check_first_proof(
      proof, {.sample = sample, .seed = 1, .node_budget = 2000, .threads = 1});
  const bool solution = proof.answer && nq::is_solution(*proof.answer);
  if (c.answer_is_solution != solution) std::abort();
  if (c.valid() && !solution) std::abort();
  if (c.stopped || c.attacked > c.probes) std::abort();
  if (c.sampled != std::min(sample, c.pieces)) std::abort();
  if (c.re_refuted + c.inconclusive + c.contradicted != c.sampled) std::abort();
  if ((c.uncovered > 0) != !c.first_uncovered.empty()) std::abort();
  if ((c.contradicted > 0) != !c.first_contradicted.empty()) std::abort();
  if (c.valid() && c.sampled == c.pieces && c.inconclusive == 0) {
    // Every piece searched to its end and refuted: nothing smaller than the answer is a solution.
    const std::vector<int>& first = first_solution(n);
    for (int r = 0; r < n; ++r) {
      if (static_cast<int>((*proof.answer)[static_cast<std::size_t>(r)]) !=
          first[static_cast<std::size_t>(r)]) {
        std::abort();
      }
    }
  }
  return 0;
}
