// SPDX-License-Identifier: MIT
// Fuzzes the command line itself: the input is an argument vector, one argument per line, run
// through nqcli::main in process (the parser, the validators, then the job). Whatever the
// arguments, the run must end with an exit code of the contract and no crash, hang, leak or
// escaped exception.
//
// To keep every job small, the harness (not the program) refuses inputs where a number could
// ask for real work: outside the values of the options listed in kFree below, every run of
// digits is at most kMaxNumber (so N <= 8, --threads <= 8) and no word starts with a digit
// unless it is all digits (no 0x10 or 1e9). The kFree options take any value: they are the
// ranges and sums the validators must catch (--queens, --blocked, --skip, ...).
//
// Files stay in a private temporary directory: each run changes into it and back, refuses any
// argument with a '/', and before every run empties it and writes a few fixtures (a solution,
// a non-solution, a board, JSON, FEN-like and LeetCode boards, instances, a SAT model, a binary
// placement) for the commands
// that read files. Standard input is /dev/null and standard output is discarded; run with
// -close_fd_mask=2 to discard the program's error lines too (libFuzzer keeps its own output and
// the sanitizers' reports).
#include "cli.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_files.hpp"

namespace {

constexpr std::uint64_t kMaxNumber = 8;
constexpr std::size_t kMaxArgs = 24;
constexpr std::size_t kMaxArgLength = 120;

// Long options whose values are not limited by the harness.
constexpr std::array<std::string_view, 14> kFree = {
    "--seed",   "--queens",      "--blocked",          "--diagonals", "--min-free",
    "--skip",   "--limit",       "--memory",           "--max-steps", "--sample",
    "--budget", "--subproblems", "--checkpoint-every", "--strata"};

bool is_free_option(std::string_view option) {
  for (std::string_view free : kFree) {
    if (option == free) return true;
  }
  return false;
}

// Every run of digits is at most kMaxNumber; no alphanumeric word starts with a digit and goes
// on with letters.
bool small_numbers_only(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const bool word_start = i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
    std::uint64_t value = 0;
    std::size_t digits = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i, ++digits) {
      value = value * 10 + static_cast<std::uint64_t>(text[i] - '0');
      if (digits > 3) return false;
    }
    if (value > kMaxNumber) return false;
    if (word_start && i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) {
      return false;
    }
  }
  return true;
}

// The arguments of the input, or an empty vector when the harness refuses it.
std::vector<std::string> arguments(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    args.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (args.empty() || args.size() > kMaxArgs) return {};
  bool free_value = false;  // the previous argument was a free option
  for (const std::string& arg : args) {
    if (arg.size() > kMaxArgLength) return {};
    if (arg.find('\0') != std::string::npos || arg.find('/') != std::string::npos) return {};
    const std::size_t equals = arg.find('=');
    const bool free = free_value || (arg.starts_with("--") && equals != std::string::npos &&
                                     is_free_option(std::string_view(arg).substr(0, equals)));
    if (!free && !small_numbers_only(arg)) return {};
    free_value = is_free_option(arg);
  }
  // A whole blind trace of n = 8 is 3.4e7 events (seconds natively, a minute here): real work.
  const auto holds = [&](std::string_view part) {
    for (const std::string& arg : args) {
      if (arg.find(part) != std::string::npos) return true;
    }
    return false;
  };
  if (holds("trace") && holds("blind") && (holds("7") || holds("8"))) return {};
  return args;
}

void write_file(const char* name, std::string_view text) {
  std::ofstream out(name, std::ios::binary);
  out << text;
}

// Empties the working directory and writes the fixtures.
void reset_directory() {
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(".", ignored)) {
    std::filesystem::remove_all(entry.path(), ignored);
  }
  write_file("p8", "1 5 8 6 3 7 2 4\n");
  write_file("bad", "1 2 3 4 5 6 7 8\n");
  write_file("b4", ".Q..\n...Q\nQ...\n..Q.\n");
  write_file("f4", "1q2/3q/q3/2q1\n");
  write_file("l4", "[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"]\n");
  write_file("j5", "{\"n\": 5, \"solution\": [1, 3, 5, 2, 4]}\n");
  write_file("i6", "6\nQ 2 4\nX 4 4\nX 4 6\n");
  write_file("d7", "7\nD + 5\nD - 1\nX 3 3\n");
  write_file("m6", "v 1 -2 3 0\n");
  const char binary[16] = {1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0};  // uint32 LE
  write_file("bin", std::string_view(binary, sizeof binary));
}

// The private directory, and the one libFuzzer works in (its corpus and artifact paths may be
// relative), between which each run goes back and forth.
int g_work_dir = -1;
int g_home_dir = -1;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const nqfuzz::PrivateDir dir("cli");  // removed when libFuzzer exits
  g_work_dir = open(dir.path(".").c_str(), O_RDONLY | O_DIRECTORY);
  g_home_dir = open(".", O_RDONLY | O_DIRECTORY);
  if (g_work_dir < 0 || g_home_dir < 0) std::abort();
  const int null = open("/dev/null", O_RDWR);
  if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(null, STDOUT_FILENO) < 0) std::abort();
  close(null);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = arguments(data, size);
  if (args.empty()) return -1;  // not worth keeping in the corpus
  if (fchdir(g_work_dir) != 0) std::abort();
  reset_directory();
  std::vector<char*> argv;
  std::string program = "nqueens";
  argv.push_back(program.data());
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::cin.clear();
  std::cout.clear();
  std::clearerr(stdout);
  const int code = nqcli::main(static_cast<int>(argv.size() - 1), argv.data());
  std::cout.flush();
  if (fchdir(g_home_dir) != 0) std::abort();
  switch (code) {
    case 0:    // success
    case 1:    // no solution, invalid placement
    case 2:    // bad usage or input
    case 3:    // printed but not saved
    case 124:  // --timeout
    case 130:  // interrupted
      return 0;
    default: std::fprintf(stderr, "exit code %d is not in the contract\n", code); std::abort();
  }
}
