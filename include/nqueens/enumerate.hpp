// SPDX-License-Identifier: MIT
// Every solution, or one per symmetry class, as an ordered stream.
//
// Contract: enumerate() hands the solutions to `sink` in lexicographic order of col[] (the
// first row's column varies slowest), in batches, always from the calling thread, whatever
// options.threads is: the workers search disjoint prefixes in parallel, but batches are
// delivered strictly in order, so the stream never depends on the thread count. With
// options.unique, only the canonical member of each class (its lexicographically smallest
// image) is delivered, together with the set of symmetries that fix it. Memory stays bounded
// (about threads x kMaxBufferedBatches batches) however many solutions pass: a worker that
// runs ahead of the consumer waits.
//
// The sink returns false to end the enumeration early (a closed pipe, a --limit reached);
// options.stop does the same from another thread. The result then says complete == false.
//
// Example:
//   std::uint64_t seen = 0;
//   nq::enumerate({.n = 8, .unique = true}, [&](const nq::SolutionBatch& b) {
//     seen += b.count;  // b.columns: b.count solutions of 8 bytes each, 0-based
//     return true;
//   });
//   // seen == 12
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <stop_token>

namespace nq {

inline constexpr int kMaxEnumerateN = 32;              // 64-bit masks
inline constexpr std::size_t kMaxBufferedBatches = 4;  // per worker, before it waits

struct EnumerateOptions {
  int n = 8;                           // 1..kMaxEnumerateN
  bool unique = false;                 // one canonical representative per symmetry class
  unsigned threads = 0;                // search threads; 0 = std::thread::hardware_concurrency()
  std::stop_token stop = {};           // request_stop() ends the stream early
  std::size_t batch_solutions = 4096;  // solutions per batch (the last of a prefix may hold fewer)
};

struct SolutionBatch {
  int n = 0;
  std::size_t count = 0;                      // solutions in this batch
  std::span<const std::uint8_t> columns;      // count * n bytes: col[row], 0-based, row-major
  std::span<const std::uint8_t> stabilizers;  // unique only: count bytes, bit i set when
                                              // kAllSymmetries[i] fixes the solution; else empty
};

struct EnumerateResult {
  std::uint64_t solutions = 0;  // delivered to the sink
  std::uint64_t nodes = 0;      // queens placed by the search
  std::uint64_t prefixes = 0;   // subproblems the search was split into
  bool complete = false;        // false when the sink or the stop token ended it early
  double seconds = 0;
};

using SolutionSink = std::function<bool(const SolutionBatch&)>;

EnumerateResult enumerate(const EnumerateOptions& options, const SolutionSink& sink);

}  // namespace nq
