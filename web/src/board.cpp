// SPDX-License-Identifier: MIT
// One board: read from text (any format `nqueens verify` reads), verify (the first attacking
// pair), its symmetries and class representative, and render (text, Unicode or SVG), as
// `nqueens verify` and `nqueens render` have them.
#include <emscripten/bind.h>

#include <sstream>
#include <string>

#include "binding.hpp"
#include "nqueens/format.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/render.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/verify.hpp"

namespace nqweb {

nq::Placement placement_from(const val& columns) {
  return nq::Placement(emscripten::convertJSArrayToNumberVector<nq::Column>(columns));
}

namespace {

const char* line_name(nq::Line line) {
  switch (line) {
    case nq::Line::column: return "column";
    case nq::Line::diagonal: return "diagonal";
    default: return "anti-diagonal";
  }
}

// perm (1-based), board, JSON (LeetCode's list of strings too) or FEN-like, detected.
val parse(const std::string& text) {
  return guarded([&] { return copy_to_js(nq::read_placement(text).columns()); });
}

val verify(const val& columns) {
  return guarded([&] {
    const auto attack = nq::find_attack(placement_from(columns));
    if (!attack) return val::null();
    val d = val::object();
    d.set("rowA", static_cast<double>(attack->row_a));
    d.set("colA", attack->col_a);
    d.set("rowB", static_cast<double>(attack->row_b));
    d.set("colB", attack->col_b);
    d.set("line", std::string(line_name(attack->line)));
    d.set("message", nq::describe(*attack));
    return d;
  });
}

val symmetries(const val& columns) {
  return guarded([&] {
    const std::uint8_t fixed = nq::stabilizer(placement_from(columns));
    val names = val::array();
    for (std::size_t i = 0; i < nq::kAllSymmetries.size(); ++i) {
      if (fixed >> i & 1)
        names.call<void>("push", std::string(nq::to_string(nq::kAllSymmetries[i])));
    }
    return names;
  });
}

val canonical(const val& columns) {
  return guarded([&] { return copy_to_js(nq::canonical(placement_from(columns)).columns()); });
}

val render(const val& columns, const std::string& format, const std::string& title) {
  return guarded([&] {
    const auto style = nq::render_style_from_string(format);
    if (!style) {
      throw nq::InvalidArgument("unknown render format '" + format + "'");
    }
    std::ostringstream out;
    nq::render(out, placement_from(columns), *style, {.title = title});
    return out.str();
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(nqueens_board) {
  emscripten::function("parse", &parse);
  emscripten::function("verify", &verify);
  emscripten::function("symmetries", &symmetries);
  emscripten::function("canonical", &canonical);
  emscripten::function("render", &render);
}

}  // namespace nqweb
