// SPDX-License-Identifier: MIT
// nqueens for JavaScript: the C++ library compiled to WebAssembly (single-threaded, embedded in
// this one module). Placements are arrays of 0-based column indices, one per row. Every function
// checks its input as the `nqueens` command line does and throws an Error with the message that
// the command line prints (for example "N = 40 is too large for count (at most 32)").

/** One queen per row: placement[row] is the 0-based column of that row's queen. */
export type Placement = number[];

/** A count, as `nqueens count` reports it. Totals past 2^53 - 1 (n >= 26) are bigints. */
/** The fields of `nqueens count --json`, in its order (counts past 2^53 - 1 are BigInts). */
export interface CountResult {
  n: number;
  total: number | bigint;
  unique: number | bigint;
  symmetric180: number | bigint; // solutions fixed by the half turn
  symmetric90: number | bigint; // solutions fixed by the quarter turn
  classes: { 1: number | bigint; 2: number | bigint; 4: number | bigint; 8: number | bigint }; // classes of each size
  engine: "backtrack" | "halves";
  nodes: number | bigint;
  subproblems: number;
  subproblems_done: number;
  subproblems_resumed: number;
  memory_bytes: number;
  threads: number;
  seconds: number;
  complete: boolean;
}
/** Every solution of n x n and the unique ones (up to rotation and reflection), 1 <= n <= 32. */
export function count(n: number, options?: { engine?: "auto" | "backtrack" | "halves" }): CountResult;

/** The published counts (OEIS A000170 and A002562) for 1 <= n <= 27, or null. */
export function knownCount(n: number): { total: number | bigint; unique: number | bigint } | null;

export type SolveMethod = "construct" | "random" | "first" | "backtrack";
/**
 * One solution: an explicit construction (any n up to 2^32 - 1, O(n)), local search from a seed,
 * the lexicographically first solution (probing, n <= 128) or plain backtracking (n <= 32).
 * Throws for n = 2 and n = 3, which have no solution.
 */
export function solve(n: number, options?: { method?: SolveMethod; seed?: number }): Placement;

export interface SolutionsOptions {
  unique?: boolean; // one per symmetry class: its lexicographically smallest image
  skip?: number; // leave out the first `skip` solutions
  limit?: number; // at most this many (default: all)
}
/** The solutions of n x n (1 <= n <= 32) in lexicographic order, lazily, one at a time. */
export function solutions(n: number, options?: SolutionsOptions): IterableIterator<Placement>;

export type Line = "column" | "diagonal" | "anti-diagonal";
export interface Attack {
  rowA: number; colA: number; // the earlier queen (0-based)
  rowB: number; colB: number; // the later queen, rowA < rowB
  line: Line; // diagonal: row - column equal; anti-diagonal: row + column equal
  message: string; // "queens at row 2 column 3 and row 5 column 6 share a diagonal" (1-based)
}
/**
 * A placement read from text in any format the command line reads: perm ("2 4 1 3" or "2,4,1,3",
 * 1-based), board lines of "." and "Q", JSON ({"perm": [...]}, a bare [2, 4, 1, 3], or a code's
 * array counted from 0 such as [1, 3, 0, 2], told by its 0; or LeetCode's [".Q..", "...Q", ...])
 * or FEN-like ("1q2/3q/q3/2q1"). Throws an Error naming the row, or the line and character, at
 * fault.
 */
export function parse(text: string): Placement;
/** null when no two queens attack each other; otherwise the first attacking pair. */
export function verify(placement: ArrayLike<number>): Attack | null;

export type SymmetryName =
  | "identity" | "rotate90" | "rotate180" | "rotate270"
  | "flip_horizontal" | "flip_vertical" | "transpose" | "anti_transpose";
/** The symmetries of the square that map the placement onto itself (always "identity"). */
export function symmetries(placement: ArrayLike<number>): SymmetryName[];
/** The smallest of the placement's eight images (its class representative). */
export function canonical(placement: ArrayLike<number>): Placement;

/** The board as text ("text", "unicode") or an SVG image ("svg", the default). */
export function render(placement: ArrayLike<number>, options?: { format?: "svg" | "text" | "unicode"; title?: string }): string;

export type ClassicMethod =
  | "blind" | "nested" | "iterative" | "recursive" | "board-scan"
  | "permutations" | "amb" | "functional" | "bitmask";
/** The nine textbook methods, in the order `nqueens compare` runs them (before random and first). */
export const classicMethods: readonly ClassicMethod[];
export type TraceMethod = ClassicMethod | "random" | "first";
/** Every method trace() follows: the nine, then solve's "random" (local search) and "first". */
export const traceMethods: readonly TraceMethod[];
/** The same as traceMethods (every method can be traced). */
export const traceableMethods: readonly TraceMethod[];

export interface Counters { placements: number; checks: number; nodes: number }
export interface ClassicResult extends Counters {
  method: ClassicMethod;
  n: number;
  count: number;
  solutions: Placement[]; // mode "all": every one; "first": at most one; "count": none
  seconds: number;
}
/** One textbook method with its work counters, 1 <= n <= 32. */
export function classic(n: number, method: ClassicMethod, options?: { mode?: "all" | "first" | "count" }): ClassicResult;

