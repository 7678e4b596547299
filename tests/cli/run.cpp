// SPDX-License-Identifier: MIT
#include "run.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace nq::test {

std::string temp_file(const std::string& name, const std::string& content) {
  const std::string path =
      ::testing::TempDir() + "nqueens_cli_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int run_and_kill(const std::string& args, const std::string& signal, double seconds,
                 const std::string& out, const std::string& ready) {
  const std::string wait = ready.empty()
                               ? ""
                               : "for i in $(seq 3000); do [ \"$(wc -l 2>/dev/null <'" + ready +
                                     "' || echo 0)\" -ge 2 ] && break; sleep 0.02; done; ";
  const std::string command = std::string("'") + NQ_BINARY + "' " + args + " >'" + out +
                              "' 2>/dev/null & pid=$!; " + wait + "sleep " +
                              std::to_string(seconds) + "; kill -" + signal + " $pid; wait $pid";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Run run_nqueens(const std::string& args, const std::string& input) {
  return run_shell(std::string("'") + NQ_BINARY + "' " + args, input);
}

Run run_shell(const std::string& command_line, const std::string& input) {
  const std::string in = temp_file("stdin", input);
  const std::string out = temp_file("stdout", "");
  const std::string err = temp_file("stderr", "");
  const std::string command = "(" + command_line + ") <'" + in + "' >'" + out + "' 2>'" + err + "'";
  const int status = std::system(command.c_str());
  Run run;
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  run.out = slurp(out);
  run.err = slurp(err);
  return run;
}

}  // namespace nq::test
