// SPDX-License-Identifier: MIT
// The trace page: the playground's own player (web/playground, bundled and embedded at build time,
// cmake/embed_player.cmake) fed with the recorded events, which the page holds as JSON
// (write_trace_data). One file, no request: it works opened from disk.
#include "trace_page.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "nqueens/registry.hpp"

namespace nqpage {

extern const std::string_view kPlayerScript;  // player_assets.cpp, generated
extern const std::string_view kPlayerStyle;

namespace {

// A JSON string's body.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      (out += '\\') += c;
    } else if (c == '<') {
      out += "\\u003c";  // never close the script element early
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Inline text must not end the element that holds it: "</script" becomes "<\\/script".
std::string inline_safe(std::string_view text, std::string_view tag) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] != '<' || i + 1 + tag.size() >= text.size() || text[i + 1] != '/') continue;
    bool closes = true;
    for (std::size_t k = 0; k < tag.size() && closes; ++k) {
      closes = (text[i + 2 + k] | 0x20) == tag[k];
    }
    if (closes) out += '\\';
  }
  return out;
}

std::string title_of(const TracePage& page) {
  return std::to_string(page.n) + " queens, " + std::string(nq::trace::to_string(page.method));
}

}  // namespace

TracePage record_trace_page(nq::trace::Options options) {
  TracePage page;
  page.capped = options.max_steps == 0;
  if (page.capped) options.max_steps = kPageSteps;
  page.n = options.n;
  page.method = options.method;
  page.first = options.first;
  page.seed = options.seed;
  page.max_steps = options.max_steps;
  page.summary =
      nq::trace::run(options, [&](const nq::trace::Event& e) { page.events.push_back(e); });
  return page;
}

void write_trace_data(std::ostream& out, const TracePage& page) {
  const nq::trace::Listing& listing = nq::trace::listing(page.method, page.n);
  out << "{\"n\":" << page.n << ",\"method\":" << quoted(nq::trace::to_string(page.method))
      << ",\"first\":" << (page.first ? "true" : "false") << ",\"seed\":" << page.seed
      << ",\"cut\":" << (page.summary.cut ? "true" : "false") << ",\"max_steps\":" << page.max_steps
      << ",\"capped\":" << (page.capped ? "true" : "false") << ",\"steps\":" << page.summary.steps
      << ",\"listing\":{\"lines\":[";
  for (std::size_t i = 0; i < listing.lines.size(); ++i) {
    out << (i ? "," : "") << quoted(listing.lines[i]);
  }
  out << "],\"kinds\":{";
  for (std::size_t i = 0; i < listing.kinds.size(); ++i) {
    out << (i ? "," : "") << quoted(to_string(listing.kinds[i].kind)) << ':'
        << listing.kinds[i].line;
  }
  out << "}},\"kinds\":[";
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    out << (k ? "," : "") << quoted(to_string(static_cast<nq::trace::Kind>(k)));
  }
  out << "],\"alongs\":[";
  for (auto a : {nq::trace::Along::none, nq::trace::Along::row, nq::trace::Along::column,
                 nq::trace::Along::diagonal, nq::trace::Along::anti_diagonal}) {
    out << (a == nq::trace::Along::none ? "" : ",") << quoted(to_string(a));
  }
  out << "],\"fields\":[";
  for (std::size_t i = 0; i < nq::trace::kEventFields.size(); ++i) {
    out << (i ? "," : "") << quoted(nq::trace::kEventFields[i]);
  }
  const nq::trace::MethodInfo& info = nq::trace::method_info(page.method);
  out << "],\"info\":{\"about\":" << quoted(info.about)
      << ",\"placements\":" << quoted(info.placements) << ",\"checks\":" << quoted(info.checks)
      << ",\"nodes\":" << quoted(info.nodes)
      << ",\"fills_rows\":" << (info.fills_rows ? "true" : "false");
  out << "},\"wordings\":" << nq::registry::events_json() << ",\"events\":[";
  bool first = true;
  for (const nq::trace::Event& e : page.events) {  // [fields..., board, vars] (trace.hpp)
    out << (first ? "[" : ",[");
    first = false;
    for (double v : nq::trace::event_values(e)) out << static_cast<std::int64_t>(v) << ',';
    out << '[';
    for (std::size_t r = 0; r < e.board.size(); ++r) out << (r ? "," : "") << e.board[r];
    out << "]," << quoted(nq::trace::event_vars(e, page.n)) << ']';
  }
  out << "]}";
}

void write_trace_page(std::ostream& out, const TracePage& page, Layout layout) {
  const bool embedded = layout == Layout::embedded;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<meta name=\"color-scheme\" content=\"light dark\">\n"
      << "<title>" << title_of(page) << " - nqueens trace</title>\n<style>\n"
      << inline_safe(kPlayerStyle, "style") << "</style>\n</head>\n"
      << (embedded ? "<body class=\"trace-page\" style=\"padding: 12px 14px\">\n"
                   : "<body class=\"trace-page\">\n")
      << (embedded ? "<header class=\"sr-only\"><h1>" : "<header class=\"masthead\"><h1>")
      << title_of(page) << ": " << page.summary.steps
      << (page.summary.cut ? " steps, cut" : " steps") << "</h1>";
  if (!embedded) {
    out << "\n<p class=\"lede\">Written by <code>nqueens trace " << page.n << " --method "
        << nq::trace::to_string(page.method)
        << "</code>: every step of the search beside the code that makes it.</p>";
  }
  out << "</header>\n<main><div id=\"player\"></div></main>\n"
      << "<script id=\"trace\" type=\"application/json\">";
  write_trace_data(out, page);
  out << "</script>\n<script>\n"
      << inline_safe(kPlayerScript, "script") << "</script>\n"
      << "</body>\n</html>\n";
}

}  // namespace nqpage
