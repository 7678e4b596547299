// SPDX-License-Identifier: MIT
// Long calls from Python: the work runs on a worker thread while the calling thread, without
// the GIL (so other Python threads run), waits for it and looks for signals every 50 ms. Ctrl-C
// (or any signal handler that raises) stops the work through its stop token, and the exception
// the handler raised, KeyboardInterrupt, reaches the caller once the worker has wound down.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <type_traits>

namespace nqpy {

namespace py = pybind11;

// Waits (GIL released) until done() or 50 ms pass; returns done().
template <class Done>
bool wait_a_little(std::mutex& mutex, std::condition_variable& wake, Done done) {
  py::gil_scoped_release release;
  std::unique_lock lock(mutex);
  return wake.wait_for(lock, std::chrono::milliseconds(50), done);
}

// Runs work(stop_token) and returns its result; rethrows what it throws. Call with the GIL held.
template <class Work>
auto run_interruptible(Work&& work) -> std::invoke_result_t<Work&, std::stop_token> {
  using Result = std::invoke_result_t<Work&, std::stop_token>;
  std::stop_source stop;
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread worker([&] {
    try {
      result.emplace(work(stop.get_token()));
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(mutex);
    done = true;
    wake.notify_all();
  });
  bool interrupted = false;
  while (!wait_a_little(mutex, wake, [&] { return done; })) {
    if (!interrupted && PyErr_CheckSignals() != 0) {
      interrupted = true;  // the handler's exception stays set until we return
      stop.request_stop();
    }
  }
  worker.join();
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

}  // namespace nqpy
