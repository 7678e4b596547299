// SPDX-License-Identifier: MIT
// The worker threads of one rank: CountSplit::run() on a thread of its own, fed from a queue
// that the rank's main thread fills with the batches rank 0 hands out. The main thread takes
// the finished counts back to report them. No MPI here; the main thread does all of that.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "nqueens/count_split.hpp"

namespace nqmpi {

class LocalWorkers {
 public:
  struct Stats {
    std::uint64_t nodes = 0;
    std::uint64_t counted = 0;
    double busy_seconds = 0;     // summed over the threads: counting
    double startup_seconds = 0;  // summed: waiting for the first batch
    double waiting_seconds = 0;  // summed: waiting for a later batch while more work could come
    double tail_seconds = 0;     // summed: idle after the last batch ran out, until all ended
  };

  LocalWorkers(const nq::CountSplit& split, unsigned threads);
  ~LocalWorkers();  // stops the threads (after their current subproblem) and joins them
  LocalWorkers(const LocalWorkers&) = delete;
  LocalWorkers& operator=(const LocalWorkers&) = delete;

  unsigned threads() const { return threads_; }
  void push(const std::vector<std::uint64_t>& ids);
  void close();                // no more ids will come: threads end when the queue is empty
  std::size_t queued() const;  // ids not started yet
  // Sleeps for `timeout`, or less if the run ends (the first call after it) or the queue falls
  // below the low-water mark (time to ask for more). Finished counts do not wake it: they are
  // reported once per interval, so that fast subproblems do not make the main thread spin.
  void wait(std::chrono::milliseconds timeout);
  void set_low_water(std::size_t ids);
  // The counts finished since the last call; rethrows an error of the threads.
  std::vector<nq::SubproblemCount> take_results();
  bool ended() const;   // every thread has returned (after close() and an empty queue)
  Stats stats() const;  // complete once ended()

 private:
  using Clock = std::chrono::steady_clock;
  const nq::CountSplit& split_;
  unsigned threads_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_, event_;
  std::deque<std::uint64_t> queue_;
  std::vector<nq::SubproblemCount> results_;
  bool closed_ = false;
  bool ended_ = false;
  bool low_ = false;
  bool end_seen_ = false;  // wait() has returned since the end
  std::size_t low_water_ = 0;
  std::exception_ptr error_;
  Clock::duration waiting_{}, startup_{};
  Clock::time_point first_push_ = Clock::time_point::max();
  std::vector<Clock::time_point> exits_;  // when each thread found nothing more to do
  Clock::time_point end_time_;
  nq::CountSplit::RunStats run_stats_;
  std::stop_source stop_;
  std::thread runner_;
};

}  // namespace nqmpi
