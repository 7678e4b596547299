// SPDX-License-Identifier: MIT
// Format detection and the writers. Writers build the text in a local buffer with to_chars and
// hand it to the stream in large pieces, so a placement of 10^8 queens is written at memory speed.
#include "nqueens/format.hpp"

#include <array>
#include <charconv>
#include <sstream>
#include <string>

#include "format/text_scan.hpp"

namespace nq {

Format detect_format(std::string_view text) {
  if (text.find('/') != std::string_view::npos) return Format::fen;
  for (char c : text) {
    if (detail::is_space(c)) continue;
    if (c == '{' || c == '[') return Format::json;
    if (c == '.' || c == 'Q' || c == 'q') return Format::board;
    return Format::perm;
  }
  return Format::perm;  // empty: the perm reader says so
}

Placement read_placement(std::string_view text, const ReadOptions& options) {
  return read_placement(text, detect_format(text), options);
}

Placement read_placement(std::string_view text, Format format, const ReadOptions& options) {
  switch (format) {
    case Format::json: return read_json(text, options);
    case Format::board: return read_board(text, options);
    case Format::fen: return read_fen(text, options);
    case Format::perm: break;
  }
  return read_perm(text, options);
}

namespace {

// Appends 1-based column numbers separated by `separator`, flushing every 64 KiB.
void write_numbers(std::ostream& out, const Placement& p, char separator) {
  std::string buffer;
  buffer.reserve(1 << 16);
  std::array<char, 16> digits{};
  for (std::size_t row = 0; row < p.size(); ++row) {
    if (row > 0) buffer += separator;
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(),
                                   static_cast<std::uint64_t>(p[row]) + 1)
                         .ptr;
    buffer.append(digits.data(), end);
    if (buffer.size() > (1 << 16) - 32) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

}  // namespace

void write_perm(std::ostream& out, const Placement& p) {
  write_numbers(out, p, ' ');
  out << '\n';
}

void write_board(std::ostream& out, const Placement& p) {
  std::string line(p.size() + 1, '.');
  line.back() = '\n';
  for (std::size_t row = 0; row < p.size(); ++row) {
    line[p[row]] = 'Q';
    out.write(line.data(), static_cast<std::streamsize>(line.size()));
    line[p[row]] = '.';
  }
}

void write_json(std::ostream& out, const Placement& p) {
  out << "{\"n\":" << p.size() << ",\"perm\":[";
  write_numbers(out, p, ',');
  out << "]}\n";
}

std::string to_perm(const Placement& p) {
  std::ostringstream out;
  write_numbers(out, p, ' ');
  return std::move(out).str();
}

std::string_view to_string(Format format) {
  switch (format) {
    case Format::perm: return "perm";
    case Format::board: return "board";
    case Format::json: return "json";
    case Format::fen: return "fen";
  }
  return "perm";
}

std::optional<Format> format_from_string(std::string_view name) {
  for (Format f : {Format::perm, Format::board, Format::json, Format::fen}) {
    if (to_string(f) == name) return f;
  }
  return std::nullopt;
}

}  // namespace nq
