// SPDX-License-Identifier: MIT
// The man page and the bash, zsh and fish completion scripts of a program, generated from its
// CLI11 option tree, the same definitions that print --help, so that none of them can drift
// from the options the program really takes. `nqueens --generate man` and
// `nqueens-mpi --generate man` print them; the build writes them and `cmake --install` installs
// them where Debian's man and shells look.
//
//   CLI::App app{"nqueens: count, solve, verify and draw n-queens placements", "nqueens"};
//   ...                                       // subcommands and options, as for parsing
//   const ManInfo info{"1", nq::kVersion, kExitStatuses, {"nqueens-mpi(1)"}};
//   std::string page = generate_doc(app, DocKind::man, info);
//
// What the tree does not hold comes from the program's own text: a subcommand's footer is split
// at "Example:" into notes (kept in its section) and examples (gathered in EXAMPLES). An option
// takes a file when its type name or its positional name is FILE; its values, when a validator
// names them as CLI::IsMember does ("{a,b,c}").
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "contract.hpp"

namespace CLI {
class App;
}

namespace nqcli {

enum class DocKind { man, bash, zsh, fish };

// The names `--generate` takes, in DocKind's order: man, complete-bash, complete-zsh,
// complete-fish.
std::vector<std::string> doc_kind_names();
// Throws UsageError for a name not in doc_kind_names().
DocKind parse_doc_kind(std::string_view name);

// A variable of the environment the program reads, and what it does.
struct EnvironmentVariable {
  std::string name, meaning;
};

struct ManInfo {
  std::string_view version;                           // printed in the page's header
  std::span<const ExitStatus> exit_statuses;          // the EXIT STATUS section
  std::vector<std::string> see_also;                  // "nqueens-mpi(1)", ...
  std::vector<EnvironmentVariable> environment = {};  // the ENVIRONMENT section, where any
};

std::string generate_doc(const CLI::App& app, DocKind kind, const ManInfo& info);

}  // namespace nqcli
