// SPDX-License-Identifier: MIT
// What the surfaces name, gathered in one place: the choices each option takes (methods, engines,
// formats), the range of n of every operation, the defaults the command line and the bindings
// share, what the player says about each traced method, and the trace's kinds of events with the
// sentences a learner reads. A name is still written once, by its module (to_string over its
// kAll... table; a method's words in its own file; a kind's sentence in the trace's table of
// kinds); a limit once, as its module's constant; the registry collects them with the few words a
// user is told about each, so that nothing else has to type them again:
//   - the command line takes its allowed values and their help from here (app/cli.cpp);
//   - the playground and the trace page say each event with the wordings of events_json();
//   - `nqueens info --json` prints the whole registry (to_json);
//   - Python's nqueens.REGISTRY and JavaScript's nq.registry are that JSON, read from the core;
//   - tests/registry/check_surfaces.py fails when nqueens.d.ts, _core.pyi, the Python package,
//     the JavaScript API or docs/cli.md names a value, a limit or a default otherwise.
//
// Keys are dotted: "trace.method", "solve.format"; a limit's key is the operation's
// ("solve.first": the n that `solve --method first` takes); a default's key is the option's
// ("trace.first").
//
// Example:
//   nq::registry::limit("solve.first").high   // 128
//   nq::registry::values("solve.method")      // {"construct", "random", "first", "backtrack"}
//   nq::registry::help("solve.method")
//   // "construct (explicit formula, any n), random (local search, --seed), first (the
//   //  lexicographically first, n <= 128), backtrack (plain search, n <= 32)"
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nq::registry {

struct Choice {
  std::string name;
  std::string about;  // a few words, or "" when the name says enough
};
struct Choices {
  std::string key;
  std::string about;
  std::vector<Choice> choices;  // in the order the surfaces list them
};
struct Limit {
  std::string key;
  std::string about;
  std::uint64_t low = 1;
  std::uint64_t high = 1;
};
struct Default {
  std::string key;
  std::string about;
  std::string json;  // the value as JSON text: "false", "1", "\"construct\""
};

const std::vector<Choices>& all_choices();
const std::vector<Limit>& all_limits();
const std::vector<Default>& all_defaults();

// By key; each throws std::out_of_range naming a key the registry does not have.
const Choices& choices(std::string_view key);
const Limit& limit(std::string_view key);
const Default& default_of(std::string_view key);

// The names of choices(key), in order.
std::vector<std::string> values(std::string_view key);
// choices(key) as one line of help: "a (about a), b, c (about c)".
std::string help(std::string_view key);

// The trace's kinds of events and their sentences (nq::trace::kind_info), as JSON:
//   {"start": "Step {step}, line {line}: ", "kinds": {KIND: {"fields": [...],
//    "wordings": [[WHEN, TEXT], ...]}}}
std::string events_json();

// The whole registry as one JSON object:
//   {"choices": {KEY: [{"name", "about"}, ...]}, "limits": {KEY: {"low", "high", "about"}},
//    "defaults": {KEY: {"value", "about"}}, "methods": {METHOD: {"about", "placements", "checks",
//    "nodes", "fills_rows"}} (nq::trace::method_info), "events": events_json()}
std::string to_json();

}  // namespace nq::registry
