// SPDX-License-Identifier: MIT
// Reading a whole input with fread in 1 MiB pieces: a 10^8-queen perm file is about 900 MB, and
// iostream extraction would be several times slower than the parse itself.
#include "input.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include "commands.hpp"

namespace nqcli {

std::string read_input(const std::string& path) {
  const bool from_stdin = path.empty() || path == "-";
  std::FILE* file = from_stdin ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    throw UsageError("cannot open '" + path + "': " + std::strerror(errno));
  }
  std::string text;
  std::string chunk(1 << 20, '\0');
  std::size_t got = 0;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), file)) > 0) text.append(chunk, 0, got);
  const bool failed = std::ferror(file) != 0;
  const int error = errno;
  if (!from_stdin) std::fclose(file);
  if (failed) {
    throw UsageError("cannot read '" + (from_stdin ? std::string("standard input") : path) +
                     "': " + std::strerror(error));
  }
  return text;
}

std::unique_ptr<std::ostream, void (*)(std::ostream*)> open_output(const std::string& path) {
  if (path.empty() || path == "-") return {&std::cout, [](std::ostream*) {}};
  auto* file = new std::ofstream(path, std::ios::binary);
  if (!*file) {
    delete file;
    throw UsageError("cannot create '" + path + "': " + std::strerror(errno));
  }
  return {file, [](std::ostream* s) { delete s; }};
}

void finish_output(std::ostream& out, const std::string& path) {
  out.flush();
  if (!out) throw UsageError("cannot write '" + (path == "-" ? "standard output" : path) + "'");
}

}  // namespace nqcli
