// SPDX-License-Identifier: MIT
// A count's result as its fields (count_fields.hpp): one list, in `count --json`'s order, read by
// the command line, Python and JavaScript alike.
#include "nqueens/count_fields.hpp"

namespace nq {

std::vector<CountField> count_fields(const CountResult& r) {
  const auto whole = [](auto v) { return CountFieldValue(static_cast<std::uint64_t>(v)); };
  return {
      {"n", whole(r.n)},
      {"total", whole(r.total)},
      {"unique", r.complete ? whole(r.unique) : CountFieldValue()},
      {"symmetric180", whole(r.symmetric180)},
      {"symmetric90", whole(r.symmetric90)},
      {"classes", ClassSizes{r.classes_of_size[0], r.classes_of_size[1], r.classes_of_size[2],
                             r.classes_of_size[3]}},
      {"engine", std::string_view(engine_name(r.engine))},
      {"nodes", whole(r.nodes)},
      {"subproblems", whole(r.subproblems)},
      {"subproblems_done", whole(r.subproblems_done)},
      {"subproblems_resumed", whole(r.subproblems_resumed)},
      {"memory_bytes", whole(r.memory_bytes)},
      {"threads", whole(r.threads)},
      {"seconds", r.seconds},
      {"complete", r.complete},
  };
}

}  // namespace nq
