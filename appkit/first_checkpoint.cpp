// SPDX-License-Identifier: MIT
#include "first_checkpoint.hpp"

#include <fmt/core.h>

#include <sstream>
#include <stdexcept>

#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-first-checkpoint 1";

// The step `line` says; Refusal naming `where` it is when it says none.
nq::FirstStep parse_step(const std::string& line, int n, const std::string& where,
                         std::size_t number) {
  try {
    return nq::parse_first_step(line, n);
  } catch (const std::invalid_argument& e) {
    throw Refusal{fmt::format("is damaged: {} line {}: {}", where, number, e.what())};
  }
}

// A line "KEY VALUE" and nothing more.
template <class Value>
bool keyed_line(std::istream& lines, const char* key, Value& value) {
  std::string line, read_key, extra;
  if (!std::getline(lines, line)) return false;
  std::istringstream in(line);
  return (in >> read_key >> value) && read_key == key && !(in >> extra);
}

}  // namespace

bool FirstCheckpointFormat::load(const std::string& path, std::string& checksum) {
  std::string text;
  if (!read_whole_file(path, text)) return false;
  std::istringstream lines{std::string(checked_body(text, checksum))};
  std::string line;
  if (!std::getline(lines, line) || line != kMagic) {
    throw Refusal{"is not a checkpoint of solve --method first"};
  }
  if (!keyed_line(lines, "version", loaded_version)) throw Refusal{"is damaged: no version line"};
  if (!keyed_line(lines, "n", loaded_n)) throw Refusal{"is damaged: no n line"};
  while (std::getline(lines, line)) body.push_back(line);
  return true;
}

// The steps are facts any version reads alike (kMagic's number changes when they do not), so a
// row's search moves from one program version and machine to the next: n alone is compared.
std::string FirstCheckpointFormat::identity() const { return fmt::format("n = {}", n); }

std::string FirstCheckpointFormat::loaded_identity() const {
  return fmt::format("n = {}", loaded_n);
}

void FirstCheckpointFormat::load_items() {
  std::size_t number = 3;  // after the magic, version and n lines
  for (const std::string& line : body) steps.push_back(parse_step(line, n, "its", ++number));
  body.clear();
}

void FirstCheckpointFormat::replay(const std::vector<std::string>& lines, const std::string&) {
  std::size_t number = 1;  // after the journal's header
  for (const std::string& line : lines) {
    steps.push_back(parse_step(line, n, "the journal's", ++number));
  }
}

std::string FirstCheckpointFormat::text() const {
  std::string text = fmt::format("{}\nversion {}\nn {}\n", kMagic, nq::kVersion, n);
  for (const nq::FirstStep& s : steps) {
    text += nq::format_first_step(s);
    text += '\n';
  }
  return text;
}

FirstCheckpoint::FirstCheckpoint(std::string path, int n, double every)
    : file_(std::move(path), FirstCheckpointFormat{n, {}, {}, 0, {}}, every, "solve"),
      resumed_(file_.format().steps.size()) {}

}  // namespace nqcli
