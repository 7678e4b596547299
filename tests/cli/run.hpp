// SPDX-License-Identifier: MIT
// Runs the built nqueens binary through /bin/sh with a given standard input and captures its
// exit code, standard output and standard error, for the CLI tests.
#pragma once

#include <string>
#include <vector>

namespace nq::test {

struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

// `args` is appended to the binary's path as shell words (quote them yourself).
Run run_nqueens(const std::string& args, const std::string& input = "");

// Any shell command line, run the same way.
Run run_shell(const std::string& command_line, const std::string& input = "");

// Writes `content` to a fresh file in the test's temporary directory and returns its path.
std::string temp_file(const std::string& name, const std::string& content);

std::string slurp(const std::string& path);

// `text` split at its newlines (a last line without one included).
std::vector<std::string> lines_of(const std::string& text);

// Runs nqueens with `args` (the subcommand first) in the background, its stdout into `out`,
// kills it with `signal` after `seconds`, and returns its exit status (or -1 if it did not exit
// normally). With `ready`, the seconds start only once that file has at least two lines (or
// after 60 s), so a slow start (a sanitized build on a loaded machine) cannot bring the kill
// before the work the test needs.
int run_and_kill(const std::string& args, const std::string& signal, double seconds,
                 const std::string& out, const std::string& ready = "");

}  // namespace nq::test
