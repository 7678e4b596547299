// SPDX-License-Identifier: MIT
// A lazy Python iterator over what a C++ search hands to a callback: the search runs on its own
// thread and pushes items into a short queue, and next() takes them out, waiting without the
// GIL (and looking for Ctrl-C) while the queue is empty. A search that runs ahead of its consumer
// waits, so memory stays bounded; dropping the iterator stops the search and joins its thread.
#pragma once

#include <pybind11/pybind11.h>

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <utility>

#include "interruptible.hpp"

namespace nqpy {

template <class Item>
class Stream {
 public:
  // push(item) returns false once the consumer has gone; the producer should then return.
  using Push = std::function<bool(Item&&)>;
  using Produce = std::function<void(std::stop_token, const Push&)>;

  Stream(Produce produce, std::size_t capacity) : capacity_(capacity) {
    thread_ = std::thread([this, produce = std::move(produce)] {
      const Push push = [this](Item&& item) {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return queue_.size() < capacity_ || stop_.stop_requested(); });
        if (stop_.stop_requested()) return false;
        queue_.push_back(std::move(item));
        wake_.notify_all();
        return true;
      };
      try {
        produce(stop_.get_token(), push);
      } catch (...) {
        std::lock_guard lock(mutex_);
        error_ = std::current_exception();
      }
      std::lock_guard lock(mutex_);
      finished_ = true;
      wake_.notify_all();
    });
  }

  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  ~Stream() { close(); }

  // Stops the producer and waits for its thread (without the GIL, if this thread holds it).
  void close() {
    {
      std::lock_guard lock(mutex_);
      stop_.request_stop();
      wake_.notify_all();
    }
    if (!thread_.joinable()) return;
    if (PyGILState_Check()) {
      py::gil_scoped_release release;
      thread_.join();
    } else {
      thread_.join();
    }
  }

  // The next item, or nullopt at the end. Call with the GIL held. Rethrows what the producer
  // threw; raises the signal handler's exception (KeyboardInterrupt) and ends the stream.
  std::optional<Item> next() {
    for (;;) {
      {
        std::lock_guard lock(mutex_);
        if (!queue_.empty()) {
          Item item = std::move(queue_.front());
          queue_.pop_front();
          wake_.notify_all();
          return item;
        }
        if (finished_ || stop_.stop_requested()) {
          if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
          return std::nullopt;
        }
      }
      if (wait_a_little(mutex_, wake_, [this] { return !queue_.empty() || finished_; })) continue;
      if (PyErr_CheckSignals() != 0) {
        close();
        throw py::error_already_set();
      }
    }
  }

 private:
  std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool finished_ = false;
  std::exception_ptr error_;
  std::stop_source stop_;
  std::thread thread_;
};

}  // namespace nqpy
