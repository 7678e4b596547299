// SPDX-License-Identifier: MIT
#include "not_saved.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>

#include "contract.hpp"

namespace nqcli {

int not_saved(int code, std::initializer_list<int> answers, std::string_view job,
              std::string_view what, std::string_view path, std::string_view why) {
  if (why.empty()) return code;
  fmt::print(stderr, "{}: the {} is not saved in {}: {}\n", job, what, path, why);
  return std::ranges::find(answers, code) != answers.end() ? kExitNotSaved : code;
}

}  // namespace nqcli
