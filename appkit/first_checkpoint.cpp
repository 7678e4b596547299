// SPDX-License-Identifier: MIT
#include "first_checkpoint.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "contract.hpp"
#include "durable_file.hpp"
#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-first-checkpoint 1";
constexpr const char* kJournalMagic = "nqueens-first-journal 1";

std::string journal_path(const std::string& path) { return path + ".journal"; }

}  // namespace

FirstCheckpoint::FirstCheckpoint(std::string path, int n, double every)
    : path_(std::move(path)), n_(n), file_(path_, kJournalMagic, every) {
  try {
    file_.lock();  // before reading: another run may be writing it
  } catch (const CheckpointError& e) {
    throw UsageError(std::string("solve: ") + e.what());
  }
  const auto refuse = [&](const std::string& why) {
    throw UsageError(fmt::format("solve: checkpoint {} {}; left untouched", path_, why));
  };
  std::string text;
  try {
    if (!read_whole_file(path_, text)) return;
    std::string checksum;
    const std::string_view body = checked_body(text, checksum);
    std::istringstream lines{std::string(body)};
    std::string line, key, version;
    int file_n = 0;
    if (!std::getline(lines, line) || line != kMagic) {
      refuse("is not a checkpoint of solve --method first");
    }
    if (!(lines >> key >> version) || key != "version") refuse("is damaged: no version line");
    if (!(lines >> key >> file_n) || key != "n") refuse("is damaged: no n line");
    if (version != nq::kVersion || file_n != n) {
      refuse(fmt::format("is for n = {} with nqueens {}, not n = {} with nqueens {}", file_n,
                         version, n, nq::kVersion));
    }
    std::getline(lines, line);  // the rest of the n line
    std::size_t number = 3;
    const auto parse = [&](const std::string& l, const std::string& where) {
      try {
        steps_.push_back(nq::parse_first_step(l, n));
      } catch (const std::invalid_argument& e) {
        refuse(fmt::format("is damaged: {} line {}: {}", where, number, e.what()));
      }
    };
    while (std::getline(lines, line)) {
      ++number;
      parse(line, "its");
    }
    number = 1;
    for (const std::string& l : journal_lines(journal_path(path_), kJournalMagic, checksum)) {
      ++number;
      parse(l, "the journal's");
    }
  } catch (const CheckpointError& e) {
    refuse(std::string("is damaged: ") + e.what());
  }
  resumed_ = steps_.size();
}

void FirstCheckpoint::start() { file_.save(text()); }

std::string FirstCheckpoint::text() const {
  std::string text = fmt::format("{}\nversion {}\nn {}\n", kMagic, nq::kVersion, n_);
  for (const nq::FirstStep& s : steps_) {
    text += nq::format_first_step(s);
    text += '\n';
  }
  return text;
}

void FirstCheckpoint::add(const nq::FirstStep& step) {
  steps_.push_back(step);
  file_.add(nq::format_first_step(step), [this] { return text(); });
}

void FirstCheckpoint::finish() { file_.finish(text()); }

}  // namespace nqcli
