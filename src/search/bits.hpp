// SPDX-License-Identifier: MIT
// The masks of the residual searches (src/search/), in two widths chosen at compile time: one
// 64-bit word per line for boards up to 64 rows, and unsigned __int128 for boards up to 128. The
// diagonals of a board take twice its width (2n - 1 of them), so each width has a diagonal mask
// of twice as many bits: unsigned __int128, and Bits256 below. The functions are the handful the
// searches use, overloaded per type, so that one template serves both widths and the narrow one
// compiles to the very instructions it did before the wide one existed.
#pragma once

#include <bit>
#include <cstdint>

namespace nq::detail {

__extension__ using Uint128 = unsigned __int128;

inline int popcount(std::uint64_t m) { return std::popcount(m); }
inline int popcount(Uint128 m) {
  return std::popcount(static_cast<std::uint64_t>(m)) +
         std::popcount(static_cast<std::uint64_t>(m >> 64));
}

// The index of the lowest and of the highest set bit; the mask must not be 0.
inline int lowest(std::uint64_t m) { return std::countr_zero(m); }
inline int highest(std::uint64_t m) { return 63 - std::countl_zero(m); }
inline int lowest(Uint128 m) {
  const auto low = static_cast<std::uint64_t>(m);
  return low != 0 ? std::countr_zero(low)
                  : 64 + std::countr_zero(static_cast<std::uint64_t>(m >> 64));
}
inline int highest(Uint128 m) {
  const auto high = static_cast<std::uint64_t>(m >> 64);
  return high != 0 ? 127 - std::countl_zero(high)
                   : 63 - std::countl_zero(static_cast<std::uint64_t>(m));
}

// 256 bits: the diagonals of boards up to 128 rows. Only what the diagonal bounds ask of it.
struct Bits256 {
  Uint128 low = 0, high = 0;

  friend bool operator==(const Bits256&, const Bits256&) = default;
  friend Bits256 operator&(Bits256 a, Bits256 b) { return {a.low & b.low, a.high & b.high}; }
  friend Bits256 operator|(Bits256 a, Bits256 b) { return {a.low | b.low, a.high | b.high}; }
  Bits256& operator&=(Bits256 b) { return *this = *this & b; }
  Bits256& operator|=(Bits256 b) { return *this = *this | b; }
  friend Bits256 operator~(Bits256 a) { return {~a.low, ~a.high}; }
  friend Bits256 operator<<(Bits256 a, int s) {
    if (s == 0) return a;
    if (s >= 128) return {0, a.low << (s - 128)};
    return {a.low << s, a.high << s | a.low >> (128 - s)};
  }
  friend Bits256 operator>>(Bits256 a, int s) {
    if (s == 0) return a;
    if (s >= 128) return {a.high >> (s - 128), 0};
    return {a.low >> s | a.high << (128 - s), a.high >> s};
  }
  explicit operator bool() const { return (low | high) != 0; }
};

inline int lowest(const Bits256& m) { return m.low != 0 ? lowest(m.low) : 128 + lowest(m.high); }
inline int highest(const Bits256& m) {
  return m.high != 0 ? 128 + highest(m.high) : highest(m.low);
}

// The mask with bit i set, and the mask of bits 0..i-1 (i up to the mask's width).
template <class Mask>
constexpr Mask bit(int i) {
  return Mask{1} << i;
}
template <class Mask>
constexpr Mask low_bits(int i) {
  return i >= static_cast<int>(8 * sizeof(Mask)) ? ~Mask{0} : bit<Mask>(i) - 1;
}
template <>
inline Bits256 low_bits<Bits256>(int i) {
  if (i >= 256) return ~Bits256{};
  if (i >= 128) return {~Uint128{0}, low_bits<Uint128>(i - 128)};
  return {low_bits<Uint128>(i), 0};
}
template <>
constexpr Bits256 bit<Bits256>(int i) {
  return i >= 128 ? Bits256{0, Uint128{1} << (i - 128)} : Bits256{Uint128{1} << i, 0};
}

// Whether bit i is set, and the mask without its lowest set bit.
template <class Mask>
constexpr bool test(const Mask& m, int i) {
  return static_cast<bool>((m >> i) & Mask{1});
}
template <>
inline bool test<Bits256>(const Bits256& m, int i) {
  return i >= 128 ? ((m.high >> (i - 128)) & 1) != 0 : ((m.low >> i) & 1) != 0;
}
inline std::uint64_t without_lowest(std::uint64_t m) { return m & (m - 1); }
inline Uint128 without_lowest(Uint128 m) { return m & (m - 1); }
inline Bits256 without_lowest(Bits256 m) {
  return m.low != 0 ? Bits256{m.low & (m.low - 1), m.high} : Bits256{0, m.high & (m.high - 1)};
}

// A line mask's diagonal mask: twice as wide.
template <class Mask>
struct DiagonalsOf;
template <>
struct DiagonalsOf<std::uint64_t> {
  using type = Uint128;
};
template <>
struct DiagonalsOf<Uint128> {
  using type = Bits256;
};

// A line mask widened to its diagonal mask.
inline Uint128 widen(std::uint64_t m) { return m; }
inline Bits256 widen(Uint128 m) { return {m, 0}; }

}  // namespace nq::detail
