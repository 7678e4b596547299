// SPDX-License-Identifier: MIT
// The residual searches (solve --method first, complete()) and the halves engine's greedy bit
// order (count/bit_order.cpp) count bits all the time, and x86-64's baseline has no POPCNT
// instruction. Their hottest functions are built twice, and the loader picks the POPCNT build
// where the CPU has it. Only functions private to one file get the
// attribute, defined before their first use: g++ and clang++ disagree on how clones are named
// across files.
#pragma once

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NQ_NO_POPCOUNT_CLONES  // ThreadSanitizer crashes in ifunc resolvers, which run before it
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define NQ_NO_POPCOUNT_CLONES
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NQ_NO_POPCOUNT_CLONES)
#define NQ_POPCOUNT_CLONES [[gnu::target_clones("popcnt", "default")]]
#else
#define NQ_POPCOUNT_CLONES
#endif
