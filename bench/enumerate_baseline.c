/* SPDX-License-Identifier: MIT
 * The yardstick for `nqueens enumerate` (issue: at least 3x faster than this): the
 * straightforward C program a tutorial would write. Recursive bitmask backtracking row by row,
 * columns tried left to right (so solutions come out in lexicographic order), and one printf per
 * number. Built and timed by bench/enumerate.sh; never part of the library or the tests. */
#include <stdio.h>
#include <stdlib.h>

static int n;
static int col[32];
static unsigned long long all;

static void print_solution(void) {
  for (int r = 0; r < n; ++r) printf(r + 1 < n ? "%d " : "%d\n", col[r] + 1);
}

static void place(int row, unsigned long long cols, unsigned long long diag,
                  unsigned long long anti) {
  if (row == n) {
    print_solution();
    return;
  }
  for (unsigned long long free = all & ~(cols | diag | anti); free; free &= free - 1) {
    unsigned long long bit = free & -free;
    col[row] = __builtin_ctzll(bit);
    place(row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1);
  }
}

int main(int argc, char** argv) {
  n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1 || n > 32) return 2;
  all = (1ull << n) - 1;
  place(0, 0, 0, 0);
  return 0;
}
