// SPDX-License-Identifier: MIT
// The search as a story, for every method a learner meets: the nine textbook methods of
// nq::classic and two of solve's (random, the local search, and first, the probing search). Each
// method tells events of the kinds that fit it (a queen placed or rejected, a whole board made and
// its first attacking pair, a permutation step, Amb's choice points and failures, the functional
// stages, the local search's moves, the probes of first), and each event names the line of the
// method's listing that made it: a short program in the style of the tutorials that does what
// the method does, in the same order. With the event come the board and the listing's variables
// as they stand after that line, and the work done so far (classic's placements, checks and
// nodes, so a whole trace ends on what nq::classic::run reports). docs/trace.md specifies every
// method's events; tests check them against references written from it alone.
//
// Example:
//   nq::trace::run({.n = 4}, [](const nq::trace::Event& e) { /* e.step, e.kind, ... */ });
//   // 4 queens, recursive, all solutions: 78 events (16 placed, 44 rejected, 16 taken back,
//   // 2 solutions); the last carries placements 60, checks 84, nodes 60, as classic::run says
//   nq::trace::listing(nq::trace::Method::recursive, 4).lines[8]  // "      cols[row] = c; ..."
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "nqueens/classic.hpp"

namespace nq::trace {

// The methods that can be traced: classic's nine, made from the same rows (NQ_CLASSIC_METHODS), so
// a classic method's value is classic's; then solve's two:
//   random  solve --method random: QS4-style local search (construction, then repairing swaps)
//   first   solve --method first: the probing search for the lexicographically first solution
#define NQ_TRACE_METHOD(value, name) ::nq::trace::Method::value,
enum class Method { NQ_CLASSIC_METHODS(NQ_METHOD_VALUE) random, first };
inline constexpr std::array kAllMethods = {NQ_CLASSIC_METHODS(NQ_TRACE_METHOD) Method::random,
                                           Method::first};

std::string_view to_string(Method method);  // "board-scan", "random", ...
std::optional<Method> method_from_string(std::string_view name);
// Throws std::invalid_argument "trace: unknown method 'NAME' (blind, nested, ..., first)".
Method method_named(std::string_view name);
std::optional<classic::Method> classic_method(Method method);  // none for random and first

enum class Kind {
  place,
  reject,
  remove,
  solution,  // the row-by-row backtrackers
  free,      // bitmask: the safe squares of a row, from three masks
  scan,      // board-scan: one way walked up the board, clear
  candidate,
  conflict,  // blind, permutations: a whole board, its first bad pair
  swap,
  reverse,  // permutations: the two moves of the next permutation
  run,
  replay,
  choose,
  fail,
  backtrack,  // amb
  extend,
  keep,
  drop,
  level,  // functional: map, filter (kept or dropped), a level done
  start,
  pick,
  move,
  undo,  // random
  probe,
  refuted,
  split,
  completed,
  settled,  // first
};
inline constexpr int kKinds = 28;
std::string_view to_string(Kind kind);  // "place", ..., "settled"
std::optional<Kind> kind_from_string(std::string_view name);

// The line two squares share: diagonal is the same row - column (\), anti_diagonal the same
// row + column (/). Column wins where a queen is attacked two ways.
enum class Along { none, row, column, diagonal, anti_diagonal };
std::string_view to_string(Along along);  // "", "row", "column", "diagonal", "anti-diagonal"

// A variable of the listing with its value there.
struct Variable {
  enum class Shape { number, array, bits, none };  // none: JavaScript's null
  std::string_view name;  // as the listing spells it ("cols", "boards.length")
  Shape shape = Shape::number;
  std::int64_t number = 0;      // number; bits: the mask, bit c for column c
  std::vector<int> array = {};  // array
};
// As the listing's JavaScript would print it: 3, [0, 2], 0b0110 (n digits, column 0 rightmost),
// null.
std::string to_string(const Variable& variable, int n);

struct Event {
  std::uint64_t step = 0;  // 1, 2, 3, ...
  Kind kind = Kind::place;
  int code_line = 0;             // the line of the method's listing that told it, 1-based
  int row = -1, col = -1;        // the square it is about (0-based), -1 none
  int by_row = -1, by_col = -1;  // the other queen: the attacker, the queen met, the row swapped
  Along along = Along::none;     // the line they share (board-scan: the way walked)
  std::vector<int> board;        // after the event: board[r] the column of row r's queen, -1 none
  std::vector<Variable> vars;    // the listing's variables in scope, in the listing's order
  classic::Counters work;        // placements, checks, nodes so far (docs/trace.md)
  std::uint64_t number = 0;      // solution, run, start: its number; level: its boards;
                                 // refuted (first): the nodes its piece took
};

// An event as the html page and WebAssembly carry it (the JSON lines name each field instead):
// its numbers in kEventFields' order (kind and along as their indices in kKinds' and Along's
// order), its board (a column a row, -1 none) and its variables as one line of text, the
// listing's "name=value" pairs joined by tabs. JavaScript decodes both by these names
// (web/js/trace-event.js), so the playground's player and the trace page's read one decoder.
inline constexpr std::array<std::string_view, 12> kEventFields = {
    "step",   "kind",  "line",   "row",        "col",    "by_row",
    "by_col", "along", "number", "placements", "checks", "nodes"};
std::array<double, kEventFields.size()> event_values(const Event& event);
std::string event_vars(const Event& event, int n);

// What a learner reads for an event, written once, in the table of kinds (src/trace/kinds.cpp):
// each kind's name, the fields it sets beyond step, line, the board and the work, and the
// wordings of its sentence, the first whose `when` holds. `nqueens trace` prints sentence();
// the playground and the trace page render the same table (registry::to_json, "events") with
// web/playground/sentences.js, which follows the rules below; tests/cli/sentences_agree.mjs
// renders both and compares them.
//
// A wording's text names values in braces, rows and columns counted from 1: {row}, {col},
// {by_row}, {by_col} (0: no other queen), {number}, {step}, {line}, {n}, {queens} (the queens on
// the board), {var.NAME} (the listing's variable), {along} ("column", "anti-diagonal", ...);
// {square} "row 2, column 3"; {by_square} the other queen's; {by} "the queen on row 1, column 3
// (same diagonal, \)"; {shared} "same column", "same diagonal, \", "same anti-diagonal, /";
// {walk} "straight up", "up and left", "up and right"; {board} every row's column, 0 for none;
// {placed} the columns of the queens. Numbers are grouped by thousands (1,234); {NAME|word} is
// the number and the word, with an s unless the number is 1. `when` is "" (always) or "A op B":
// op one of == != < <= > >=, A and B a name, a whole number or 'text'.
struct Wording {
  std::string_view when;
  std::string_view text;
};
struct KindInfo {
  Kind kind;
  std::string_view name;
  std::span<const std::string_view> fields;  // "row", "by_col", "number", "var.k", ...
  std::span<const Wording> wordings;
};
const KindInfo& kind_info(Kind kind);
// Before every sentence.
inline constexpr std::string_view kSentenceStart = "Step {step}, line {line}: ";
// kSentenceStart and the kind's wording: "Step 2, line 5: row 2, column 1 is attacked by the
// queen on row 1, column 1 (same column)."
std::string sentence(const Event& event, int n);

// Bit k for Kind k.
using KindSet = std::uint64_t;
inline constexpr KindSet kEveryKind = (KindSet{1} << kKinds) - 1;
constexpr KindSet kind_bit(Kind kind) { return KindSet{1} << static_cast<int>(kind); }

struct Options {
  int n = 8;  // 1..classic::kMaxN; random needs a board with a solution (not 2 or 3)
  Method method = Method::recursive;
  bool first = false;           // stop at the first solution (random and first always do)
  std::uint64_t max_steps = 0;  // cut the trace after this many events; 0: no limit
  std::uint64_t skip = 0;       // count events 1..skip without telling them (a later window)
  KindSet kinds = kEveryKind;   // tell only these kinds; the others are counted
  std::uint64_t seed = 1;       // random: the same seed, the same trace
  std::stop_token stop = {};
};

struct Summary {
  std::uint64_t steps = 0;                         // events, told or not
  std::array<std::uint64_t, kKinds> of_kind = {};  // events of each kind
  classic::Counters work;  // complete: the method's totals; cut: at the last event
  std::uint64_t solutions = 0;
  bool cut = false;       // stopped at max_steps
  bool complete = false;  // the search ran to its end (or to its first solution)
  std::uint64_t count(Kind kind) const { return of_kind[static_cast<std::size_t>(kind)]; }
};

// Calls on_event for each event told, in order. Throws std::invalid_argument, with the message
// users see, for an n out of range or a random trace of n = 2 or 3.
Summary run(const Options& options, const std::function<void(const Event&)>& on_event);

// About how many events the whole trace of a method tells (first = false): exact for blind
// (2 n^n) and permutations (4 n! - 2), from the methods' placements for n = 1..12 (measured)
// and their growth beyond for the others; 0 for random and first, which tell a few events a row.
// What the command line and the page say before a trace too long to follow to its end.
double estimated_events(Method method, int n);

// The listing of a method, and the line each of its kinds comes from.
struct KindLine {
  Kind kind;
  int line;  // 1-based
};
struct Listing {
  Method method;
  std::span<const std::string_view> lines;
  std::span<const KindLine> kinds;  // the kinds the method tells, each from one line (nested:
                                    // row 1's lines; line_of gives every row's)
};
// The listing of a method for a board of n queens. Only nested's depends on n: its loops, one a
// row, are written out for n (docs/trace.md). Made once for each n and kept, so the reference
// lives as long as the program; safe to call from any thread. Throws std::invalid_argument, with
// run's message, for an n out of 1..classic::kMaxN.
const Listing& listing(Method method, int n);
// What the player says beside the board about a method: how it works, what each of the three
// counters counts for it (docs/trace.md defines them), and whether it fills the rows one by one
// (the player's tree of the search follows those). Written in the method's own file, beside its
// listing; the registry carries it to the page ("methods").
struct MethodInfo {
  std::string_view about;
  std::string_view placements, checks, nodes;
  bool fills_rows = false;
};
const MethodInfo& method_info(Method method);

// The line of listing(method, n) that tells an event of `kind` about row `row` (0-based; -1 for
// an event about no row). Only nested's lines depend on the row: its place and remove come from
// the row's own loop. 0: the method never tells this kind (or n, or nested's row, is out of range).
int line_of(Method method, Kind kind, int row, int n);

}  // namespace nq::trace
