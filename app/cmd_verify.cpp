// SPDX-License-Identifier: MIT
// `nqueens verify [FILE|-]`: reads one placement (format detected unless given) and says
// `valid` (exit 0) or `invalid: <the first attacking pair>` (exit 1). Unreadable input: exit 2.
#include <fmt/core.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "verify_binary.hpp"

namespace nqcli {

namespace {

nq::Placement read(const VerifyArgs& args) {
  const std::string text = read_input(args.input);
  const nq::ReadOptions options{.expected_size = args.size};
  const std::optional<nq::Format> format = nq::format_from_string(args.format);  // or "auto"
  return format ? nq::read_placement(text, *format, options) : nq::read_placement(text, options);
}

nlohmann::ordered_json to_json(std::uint64_t n, const std::optional<nq::Attack>& attack) {
  nlohmann::ordered_json j;
  j["n"] = n;
  j["valid"] = !attack;
  if (attack) {
    j["attack"] = {{"row_a", attack->row_a + 1},
                   {"column_a", attack->col_a + 1},
                   {"row_b", attack->row_b + 1},
                   {"column_b", attack->col_b + 1},
                   {"line", attack->line == nq::Line::column ? "column" : "diagonal"}};
    j["message"] = nq::describe(*attack);
  }
  return j;
}

}  // namespace

int run_verify(const VerifyArgs& args) {
  std::uint64_t n = 0;
  std::optional<nq::Attack> attack;
  if (args.binary) {
    const BinaryVerdict verdict = verify_binary(args.input, args.size);
    n = verdict.n;
    attack = verdict.attack;
  } else {
    const nq::Placement p = read(args);
    n = p.size();
    attack = nq::find_attack(p);
  }
  if (args.json) {
    std::cout << to_json(n, attack).dump() << '\n';
  } else if (!args.quiet) {
    if (attack) {
      fmt::print("invalid: {}\n", nq::describe(*attack));
    } else {
      fmt::print("valid\n");
    }
  }
  std::cout.flush();
  return attack ? kExitNo : kExitOk;
}

}  // namespace nqcli
