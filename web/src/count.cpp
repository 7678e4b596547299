// SPDX-License-Identifier: MIT
// count(n, engine): every solution and the unique ones on one thread, with the checks of
// `nqueens count` (appkit's check_count_args) and a memory budget that fits WebAssembly's heap.
#include "nqueens/count.hpp"

#include <emscripten/bind.h>

#include <string>

#include "binding.hpp"
#include "contract.hpp"
#include "count_args.hpp"
#include "count_job.hpp"

namespace nqweb {

namespace {

// WebAssembly's 32-bit heap ends at 4 GiB and grows from little; the halves engine's tables for
// the n a page counts (n <= 20) need far less than this.
constexpr const char* kMemoryBudget = "1G";

val count(const std::string& n, const std::string& engine) {
  return guarded([&] {
    if (!nq::engine_from_name(engine)) {
      throw nqcli::UsageError("count: unknown engine '" + engine + "' (auto, backtrack or halves)");
    }
    nqcli::CountArgs args;
    args.n = n;
    args.engine = engine;
    args.memory = kMemoryBudget;
    const nqcli::CountJob job = nqcli::check_count_args(args, "count");
    const nq::CountResult r =
        nq::count({.n = job.n, .threads = 1, .engine = job.engine, .memory = job.memory});
    val d = val::object();
    d.set("n", r.n);
    d.set("total", big(r.total));
    d.set("unique", big(r.unique));
    d.set("nodes", static_cast<double>(r.nodes));
    d.set("seconds", r.seconds);
    d.set("engine", std::string(nq::engine_name(r.engine)));
    return d;
  });
}

val known_count(int n) {
  const auto known = nq::known_count(n);
  if (!known) return val::null();
  val d = val::object();
  d.set("total", big(known->total));
  d.set("unique", big(known->unique));
  return d;
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_count) {
  emscripten::function("count", &count);
  emscripten::function("knownCount", &known_count);
}

}  // namespace nqweb
