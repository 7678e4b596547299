// SPDX-License-Identifier: MIT
// Whole-input reading for the subcommands that take a FILE or '-' (standard input), and output
// to a file or '-' (standard output).
#pragma once

#include <memory>
#include <ostream>
#include <string>

namespace nqcli {

// The whole content of `path` ("-" or "" = stdin). Throws UsageError if it cannot be read.
std::string read_input(const std::string& path);

// A stream for `path` ("-" = std::cout); throws UsageError if the file cannot be created.
std::unique_ptr<std::ostream, void (*)(std::ostream*)> open_output(const std::string& path);

// Flushes `out` and throws UsageError if anything failed to be written (a full disk, say).
void finish_output(std::ostream& out, const std::string& path);

}  // namespace nqcli
