// SPDX-License-Identifier: MIT
// What the targets that read files share: a private directory per process under /tmp, a file
// written there from the input, and the input cut in two at a line "--" (a file, then its
// journal). Checkpoints end with a checksum line that a mutation would almost never keep right;
// the harnesses add it to an input that has none, so the fuzzer reaches the parser behind it.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>

#include "durable_file.hpp"

namespace nqfuzz {

// A directory of this process's own, made at the first call, emptied by clear() and removed when
// the process exits normally (libFuzzer ends its runs with exit()).
class PrivateDir {
 public:
  explicit PrivateDir(const char* target) {
    std::string pattern = std::string("/tmp/nqueens-fuzz-") + target + "-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    dir_ = pattern;
  }
  ~PrivateDir() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  PrivateDir(const PrivateDir&) = delete;
  PrivateDir& operator=(const PrivateDir&) = delete;
  std::string path(const char* name) const { return (dir_ / name).string(); }
  void clear() const {
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(dir_, ignored)) {
      std::filesystem::remove_all(entry.path(), ignored);
    }
  }

 private:
  std::filesystem::path dir_;
};

inline void write_file(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  if (!out) std::abort();
}

// The text before the first line "--" and the text after it (nothing after: no second part).
inline std::pair<std::string_view, std::string_view> cut(std::string_view text, bool& two) {
  const std::size_t at = text.find("\n--\n");
  two = at != std::string_view::npos;
  if (!two) return {text, {}};
  return {text.substr(0, at + 1), text.substr(at + 4)};
}

// Whether the text has a line starting "checksum " (then it is written as it is).
inline bool has_checksum_line(std::string_view text) {
  return text.starts_with("checksum ") || text.find("\nchecksum ") != std::string_view::npos;
}

// A checkpoint at `path` from the input: the file before a line "--" (with an all-zero checksum
// line added when it has none) and, after it, its journal's lines under the header `magic`
// naming that checksum.
inline void write_checkpoint(const std::string& path, std::string_view text,
                             std::string_view magic) {
  bool journaled = false;
  const auto [file, journal] = cut(text, journaled);
  std::string checksum = "0000000000000000";  // with_checksum sets what it wrote
  if (has_checksum_line(file)) {
    write_file(path, file);
  } else {
    write_file(path, nqcli::with_checksum(std::string(file), checksum));
  }
  if (journaled) {
    write_file(path + ".journal",
               std::string(magic) + " " + checksum + "\n" + std::string(journal));
  }
}

}  // namespace nqfuzz
