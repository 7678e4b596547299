// SPDX-License-Identifier: MIT
// `nqueens render [FILE|-] --format text|unicode|svg`: draws a placement (valid or not; a
// teacher may want to show a wrong one).
#include "commands.hpp"
#include "input.hpp"
#include "nqueens/format.hpp"
#include "nqueens/render.hpp"

namespace nqcli {

int run_render(const RenderArgs& args) {
  const nq::Placement p = nq::read_placement(read_input(args.input));
  const auto style = nq::render_style_from_string(args.format);
  if (!style) throw UsageError("unknown render format '" + args.format + "'");
  auto out = open_output(args.output);
  nq::render(*out, p, *style, {.title = args.title});
  finish_output(*out, args.output);
  return kExitOk;
}

}  // namespace nqcli
