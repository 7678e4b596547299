// SPDX-License-Identifier: MIT
// Fuzzes the subtotal log that `count --subtotals` writes and `audit` reads
// (appkit/subtotals.hpp). What the reader accepts must keep its promises (ids below the
// subproblems, none twice, a line number for each) and read back as write_subtotals writes it;
// for n <= 9, `audit` itself then runs on it (nqcli::run_audit, a sample of 4 lines on one thread)
// and must end with an exit code of the contract or with bad input (exit 2). Standard output is
// discarded.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>

#include "commands.hpp"
#include "contract.hpp"
#include "fuzz_files.hpp"
#include "subtotals.hpp"

namespace {

constexpr int kMaxAuditedN = 9;

bool same_lines(const nqcli::Subtotals& a, const nqcli::Subtotals& b) {
  if (a.lines.size() != b.lines.size()) return false;
  for (std::size_t i = 0; i < a.lines.size(); ++i) {
    if (a.lines[i].id != b.lines[i].id || a.lines[i].weight != b.lines[i].weight ||
        a.lines[i].count != b.lines[i].count) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const int null = open("/dev/null", O_WRONLY);
  if (null < 0 || dup2(null, STDOUT_FILENO) < 0) std::abort();
  close(null);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nqfuzz::PrivateDir dir("read-subtotals");
  dir.clear();
  const std::string path = dir.path("log");
  nqfuzz::write_file(path, std::string_view(reinterpret_cast<const char*>(data), size));
  nqcli::Subtotals log;
  try {
    log = nqcli::read_subtotals(path);
  } catch (const nqcli::UsageError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  if (log.line_numbers.size() != log.lines.size()) std::abort();
  std::set<std::uint64_t> ids;
  for (std::size_t i = 0; i < log.lines.size(); ++i) {
    if (log.lines[i].id >= log.subproblems || !ids.insert(log.lines[i].id).second) std::abort();
    if (log.line_numbers[i] < 2 || (i > 0 && log.line_numbers[i] <= log.line_numbers[i - 1])) {
      std::abort();
    }
  }
  const std::string copy = dir.path("copy");
  nqcli::write_subtotals(copy, log);
  const nqcli::Subtotals again = nqcli::read_subtotals(copy);
  if (again.n != log.n || again.engine != log.engine || again.version != log.version ||
      again.subproblems != log.subproblems || !same_lines(again, log)) {
    std::abort();
  }

  if (log.n < 1 || log.n > kMaxAuditedN) return 0;
  try {
    const int code = nqcli::run_audit({.log = path, .sample = 4, .seed = "1", .threads = 1});
    if (code != nqcli::kExitOk && code != nqcli::kExitNo) std::abort();
  } catch (const nqcli::UsageError&) {  // bad input: exit 2
  } catch (const std::invalid_argument&) {
  } catch (const std::overflow_error&) {
  }
  return 0;
}
