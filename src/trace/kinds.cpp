// SPDX-License-Identifier: MIT
// The kinds of events, written once: each kind's name, the fields it carries and the sentence a
// learner reads for it (include/nqueens/trace.hpp says how a wording is written). The terminal
// renders these wordings with sentence() (sentence.cpp), the playground and the trace page with
// web/playground/sentences.js, over this same table (registry::to_json, "events").
#include <array>

#include "nqueens/trace.hpp"

namespace nq::trace {

namespace {

using F = std::string_view;
using W = Wording;

// The fields a kind sets beyond those every event has (step, line, the board, the work).
constexpr std::array<F, 0> kNone = {};
constexpr std::array<F, 1> kRow = {"row"};
constexpr std::array<F, 2> kSquare = {"row", "col"};
constexpr std::array<F, 5> kAttacked = {"row", "col", "by_row", "by_col", "along"};
constexpr std::array<F, 1> kNumber = {"number"};
constexpr std::array<F, 2> kFree = {"row", "var.free"};
constexpr std::array<F, 3> kScan = {"row", "col", "along"};
constexpr std::array<F, 2> kSwap = {"row", "by_row"};
constexpr std::array<F, 2> kLevel = {"number", "var.k"};
constexpr std::array<F, 3> kPick = {"row", "col", "by_row"};
constexpr std::array<F, 4> kMove = {"row", "by_row", "var.was", "var.tried"};
constexpr std::array<F, 3> kRefuted = {"row", "col", "number"};
constexpr std::array<F, 3> kSplit = {"by_row", "by_col", "along"};

constexpr std::array<W, 1> kPlace = {W{"", "a queen on {square}."}};
constexpr std::array<W, 2> kReject = {W{"by_row > 0", "{square} is attacked by {by}."},
                                      W{"", "{square} is attacked."}};
constexpr std::array<W, 1> kRemove = {W{"", "backtrack: the queen on {square} is taken back."}};
constexpr std::array<W, 1> kSolution = {W{"", "solution {number}: {board}."}};
constexpr std::array<W, 1> kFreeSay = {
    W{"", "row {row}: the squares no queen above attacks, all at once ({var.free})."}};
constexpr std::array<W, 1> kScanSay = {W{"", "the walk {walk} from {square} meets no queen."}};
constexpr std::array<W, 1> kCandidate = {W{"", "a new candidate board: {board}."}};
constexpr std::array<W, 1> kConflict = {
    W{"", "the queens on {by_square} and {square} attack each other ({shared}): not a solution."}};
constexpr std::array<W, 1> kSwapSay = {
    W{"", "swap rows {row} and {by_row}: the next permutation starts here."}};
constexpr std::array<W, 2> kReverse = {
    W{"row >= n", "only row {n} follows the swap: reversing it changes nothing ({board})."},
    W{"", "reverse rows {row} to {n}: {board}."}};
constexpr std::array<W, 1> kRun = {
    W{"", "run {number} of the program, from an empty board, replaying the trail."}};
constexpr std::array<W, 1> kReplay = {
    W{"", "amb replays an earlier choice: column {col} for row {row}."}};
constexpr std::array<W, 1> kChoose = {
    W{"", "a new choice point: row {row} takes its first option, column {col}."}};
constexpr std::array<W, 1> kFail = {
    W{"", "require fails: {square} is attacked by {by}; back to the latest choice."}};
constexpr std::array<W, 1> kBacktrack = {
    W{"",
      "backtrack: choice {row} moves on to option {col}; the next run replays these choices "
      "from an empty board."}};
constexpr std::array<W, 2> kExtend = {
    W{"row == 1", "extend the empty board by each column of row 1."},
    W{"", "extend the board with {queens|queen} (columns {placed}) by each column of row {row}."}};
constexpr std::array<W, 1> kKeep = {W{"", "keep {square}: safe."}};
constexpr std::array<W, 2> kDrop = {W{"by_row > 0", "drop {square}: attacked by {by}."},
                                    W{"", "drop {square}."}};
constexpr std::array<W, 1> kLevelSay = {
    W{"", "level {var.k} done: {number|safe board} of {var.k|queen}."}};
constexpr std::array<W, 1> kStart = {W{"", "start {number}: a fresh board."}};
constexpr std::array<W, 1> kPickSay = {
    W{"", "row {row} draws column {col} (from row {by_row}'s)."}};
constexpr std::array<W, 2> kMoveSay = {
    W{"var.tried == var.was",
      "swap the queens of rows {row} and {by_row}: still {var.tried|attacking pair}, a sideways "
      "move, kept."},
    W{"",
      "swap the queens of rows {row} and {by_row}: {var.tried|attacking pair} instead of "
      "{var.was}, kept."}};
constexpr std::array<W, 1> kUndo = {
    W{"",
      "swapping the queens of rows {row} and {by_row} would make {var.tried|attacking pair} "
      "instead of {var.was}: undone."}};
constexpr std::array<W, 1> kProbe = {
    W{"", "probe {square}: can a board starting so be completed?"}};
constexpr std::array<W, 2> kRefutedSay = {
    W{"queens > row",
      "probe {square}: refuted after {number|node} of search; no solution holds "
      "this piece's queens."},
    W{"",
      "probe {square}: refuted after {number|node} of search; no solution holds these "
      "queens."}};
constexpr std::array<W, 2> kSplitSay = {
    W{"along == 'row'", "the piece is split along row {by_row}."},
    W{"", "the piece is split along column {by_col}."}};
constexpr std::array<W, 1> kCompletedSay = {
    W{"", "completed: a solution starts with {square}: {board}."}};
constexpr std::array<W, 1> kSettled = {
    W{"",
      "row {row} is settled on column {col}: the solution found has its queen there, and no "
      "column left of it starts a solution."}};

constexpr std::array<KindInfo, kKinds> kTable = {{
    {Kind::place, "place", kSquare, kPlace},
    {Kind::reject, "reject", kAttacked, kReject},
    {Kind::remove, "remove", kSquare, kRemove},
    {Kind::solution, "solution", kNumber, kSolution},
    {Kind::free, "free", kFree, kFreeSay},
    {Kind::scan, "scan", kScan, kScanSay},
    {Kind::candidate, "candidate", kNone, kCandidate},
    {Kind::conflict, "conflict", kAttacked, kConflict},
    {Kind::swap, "swap", kSwap, kSwapSay},
    {Kind::reverse, "reverse", kRow, kReverse},
    {Kind::run, "run", kNumber, kRun},
    {Kind::replay, "replay", kSquare, kReplay},
    {Kind::choose, "choose", kSquare, kChoose},
    {Kind::fail, "fail", kAttacked, kFail},
    {Kind::backtrack, "backtrack", kSquare, kBacktrack},
    {Kind::extend, "extend", kRow, kExtend},
    {Kind::keep, "keep", kSquare, kKeep},
    {Kind::drop, "drop", kAttacked, kDrop},
    {Kind::level, "level", kLevel, kLevelSay},
    {Kind::start, "start", kNumber, kStart},
    {Kind::pick, "pick", kPick, kPickSay},
    {Kind::move, "move", kMove, kMoveSay},
    {Kind::undo, "undo", kMove, kUndo},
    {Kind::probe, "probe", kSquare, kProbe},
    {Kind::refuted, "refuted", kRefuted, kRefutedSay},
    {Kind::split, "split", kSplit, kSplitSay},
    {Kind::completed, "completed", kSquare, kCompletedSay},
    {Kind::settled, "settled", kSquare, kSettled},
}};

static_assert(
    [] {
      for (int k = 0; k < kKinds; ++k) {
        if (static_cast<int>(kTable[k].kind) != k) return false;
      }
      return true;
    }(),
    "kTable lists the kinds in Kind's order");

}  // namespace

const KindInfo& kind_info(Kind kind) { return kTable.at(static_cast<std::size_t>(kind)); }

}  // namespace nq::trace
