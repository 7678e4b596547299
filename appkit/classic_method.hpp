// SPDX-License-Identifier: MIT
// A classic method by its name, for the modules that take names as values rather than as
// command-line flags (Python, JavaScript): one message for an unknown name, listing the nine.
// Likewise the mode of a run. (The traced methods' names are the library's:
// nq::trace::method_named.)
#pragma once

#include <string_view>

#include "nqueens/classic.hpp"

namespace nqcli {

// Throws UsageError "unknown method 'NAME' (blind, nested, ...)" for a name it does not know.
nq::classic::Method classic_method(std::string_view name);

// A mode by name: "all", "first" or "count"; UsageError
// "classic: unknown mode 'NAME' (all, first or count)" otherwise.
nq::classic::Mode classic_mode(std::string_view name);

}  // namespace nqcli
