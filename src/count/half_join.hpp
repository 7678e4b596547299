// SPDX-License-Identifier: MIT
// The halves engine's half-board loop (an internal header): the half-boards that a run of north
// entries makes with one group of south entries (those on the columns the north entries leave).
// A south entry joins a north entry when it occupies none of the north entry's diagonals nor the
// middle-column queen's (odd n); the half-board's pattern is the OR of both patterns and the
// class tag. Diagonals are words of a quarter's frame (quarters.hpp), the south one's lying
// `shift` diagonals above the north one's in both halves of the word. Compiled twice, used through
// one function:
//   generic  one candidate at a time, each written and kept only when it joins (no branch);
//   avx2     AVX2 (checked at run time): 4 candidates a vector (four north entries against one
//            south entry, or one against four), their test's sign bits indexing a table of
//            permutations that moves the joined ones to the front;
//   avx512   AVX-512 F (checked at run time): 8 candidates a vector, tested as a mask and
//            compressed into place (docs/journal/count.md, "Cutting the slope: the half-boards
//            of odd n, the set-up, the sample").
// `best` is avx512 where the processor has it, else avx2 where it has that, else generic. Asking
// for a kernel the processor lacks gets the best one it has below that one.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nq::detail {

enum class JoinKernel { best, generic, avx2, avx512 };

// Whether this processor (and build) runs `kernel`; best and generic always.
bool join_kernel_available(JoinKernel kernel);

// One side of a join: the entries' occupied diagonals (framed words) and patterns.
// The south side's arrays must be readable kSouthSpare entries past the group joined (begin +
// count): the vector kernels load a group's last partial vector whole and drop the lanes past
// it.
constexpr std::size_t kSouthSpare = 3;
struct JoinEntries {
  const std::uint64_t* diag = nullptr;
  const std::uint64_t* pattern = nullptr;
};

// North entry x's diagonals in the south frame, `shift` diagonals above the north one: each half
// of the word shifted down (the diagonals below the south frame meet no south entry).
inline std::uint64_t to_south_frame(std::uint64_t x, std::uint32_t shift) {
  return ((x & 0xFFFFFFFFu) >> shift) | (x >> 32 >> shift) << 32;
}

// Joins north entries at, at + 1, ... (below `end`) with south entries [begin, begin + count): for
// each north entry i, every south entry j with (south.diag[j] &
// (to_south_frame(north.diag[i], shift) | md)) == 0 is appended to out as north.pattern[i] |
// south.pattern[j] | tag (`md`: the middle queen's diagonals in the south frame). The north
// entries are taken in order, but their half-boards come in an order of the kernel's own (the
// avx2 kernel joins up to four north entries at a time, south entry by south entry). Stops before
// a north entry when `size` (the entries already in out) has reached `limit`, or when out's `room`
// entries could not hold its candidates and 8 more. Returns the new size and leaves `at` at the
// first north entry not joined.
std::size_t join_half(const JoinEntries& north, std::uint32_t& at, std::uint32_t end,
                      const JoinEntries& south, std::uint32_t begin, std::uint32_t count,
                      std::uint32_t shift, std::uint64_t md, std::uint64_t tag, std::uint64_t* out,
                      std::size_t size, std::size_t limit, std::size_t room,
                      JoinKernel kernel = JoinKernel::best);

}  // namespace nq::detail
