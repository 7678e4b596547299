// SPDX-License-Identifier: MIT
// What the package's Board asks of the library: the first attacking pair, the 8 symmetries,
// the canonical image and the drawings (text, Unicode, SVG, and a sheet of many boards).
#include <sstream>

#include "bindings.hpp"
#include "nqueens/render.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/verify.hpp"

namespace nqpy {

namespace {

const char* line_name(nq::Line line) {
  switch (line) {
    case nq::Line::column: return "column";
    case nq::Line::diagonal: return "diagonal";
    case nq::Line::anti_diagonal: return "anti-diagonal";
  }
  return "?";
}

py::object verify(py::handle columns) {
  const nq::Placement p = to_placement(columns);
  std::optional<nq::Attack> attack;
  {
    py::gil_scoped_release release;
    attack = nq::find_attack(p);
  }
  if (!attack) return py::none();
  return py::make_tuple(attack->row_a, attack->col_a, attack->row_b, attack->col_b,
                        line_name(attack->line), nq::describe(*attack));
}

nq::Symmetry symmetry_named(const std::string& name) {
  for (nq::Symmetry s : nq::kAllSymmetries) {
    if (nq::to_string(s) == name) return s;
  }
  std::string known;
  for (nq::Symmetry s : nq::kAllSymmetries)
    known += (known.empty() ? "" : ", ") + std::string(nq::to_string(s));
  throw py::value_error("unknown symmetry '" + name + "' (" + known + ")");
}

std::string render(py::handle columns, const std::string& style, const std::string& title) {
  const auto chosen = nq::render_style_from_string(style);
  if (!chosen) throw py::value_error("unknown style '" + style + "' (text, unicode or svg)");
  const nq::Placement p = to_placement(columns);
  std::ostringstream out;
  nq::render(out, p, *chosen, {.title = title});
  return out.str();
}

std::string render_sheet(py::iterable boards, const std::string& title, std::size_t per_row) {
  std::vector<nq::Placement> all;
  for (py::handle b : boards) all.push_back(to_placement(b));
  std::ostringstream out;
  nq::render_sheet(out, all, {.title = title, .per_row = per_row});
  return out.str();
}

}  // namespace

void bind_board(py::module_& m) {
  m.def("verify", &verify, py::arg("placement"));
  m.def(
      "placement", [](py::handle columns) { return to_array(to_placement(columns)); },
      py::arg("columns"));
  m.def("symmetry_names", [] {
    py::list names;
    for (nq::Symmetry s : nq::kAllSymmetries) names.append(std::string(nq::to_string(s)));
    return names;
  });
  m.def(
      "transform",
      [](py::handle columns, const std::string& name) {
        return to_array(nq::apply(symmetry_named(name), to_placement(columns)));
      },
      py::arg("placement"), py::arg("symmetry"));
  m.def(
      "canonical",
      [](py::handle columns) { return to_array(nq::canonical(to_placement(columns))); },
      py::arg("placement"));
  m.def(
      "stabilizer", [](py::handle columns) { return nq::stabilizer(to_placement(columns)); },
      py::arg("placement"));
  m.def("render", &render, py::arg("placement"), py::arg("style") = "text", py::arg("title") = "");
  m.def("render_sheet", &render_sheet, py::arg("boards"), py::arg("title") = "",
        py::arg("per_row") = 0);
}

}  // namespace nqpy
