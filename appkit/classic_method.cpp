// SPDX-License-Identifier: MIT
#include "classic_method.hpp"

#include <string>

#include "contract.hpp"

namespace nqcli {

nq::classic::Method classic_method(std::string_view name) {
  const auto method = nq::classic::method_from_string(name);
  if (!method) {
    std::string known;
    for (nq::classic::Method m : nq::classic::kAllMethods) {
      known += (known.empty() ? "" : ", ") + std::string(nq::classic::to_string(m));
    }
    throw UsageError("unknown method '" + std::string(name) + "' (" + known + ")");
  }
  return *method;
}

nq::classic::Mode classic_mode(std::string_view name) {
  if (name == "all") return nq::classic::Mode::all;
  if (name == "first") return nq::classic::Mode::first;
  if (name == "count") return nq::classic::Mode::count;
  throw UsageError("classic: unknown mode '" + std::string(name) + "' (all, first or count)");
}

}  // namespace nqcli
