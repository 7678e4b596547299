// SPDX-License-Identifier: MIT
// The registry's tables (include/nqueens/registry.hpp): the names come from their modules'
// to_string over their kAll... tables, the limits from their modules' constants; what is written
// here is only what a user is told about each, and which limits and defaults the surfaces show.
#include "nqueens/registry.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "nqueens/classic.hpp"
#include "nqueens/compare.hpp"
#include "nqueens/complete.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/count.hpp"
#include "nqueens/enumerate.hpp"
#include "nqueens/format.hpp"
#include "nqueens/infinite.hpp"
#include "nqueens/render.hpp"
#include "nqueens/solve.hpp"
#include "nqueens/solve_request.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/trace.hpp"

namespace nq::registry {

namespace {

// Choices named by a module's to_string over its table; `words` gives some of them a few words.
template <class Table, class Name>
Choices named(std::string key, std::string about, const Table& table, Name name,
              const std::vector<Choice>& words = {}) {
  Choices c{std::move(key), std::move(about), {}};
  for (const auto& value : table) {
    Choice choice{std::string(name(value)), ""};
    for (const Choice& w : words) {
      if (w.name == choice.name) choice.about = w.about;
    }
    c.choices.push_back(std::move(choice));
  }
  return c;
}

std::string up_to(std::uint64_t n) { return "n <= " + std::to_string(n); }

std::vector<Choices> make_choices() {
  using trace::Kind;
  std::vector<Choices> all;
  all.push_back(named("classic.method", "the nine textbook methods", classic::kAllMethods,
                      [](classic::Method m) { return classic::to_string(m); }));
  all.push_back(named("classic.mode", "what a textbook method's run keeps",
                      std::array{classic::Mode::all, classic::Mode::first, classic::Mode::count},
                      [](classic::Mode m) { return classic::to_string(m); }));
  all.push_back(named("trace.method", "the methods that can be traced", trace::kAllMethods,
                      [](trace::Method m) { return trace::to_string(m); },
                      {{"random", "local search, --seed"}}));
  std::vector<Kind> kinds;
  for (int k = 0; k < trace::kKinds; ++k) kinds.push_back(static_cast<Kind>(k));
  all.push_back(named("trace.kind", "the kinds of a trace's events", kinds,
                      [](Kind k) { return trace::to_string(k); }));
  all.push_back(named("trace.along", "the line a pair of queens shares",
                      std::array{trace::Along::row, trace::Along::column, trace::Along::diagonal,
                                 trace::Along::anti_diagonal},
                      [](trace::Along a) { return trace::to_string(a); }));
  all.push_back({"trace.format",
                 "how `nqueens trace` writes its events",
                 {{"text", "a line per event"},
                  {"jsonl", "a JSON object per event"},
                  {"html", "a page that plays the search beside its code"}}});
  all.push_back(named("compare.method", "what compare runs, in its order", classic::kCompareMethods,
                      [](trace::Method m) { return trace::to_string(m); }));
  all.push_back({"solve.method",
                 "how one solution is found",
                 {{"construct", "explicit formula, any n"},
                  {"random", "local search, --seed"},
                  {"first", "the lexicographically first, " + up_to(kMaxSolveFirstN)},
                  {"backtrack", "plain search, " + up_to(kMaxBacktrackN)}}});
  all.push_back({"solve.format",
                 "how `nqueens solve` writes its solution",
                 {{"perm", ""},
                  {"binary", "uint32 little-endian, 0-based"},
                  {"json", ""},
                  {"board", ""},
                  {"svg", up_to(kMaxRenderN)}}});
  all.push_back(named("placement.format", "the text forms of a placement that are read",
                      std::array{Format::perm, Format::board, Format::json, Format::fen},
                      [](Format f) { return to_string(f); },
                      {{"json", "also LeetCode's [\".Q..\", ...]"}, {"fen", "1q2/3q/q3/2q1"}}));
  all.push_back({"enumerate.format",
                 "how `nqueens enumerate` writes its solutions",
                 {{"perm", ""},
                  {"board", ""},
                  {"jsonl", ""},
                  {"binary", "n bytes, 0-based"},
                  {"svg", "one sheet of small boards, e.g. with --unique"}}});
  all.push_back(
      named("count.engine", "the counting engines",
            std::array{CountEngine::automatic, CountEngine::backtrack, CountEngine::halves},
            [](CountEngine e) { return engine_name(e); },
            {{"auto", "halves for 12.." + std::to_string(kMaxHalvesN) + ", else backtrack"},
             {"backtrack", "border split + bitmask backtracking, " + up_to(kMaxCountN)},
             {"halves", "meet in the middle, 4 <= n <= " + std::to_string(kMaxHalvesN)}}));
  all.push_back(named("count.isa",
                      "the widest instruction set the counting kernels use (unset: the "
                      "processor's widest)",
                      std::array{CountIsa::generic, CountIsa::avx2, CountIsa::avx512},
                      [](CountIsa isa) { return isa_name(isa); },
                      {{"generic", "baseline x86-64 or any other processor"},
                       {"avx2", "AVX2, BMI2 and POPCNT"},
                       {"avx512", "the AVX-512 sets"}}));
  all.push_back(named("render.style", "how a board is drawn",
                      std::array{RenderStyle::text, RenderStyle::unicode, RenderStyle::svg},
                      [](RenderStyle s) { return to_string(s); }));
  all.push_back(named("symmetry", "the eight symmetries of the square", kAllSymmetries,
                      [](Symmetry s) { return to_string(s); }));
  all.push_back({"progress",
                 "when a long job prints its progress line",
                 {{"auto", "when stderr is a terminal"}, {"always", ""}, {"never", ""}}});
  return all;
}

std::vector<Limit> make_limits() {
  return {
      {"count", "count every solution", 1, kMaxCountN},
      {"count.halves", "the halves engine", 1, kMaxHalvesN},
      {"count.published", "the published counts the library holds", 1, kMaxKnownN},
      {"enumerate", "stream every solution", 1, kMaxEnumerateN},
      {"classic", "a textbook method", 1, classic::kMaxN},
      {"trace", "a traced method", 1, classic::kMaxN},
      {"compare", "every method side by side", 1, classic::kMaxN},
      {"solve.construct", "one solution by the explicit formula", 1, kMaxConstructN},
      {"solve.random", "one solution by local search", 1, kMaxConstructN},
      {"solve.first", "the lexicographically first solution", 1, kMaxSolveFirstN},
      {"solve.backtrack", "the first solution by plain search", 1, kMaxBacktrackN},
      {"complete", "complete a board with queens placed or squares blocked", 1, kMaxCompleteN},
      {"render", "draw a board", 1, kMaxRenderN},
      {"render.labels", "a drawn board's column letters a..z", 1, kMaxLabelledN},
      {"sheet", "a sheet of many boards", 1, kMaxSheetN},
      {"infinite", "terms of the quintal queens", 1, kMaxInfiniteTerms},
  };
}

std::vector<Default> make_defaults() {
  const trace::Options trace;
  const classic::CompareOptions compare;
  return {
      {"trace.method", "", '"' + std::string(trace::to_string(trace.method)) + '"'},
      {"trace.first", "stop at the first solution", trace.first ? "true" : "false"},
      {"trace.seed", "random's seed", std::to_string(trace.seed)},
      {"classic.mode", "", "\"all\""},
      {"compare.budget", "seconds a method, its repeats included",
       std::to_string(static_cast<int>(compare.budget_seconds))},
      {"compare.first", "the textbook methods stop at their first solution",
       compare.mode == classic::Mode::first ? "true" : "false"},
      {"solve.method", "", "\"construct\""},
  };
}

template <class T>
const T& find(const std::vector<T>& all, std::string_view key, const char* what) {
  for (const T& t : all) {
    if (t.key == key) return t;
  }
  throw std::out_of_range("registry: no " + std::string(what) + " '" + std::string(key) + "'");
}

}  // namespace

const std::vector<Choices>& all_choices() {
  static const std::vector<Choices> all = make_choices();
  return all;
}
const std::vector<Limit>& all_limits() {
  static const std::vector<Limit> all = make_limits();
  return all;
}
const std::vector<Default>& all_defaults() {
  static const std::vector<Default> all = make_defaults();
  return all;
}

const Choices& choices(std::string_view key) { return find(all_choices(), key, "choices"); }
const Limit& limit(std::string_view key) { return find(all_limits(), key, "limit"); }
const Default& default_of(std::string_view key) { return find(all_defaults(), key, "default"); }

std::vector<std::string> values(std::string_view key) {
  std::vector<std::string> names;
  for (const Choice& c : choices(key).choices) names.push_back(c.name);
  return names;
}

std::string help(std::string_view key) {
  std::string fallback;  // the default's name, when the registry has one for this key
  for (const Default& d : all_defaults()) {
    if (d.key == key) fallback = nlohmann::json::parse(d.json).get<std::string>();
  }
  std::string text;
  for (const Choice& c : choices(key).choices) {
    if (!text.empty()) text += ", ";
    text += c.name;
    std::string about = c.about;
    if (c.name == fallback) about += about.empty() ? "default" : "; default";
    if (!about.empty()) text += " (" + about + ")";
  }
  return text;
}

namespace {

nlohmann::ordered_json events() {
  nlohmann::ordered_json kinds;
  for (int k = 0; k < trace::kKinds; ++k) {
    const trace::KindInfo& info = trace::kind_info(static_cast<trace::Kind>(k));
    nlohmann::ordered_json wordings = nlohmann::ordered_json::array();
    for (const trace::Wording& w : info.wordings) wordings.push_back({w.when, w.text});
    kinds[std::string(info.name)] = {{"fields", info.fields}, {"wordings", std::move(wordings)}};
  }
  return {{"start", trace::kSentenceStart}, {"kinds", std::move(kinds)}};
}

}  // namespace

std::string events_json() { return events().dump(); }

std::string to_json() {
  nlohmann::ordered_json doc;
  for (const Choices& c : all_choices()) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Choice& choice : c.choices) {
      list.push_back({{"name", choice.name}, {"about", choice.about}});
    }
    doc["choices"][c.key] = std::move(list);
  }
  for (const Limit& l : all_limits()) {
    doc["limits"][l.key] = {{"low", l.low}, {"high", l.high}, {"about", l.about}};
  }
  for (const Default& d : all_defaults()) {
    doc["defaults"][d.key] = {{"value", nlohmann::ordered_json::parse(d.json)}, {"about", d.about}};
  }
  for (trace::Method m : trace::kAllMethods) {
    const trace::MethodInfo& info = trace::method_info(m);
    doc["methods"][std::string(trace::to_string(m))] = {{"about", info.about},
                                                        {"placements", info.placements},
                                                        {"checks", info.checks},
                                                        {"nodes", info.nodes},
                                                        {"fills_rows", info.fills_rows}};
  }
  doc["events"] = events();
  return doc.dump();
}

}  // namespace nq::registry