export type CompareMethod = TraceMethod;
/** What compare() runs, in its order: the nine textbook methods, then "random" and "first". */
export const compareMethods: readonly CompareMethod[];
export interface CompareRow {
  method: CompareMethod;
  /** "count": searched the whole board, every solution counted (the nine, unless `first`);
   * "first": stopped at its first solution (random and first always, the nine with `first`). */
  mode: "count" | "first";
  ran: boolean; // false: skipped on its estimate without running (random: also n = 2, 3)
  finished: boolean; // ran to the end within the budget
  solutions: number | null; // found by one run
  /** The work of one run (random: the run of median nodes of seeds 1..5). */
  placements: number | null; checks: number | null; nodes: number | null;
  /** The median time of one run, over `repeats` runs timed in samples of at least 1 ms (at
   * least 3 samples and 5 ms in all, as the budget allows). */
  seconds: number | null;
  repeats: number | null;
  skipped: string | null; // why it was skipped or stopped
}
/** The methods side by side on one n, each under a time budget (seconds, default 10) that its
 * repeated runs share. `first` (default false): the nine textbook methods stop at their first
 * solution instead of counting every one, as `nqueens compare --first`. */
export function compare(n: number, options?: { methods?: CompareMethod[]; budget?: number; first?: boolean }): CompareRow[];

export type TraceKind =
  | "place" | "reject" | "remove" | "solution" | "free" | "scan" | "candidate" | "conflict"
  | "swap" | "reverse" | "run" | "replay" | "choose" | "fail" | "backtrack" | "extend" | "keep"
  | "drop" | "level" | "start" | "pick" | "move" | "undo" | "probe" | "refuted" | "split"
  | "completed" | "settled";
/** One step of a traced search; docs/trace.md says what each method's kinds hold. */
export interface TraceEvent extends Counters {
  step: number; // 1, 2, 3, ... (the whole trace's numbering, also with `from` and `only`)
  kind: TraceKind;
  line: number; // the line of the method's listing that told it, 1-based
  row: number; col: number; // the square it is about, -1 none
  byRow: number; byCol: number; // the other queen (the attacker, the row swapped with), -1 none
  along: "" | "row" | "column" | "diagonal" | "anti-diagonal"; // the line they share
  sameColumn: boolean; // along === "column"
  board: number[]; // after the event: the column of each row's queen, -1 none
  vars: [name: string, text: string][]; // the listing's variables there, as it would print them
  number: number; // a solution's, a run's or a start's number; a level's boards; else 0
  solution?: number; // solution events: the number again
  placement?: Placement; // solution events: the board again
}
/**
 * A method's search as events, lazily (1 <= n <= 32): every step, from the line of its listing
 * that made it, with the board, the variables and the work so far. `first` stops at the first
 * solution, `seed` is random's, `from: K` starts after step K, and `only` yields only the kinds
 * named (the others are counted, so steps and counters stay the whole trace's).
 */
export function trace(
  n: number,
  options?: { method?: TraceMethod; first?: boolean; seed?: number; from?: number; only?: TraceKind[] },
): IterableIterator<TraceEvent>;

/**
 * About how many events the whole trace of a method has (first not asked for): exact for blind
 * (2 n^n) and permutations (4 n! - 2), from measured runs for the others, 0 for random and first.
 */
export function estimatedEvents(n: number, method?: TraceMethod): number;

/**
 * A traced method's listing for a board of n queens (default 8; JavaScript-like, lines[k - 1] is
 * line k) and each kind's line. Only nested's depends on n: its loops, one a row, are written out
 * for it, and its kinds are row 1's lines (an event's line says which row's loop told it).
 */
export function listing(method: TraceMethod, n?: number): { method: TraceMethod; lines: string[]; kinds: Partial<Record<TraceKind, number>> };

export interface CompletionInstance {
  n: number;
  queens?: [number, number][]; // given queens, (row, column), 0-based
  blocked?: [number, number][]; // squares no queen may take
  excludedSums?: number[]; // whole diagonals row + column (0 .. 2n - 2) no queen may take
  excludedDifferences?: number[]; // whole diagonals row - column (1 - n .. n - 1)
}
export interface CompletionResult {
  solution: Placement | null; // a completion (it keeps the given queens), or null
  count: number; // completions found (up to the limit)
  nodes: number;
  complete: boolean; // the search ran to its end or to the limit
}
/**
 * n-Queens Completion: extend the given queens to n, avoiding blocked squares and diagonals.
 * `limit` (default 1) stops after that many completions; Infinity counts them all.
 */
export function complete(instance: CompletionInstance, options?: { limit?: number }): CompletionResult;

/** The first `terms` columns of the quintal queens placement (5-queens tiled without end). */
export function infinite(terms: number): Placement;

/** The library's version, "0.2.0". */
export const version: string;

/**
 * What the library names, as `nqueens info --json` prints it: each option's values with a few
 * words on each (`choices["trace.method"]`), each job's range of n (`limits["solve.first"]`:
 * 1..128) and the defaults (`defaults["trace.first"].value`). The lists and defaults of this
 * module are read from it.
 */
export interface Registry {
  choices: Record<string, { name: string; about: string }[]>;
  limits: Record<string, { low: number; high: number; about: string }>;
  defaults: Record<string, { value: unknown; about: string }>;
  /** What the player says about each traced method: how it works, what each counter counts for
   * it, and whether it fills the rows one by one. */
  methods: Record<
    string,
    { about: string; placements: string; checks: string; nodes: string; fills_rows: boolean }
  >;
  /** The trace's kinds of events and the sentence a learner reads for each: `start` comes
   * before every sentence, then the first of the kind's `wordings` whose condition holds, with
   * the event's values put into its braces (include/nqueens/trace.hpp gives the rules). */
  events: {
    start: string;
    kinds: Record<string, { fields: string[]; wordings: [when: string, text: string][] }>;
  };
}
export const registry: Registry;
