// SPDX-License-Identifier: MIT
// The probing search's tuning (solve_first_by_probing, probing.cpp), in one table as the counting
// engines keep theirs (count/tuning.hpp): every constant chosen by measuring, with its value, the
// values tried, the one-line reason and the journal entry that measured it (docs/journal/first.md,
// by its title; "none" where the value was chosen without a measurement). The first piece's
// budget is SolveOptions::piece_nodes, a caller's option.
//
// A row: X(type, name, value, tried, reason, journal entry).
//
// Example:
//   const std::uint64_t budget = kFirstTuning.restart_unit * luby(++restarts);
#pragma once

#include <cstdint>

#include "tuning_row.hpp"

namespace nq::detail {

// clang-format off
#define NQ_FIRST_TUNING(X)                                                                          \
  X(std::uint64_t, largest_piece, std::uint64_t{1} << 24, "(kept from its first measure)",         \
    "pieces grow with the row's work (1/256 of it) up to about a minute of one thread's search",     \
    "none")                                                                                         \
  X(std::uint64_t, piece_nodes_per_restart_node, 2, "restarts only on an idle thread, and 2",       \
    "while a column is open, restarts get a third of the row's work: a late completion no "          \
    "longer holds its row up, and the rows that only refute pay up to half again",                   \
    "Restarts take a third of a row's work")                                                        \
  X(std::uint64_t, restart_unit, 2048, "1.5 times the last restart's budget from 2048, and Luby",   \
    "a restart's budget is this many nodes times the row's next term of Luby's sequence, so short "  \
    "restarts keep coming however many have run",                                                    \
    "Restarts in Luby's sequence")                                                                  \
  X(std::uint64_t, ahead_piece, std::uint64_t{1} << 14,                                            \
    "the row's piece budget (2^18 up); none (restart instead); 2^14 up to the restarts' work; 2^14", \
    "a piece right of the leftmost open column is work that a completion on the left throws "       \
    "away, so an idle thread takes it in short slices and the restarts' share comes round sooner",  \
    "Work ahead of the leftmost column in short pieces")                                            \
  X(std::uint64_t, rate_nodes, std::uint64_t{1} << 16, "(kept from its first measure)",             \
    "the nodes the estimate searches to measure a thread's rate: about a second at n = 128",         \
    "How much a stopped run has left")
// clang-format on

struct FirstTuning {
  NQ_FIRST_TUNING(NQ_TUNING_FIELD)
};
inline constexpr FirstTuning kFirstTuning{};

// The table's rows, for tests and tools that list it.
inline constexpr TuningRow kFirstTuningRows[] = {NQ_FIRST_TUNING(NQ_TUNING_ROW)};

}  // namespace nq::detail
