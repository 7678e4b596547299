// SPDX-License-Identifier: MIT
// Amb: McCarthy's nondeterministic choice operator as a reusable C++ facility.
//
// A program written against Amb reads as if it could guess right: `amb.choose(options)` returns
// one of the options, and `amb.require(condition)` (or `amb.fail()`) rejects the current guesses,
// which sends the search back to the most recent choice that still has alternatives left.
// Amb explores the choices depth first, each in the order given, so solutions arrive in
// lexicographic order of the choices made.
//
// It works by replay: the program is run again from the start for every new combination of
// choices, and choose() answers from a trail of the choices made so far. So the program must be
// deterministic apart from its choices (no side effects that survive a failed run); in return
// Amb needs no coroutines, threads or continuations.
//
// Example (the classic word chain: each word's last letter is the next word's first):
//   nq::Amb amb;
//   std::string chain;
//   amb.run_first([&](nq::Amb& a) {
//     const std::string w1 = a.choose<std::string>({"the", "that", "a"});
//     const std::string w2 = a.choose<std::string>({"frog", "elephant", "thing"});
//     a.require(w1.back() == w2.front());
//     chain = w1 + " " + w2;
//   });  // true; chain == "the elephant" (the first pair that links)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <vector>

namespace nq {

class Amb {
 public:
  using Program = std::function<void(Amb&)>;

  // One of `options`, in order across re-runs; fails at once if there are none.
  template <typename T>
  T choose(const std::vector<T>& options) {
    return options[next_choice(options.size())];
  }
  template <typename T>
  T choose(std::initializer_list<T> options) {
    return *(options.begin() + next_choice(options.size()));
  }

  void require(bool condition) {
    if (!condition) fail();
  }
  [[noreturn]] void fail();

  // Runs `program` until one run completes without failing: true then, false when every
  // combination of choices failed.
  bool run_first(const Program& program);

  // Runs `program` to completion once for every combination of choices that does not fail
  // (after each success, Amb backtracks as if it had failed); returns how many succeeded.
  // `on_success` is called after each success; returning false stops the search early.
  std::uint64_t run_all(const Program& program, const std::function<bool()>& on_success = {});

  std::uint64_t choices_made() const { return choices_made_; }  // choose() calls answered
  std::uint64_t runs() const { return runs_; }                  // times the program was started

  // The trail, for a program that shows how Amb works (nq::trace): its choice points in order,
  // the option each takes, and how many the current run has replayed or made so far.
  std::size_t depth() const { return trail_.size(); }
  std::size_t taken(std::size_t point) const { return trail_[point].taken; }
  std::size_t position() const { return position_; }

 private:
  struct ChoicePoint {
    std::size_t taken;  // index of the option taken
    std::size_t count;  // options there were
  };
  struct Failure {};

  std::size_t next_choice(std::size_t count);
  bool run_once(const Program& program);  // false if it failed
  bool backtrack();                       // next untried combination; false when exhausted

  std::vector<ChoicePoint> trail_;
  std::size_t position_ = 0;  // choice points replayed in the current run
  std::uint64_t choices_made_ = 0;
  std::uint64_t runs_ = 0;
};

}  // namespace nq
