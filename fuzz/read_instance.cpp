// SPDX-License-Identifier: MIT
// Fuzzes the completion instance reader and the SAT model reader. What the instance reader
// accepts must be well formed, survive a write/read round trip, and (on small boards) be
// searchable; a model, if accepted, must be a completion of the instance.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "nqueens/complete.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::size_t split = text.find("\n--\n");  // instance, then a model
  nq::CompletionInstance in;
  try {
    in = nq::read_instance(text.substr(0, split));
  } catch (const nq::ParseError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  if (nq::instance_error(in)) std::abort();
  if (nq::write_instance(nq::read_instance(nq::write_instance(in))) != nq::write_instance(in)) {
    std::abort();
  }
  if (in.n <= 10) {
    const nq::CompleteResult r = nq::complete(in, {});
    if (r.solution && !nq::is_solution(*r.solution)) std::abort();
  }
  if (split != std::string::npos && in.n <= 64) {
    try {
      const std::optional<nq::Placement> p = nq::from_model(in, text.substr(split + 4));
      if (p && !nq::is_solution(*p)) std::abort();
    } catch (const nq::ParseError&) {
    }
  }
  return 0;
}
