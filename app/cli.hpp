// SPDX-License-Identifier: MIT
// The command line: parses argv (CLI11 lives only in cli.cpp, it is slow to compile), runs the
// chosen subcommand and turns every failure into the contract's exit codes.
#pragma once

namespace nqcli {

int main(int argc, char** argv);

}  // namespace nqcli
