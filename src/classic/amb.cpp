// SPDX-License-Identifier: MIT
// Amb by replay: a trail of (option taken, options there were) for every choice point of the
// current run. A run replays the trail's choices, then extends it with first options. On failure
// the deepest choice point with an untried option advances and everything after it is dropped.
#include "nqueens/amb.hpp"

namespace nq {

void Amb::fail() { throw Failure{}; }

std::size_t Amb::next_choice(std::size_t count) {
  ++choices_made_;
  if (position_ < trail_.size()) return trail_[position_++].taken;
  if (count == 0) fail();
  trail_.push_back({0, count});
  ++position_;
  return 0;
}

bool Amb::run_once(const Program& program) {
  ++runs_;
  position_ = 0;
  try {
    program(*this);
    return true;
  } catch (const Failure&) {
    // Choice points after the failure point were never reached in this run.
    trail_.resize(position_);
    return false;
  }
}

bool Amb::backtrack() {
  while (!trail_.empty() && trail_.back().taken + 1 == trail_.back().count) trail_.pop_back();
  if (trail_.empty()) return false;
  ++trail_.back().taken;
  return true;
}

bool Amb::run_first(const Program& program) {
  trail_.clear();
  do {
    if (run_once(program)) return true;
  } while (backtrack());
  return false;
}

std::uint64_t Amb::run_all(const Program& program, const std::function<bool()>& on_success) {
  trail_.clear();
  std::uint64_t successes = 0;
  do {
    if (run_once(program)) {
      ++successes;
      if (on_success && !on_success()) break;
    }
  } while (backtrack());
  return successes;
}

}  // namespace nq
