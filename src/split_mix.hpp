// SPDX-License-Identifier: MIT
// SplitMix64 (Steele, Lea and Flood, 2014): a small 64-bit generator whose output is fixed by its
// seed on every platform, unlike the distributions of <random>. Two reductions to [0, bound):
// below(), Lemire's multiply-shift (one multiplication; its bias is at most bound / 2^64), and
// exactly_below(), by rejection (unbiased). Shared by the local search and the completion code.
#pragma once

#include <cstdint>

namespace nq::detail {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t bound) {
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<Wide>(next()) * bound) >> 64);
  }
  std::uint64_t exactly_below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
      const std::uint64_t x = next();
      if (x >= threshold) return x % bound;
    }
  }

 private:
  std::uint64_t state_;
};

}  // namespace nq::detail
