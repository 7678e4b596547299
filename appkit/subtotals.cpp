// SPDX-License-Identifier: MIT
#include "subtotals.hpp"

#include <fmt/core.h>

#include <charconv>
#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>

#include "contract.hpp"

namespace nqcli {

void write_subtotals(const std::string& path, const Subtotals& log) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw UsageError("count: cannot write " + tmp);
    out << fmt::format("# nqueens subtotals: n {}, engine {}, version {}, subproblems {}\n", log.n,
                       log.engine, log.version, log.subproblems)
        << "# id weight count\n";
    for (const nq::SubproblemCount& s : log.lines) {
      out << s.id << ' ' << s.weight << ' ' << s.count << '\n';
    }
    out.flush();
    if (!out) throw UsageError("count: cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    throw UsageError("count: cannot replace " + path);
  }
}

Subtotals read_subtotals(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("audit: cannot read " + path);
  auto bad = [&](std::size_t line, const std::string& why) {
    return UsageError(fmt::format("audit: {} line {}: {}", path, line, why));
  };
  Subtotals log;
  std::string text;
  if (!std::getline(in, text)) throw bad(1, "empty file, not a subtotal log");
  // Plain digits only, and no more of them than the fields hold (sscanf's %d took "+8", " 8"
  // and numbers past int).
  static const std::regex header(
      "# nqueens subtotals: n ([0-9]{1,9}), engine ([a-z]{1,31}), version ([0-9.]{1,31}), "
      "subproblems ([0-9]{1,20})");
  std::smatch m;
  const auto digits = [](const std::ssub_match& field, auto& value) {
    const auto [end, error] = std::from_chars(&*field.first, &*field.first + field.length(), value);
    return error == std::errc{} && end == &*field.first + field.length();
  };
  if (!std::regex_match(text, m, header) || !digits(m[1], log.n) ||
      !digits(m[4], log.subproblems)) {
    throw bad(1, "not a subtotal log header");
  }
  log.engine = m[2];
  log.version = m[3];
  std::set<std::uint64_t> seen;
  for (std::size_t number = 2; std::getline(in, text); ++number) {
    if (!text.empty() && text[0] == '#') continue;
    std::istringstream fields(text);
    nq::SubproblemCount s;
    std::string extra;
    if (!(fields >> s.id >> s.weight >> s.count) || (fields >> extra)) {
      throw bad(number, "expected three whole numbers: id weight count");
    }
    if (s.id >= log.subproblems) throw bad(number, fmt::format("no subproblem {}", s.id));
    if (!seen.insert(s.id).second) throw bad(number, fmt::format("subproblem {} again", s.id));
    log.lines.push_back(s);
    log.line_numbers.push_back(number);
  }
  return log;
}

}  // namespace nqcli
