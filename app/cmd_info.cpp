// SPDX-License-Identifier: MIT
// `nqueens info`: the registry (include/nqueens/registry.hpp) as text, or as the JSON the
// bindings read and the surfaces' test checks against.
#include <fmt/core.h>

#include "commands.hpp"
#include "nqueens/registry.hpp"

namespace nqcli {

int run_info(const InfoArgs& args) {
  if (args.json) {
    fmt::print("{}\n", nq::registry::to_json());
    return 0;
  }
  fmt::print("Values\n");
  for (const nq::registry::Choices& c : nq::registry::all_choices()) {
    fmt::print("  {:<17} {}\n", c.key, nq::registry::help(c.key));
  }
  fmt::print("\nRanges of n\n");
  for (const nq::registry::Limit& l : nq::registry::all_limits()) {
    fmt::print("  {:<17} {}..{:<12} {}\n", l.key, l.low, l.high, l.about);
  }
  fmt::print("\nDefaults\n");
  for (const nq::registry::Default& d : nq::registry::all_defaults()) {
    fmt::print("  {:<17} {}\n", d.key, d.json);
  }
  return 0;
}

}  // namespace nqcli
