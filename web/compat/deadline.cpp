// SPDX-License-Identifier: MIT
// nq::Deadline for the single-threaded WebAssembly build (src/deadline.cpp starts a timer
// thread): the source stops itself when one of its tokens is polled after the time limit
// (web/compat/stop_token's __nq_expire_at).
#include "nqueens/deadline.hpp"

#include <chrono>
#include <functional>

namespace nq {

Deadline::Deadline(std::stop_token interrupt, double seconds) {
  forward_.emplace(interrupt, std::function<void()>([this] { source_.request_stop(); }));
  if (seconds <= 0) return;
  const auto end = std::chrono::steady_clock::now() +
                   std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                       std::chrono::duration<double>(seconds));
  source_.__nq_expire_at(end, [this] { expired_ = true; });
}

}  // namespace nq
