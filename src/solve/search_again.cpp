// SPDX-License-Identifier: MIT
// The pieces of a proof searched again on several threads (search_again.hpp): a shared counter
// hands out the next piece; each thread has its own refuter.
#include "solve/search_again.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <numeric>
#include <thread>

namespace nq::detail {

std::vector<SearchedAgain> search_again(int n, std::span<const PieceToSearch> pieces,
                                        const FirstProofCheckOptions& options) {
  std::vector<SearchedAgain> out(pieces.size());
  std::vector<std::size_t> order(pieces.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return pieces[a].claimed_nodes > pieces[b].claimed_nodes;
  });
  std::atomic<std::size_t> next{0};
  std::mutex reporting;
  FirstProofCheckProgress progress{.searched = 0, .of = pieces.size(), .nodes = 0};
  const auto work = [&] {
    PlainRefuter refuter(n, options.node_budget, options.stop);
    while (!options.stop.stop_requested()) {
      const std::size_t i = next++;
      if (i >= pieces.size()) return;
      const std::size_t p = order[i];
      const PlainRefuter::Outcome outcome = refuter.run(pieces[p].queens);
      if (options.stop.stop_requested()) return;  // its search may have been cut short
      out[p] = {.searched = true, .outcome = outcome, .nodes = refuter.nodes()};
      if (options.on_progress) {
        const std::lock_guard lock(reporting);
        ++progress.searched;
        progress.nodes += refuter.nodes();
        options.on_progress(progress);
      }
    }
  };
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const auto threads = static_cast<std::size_t>(
      std::min<std::uint64_t>(options.threads ? options.threads : cores, pieces.size()));
  if (threads <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(work);
  }
  return out;
}

}  // namespace nq::detail
