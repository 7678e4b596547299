// SPDX-License-Identifier: MIT
#include "first_checkpoint.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "commands.hpp"
#include "durable_file.hpp"
#include "nqueens/version.hpp"

namespace nqcli {

namespace {

constexpr const char* kMagic = "nqueens-first-checkpoint 1";
constexpr const char* kJournalMagic = "nqueens-first-journal 1";

std::string journal_path(const std::string& path) { return path + ".journal"; }

}  // namespace

FirstCheckpoint::FirstCheckpoint(std::string path, int n, double every)
    : path_(std::move(path)), n_(n), every_(every) {
  const auto refuse = [&](const std::string& why) {
    throw UsageError(fmt::format("solve: checkpoint {} {}; left untouched", path_, why));
  };
  std::string text;
  try {
    if (!read_whole_file(path_, text)) return;
    const std::string_view body = checked_body(text, checksum_);
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
    for (const std::string& l : journal_lines(journal_path(path_), kJournalMagic, checksum_)) {
      ++number;
      parse(l, "the journal's");
    }
  } catch (const CheckpointError& e) {
    refuse(std::string("is damaged: ") + e.what());
  }
  resumed_ = steps_.size();
}

FirstCheckpoint::~FirstCheckpoint() {
  if (journal_ >= 0) ::close(journal_);
}

void FirstCheckpoint::start() { save(); }

void FirstCheckpoint::save() {
  std::string text = fmt::format("{}\nversion {}\nn {}\n", kMagic, nq::kVersion, n_);
  for (const nq::FirstStep& s : steps_) {
    text += nq::format_first_step(s);
    text += '\n';
  }
  replace_file(path_, with_checksum(std::move(text), checksum_), true);
  saved_ = std::chrono::steady_clock::now();
  // A fresh journal for the new checkpoint, swapped in whole so that a kill between the two
  // renames leaves a stale journal (ignored) rather than a wrong one.
  if (journal_ >= 0) ::close(journal_);
  journal_ = -1;
  const std::string file = journal_path(path_);
  replace_file(file, fmt::format("{} {}\n", kJournalMagic, checksum_), false);
  journal_ = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (journal_ < 0) throw CheckpointError("cannot append to " + file + ": " + std::strerror(errno));
}

void FirstCheckpoint::add(const nq::FirstStep& step, std::stop_source& stop) {
  steps_.push_back(step);
  if (!error_.empty()) return;
  try {
    if (std::chrono::steady_clock::now() - saved_ >= std::chrono::duration<double>(every_)) {
      save();
    } else if (journal_ >= 0) {
      write_all(journal_, nq::format_first_step(step) + '\n', journal_path(path_));
    }
  } catch (const CheckpointError& e) {
    error_ = e.what();
    stop.request_stop();
  }
}

void FirstCheckpoint::finish() {
  save();
  ::close(journal_);
  journal_ = -1;
  std::remove(journal_path(path_).c_str());
}

}  // namespace nqcli
