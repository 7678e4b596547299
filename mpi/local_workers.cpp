// SPDX-License-Identifier: MIT
#include "local_workers.hpp"

#include <optional>

namespace nqmpi {

LocalWorkers::LocalWorkers(const nq::CountSplit& split, unsigned threads)
    : split_(split), threads_(std::max(1u, threads)) {
  runner_ = std::thread([this] {
    auto next = [this]() -> std::optional<std::uint64_t> {
      std::unique_lock lock(mutex_);
      const auto start = Clock::now();
      work_ready_.wait(lock,
                       [this] { return !queue_.empty() || closed_ || stop_.stop_requested(); });
      if (queue_.empty() || stop_.stop_requested()) {
        exits_.push_back(Clock::now());
        return std::nullopt;
      }
      const auto now = Clock::now();
      if (start < first_push_) {  // the part before the first batch is start-up, not starvation
        startup_ += first_push_ - start;
        waiting_ += now - first_push_;
      } else {
        waiting_ += now - start;
      }
      const std::uint64_t id = queue_.front();
      queue_.pop_front();
      if (queue_.size() + 1 == low_water_) {  // just crossed the mark: wake the main thread
        low_ = true;
        event_.notify_all();
      }
      return id;
    };
    auto done = [this](const nq::SubproblemCount& s) {
      std::lock_guard lock(mutex_);
      results_.push_back(s);
    };
    nq::CountSplit::RunStats stats;
    std::exception_ptr error;
    try {
      stats = split_.run(threads_, next, done, stop_.get_token());
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(mutex_);
    run_stats_ = stats;
    error_ = error;
    ended_ = true;
    end_time_ = Clock::now();
    event_.notify_all();
  });
}

LocalWorkers::~LocalWorkers() {
  {
    std::lock_guard lock(mutex_);
    stop_.request_stop();
    work_ready_.notify_all();
  }
  runner_.join();
}

void LocalWorkers::push(const std::vector<std::uint64_t>& ids) {
  std::lock_guard lock(mutex_);
  if (first_push_ == Clock::time_point::max()) first_push_ = Clock::now();
  queue_.insert(queue_.end(), ids.begin(), ids.end());
  work_ready_.notify_all();
}

void LocalWorkers::close() {
  std::lock_guard lock(mutex_);
  closed_ = true;
  work_ready_.notify_all();
}

std::size_t LocalWorkers::queued() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

void LocalWorkers::wait(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  // The end wakes the caller once; after that it sleeps the whole interval (rank 0 keeps
  // serving the other ranks after its own threads are done).
  event_.wait_for(lock, timeout, [this] { return (ended_ && !end_seen_) || low_; });
  low_ = false;
  end_seen_ = ended_;
}

void LocalWorkers::set_low_water(std::size_t ids) {
  std::lock_guard lock(mutex_);
  low_water_ = ids;
}

std::vector<nq::SubproblemCount> LocalWorkers::take_results() {
  std::lock_guard lock(mutex_);
  if (error_) std::rethrow_exception(error_);
  std::vector<nq::SubproblemCount> out;
  out.swap(results_);
  return out;
}

bool LocalWorkers::ended() const {
  std::lock_guard lock(mutex_);
  return ended_;
}

LocalWorkers::Stats LocalWorkers::stats() const {
  std::lock_guard lock(mutex_);
  Stats s;
  s.nodes = run_stats_.nodes;
  s.counted = run_stats_.counted;
  s.busy_seconds = run_stats_.busy_seconds;
  s.waiting_seconds = std::chrono::duration<double>(waiting_).count();
  s.startup_seconds = std::chrono::duration<double>(startup_).count();
  if (ended_) {
    for (const Clock::time_point t : exits_) {
      s.tail_seconds += std::chrono::duration<double>(end_time_ - t).count();
    }
  }
  return s;
}

}  // namespace nqmpi
