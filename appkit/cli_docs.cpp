// SPDX-License-Identifier: MIT
#include "cli_docs.hpp"

#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace nqcli {

namespace {

// ---- what the tree says, in the form every generator needs ----------------------------------

struct OptionDoc {
  std::vector<std::string> shorts;  // "t" (without the dash)
  std::vector<std::string> longs;   // "threads" (without the dashes)
  std::string positional;           // "N", "FILE"; empty for a named option
  std::string metavar;              // "UINT", "FILE", "SECONDS"; empty for a flag
  std::vector<std::string> values;  // what an IsMember validator allows
  std::string description;
  bool required = false;
  bool takes_file() const { return metavar == "FILE" || positional == "FILE"; }
  bool is_flag() const { return positional.empty() && metavar.empty(); }
};

struct CommandDoc {
  std::string name;
  std::string description;
  std::vector<OptionDoc> options;  // named ones first, in the order they were added
  std::vector<OptionDoc> positionals;
  std::string notes;                  // the footer before "Example:"
  std::vector<std::string> examples;  // the footer's lines after it, trimmed
};

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \n");
  return std::string(text.substr(first, last - first + 1));
}

// "TEXT:{auto,always,never}" -> metavar "TEXT", values {auto, always, never}; "FLOAT:SECONDS"
// -> SECONDS (a validator's name is more telling than the type's).
void read_type_name(const std::string& type_name, OptionDoc& doc) {
  const auto colon = type_name.find(':');
  doc.metavar = type_name.substr(0, colon);
  const std::string named = colon == std::string::npos ? "" : type_name.substr(colon + 1);
  if (!named.empty() && std::all_of(named.begin(), named.end(),
                                    [](char c) { return (c >= 'A' && c <= 'Z') || c == '_'; })) {
    doc.metavar = named;
  }
  const auto open = type_name.find('{');
  const auto close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return;
  std::string item;
  for (char c : type_name.substr(open + 1, close - open - 1)) {
    if (c == ',') {
      doc.values.push_back(trim(item));
      item.clear();
    } else {
      item += c;
    }
  }
  if (!item.empty()) doc.values.push_back(trim(item));
}

OptionDoc read_option(const CLI::Option& opt) {
  OptionDoc doc;
  doc.shorts = opt.get_snames();
  doc.longs = opt.get_lnames();
  doc.description = opt.get_description();
  doc.required = opt.get_required();
  if (opt.get_positional()) doc.positional = opt.get_name(true);
  // A flag expects no value; CLI11 gives it a type size of 0.
  if (opt.get_type_size() != 0) read_type_name(opt.get_type_name(), doc);
  if (doc.metavar.empty() && !doc.positional.empty()) doc.metavar = doc.positional;
  return doc;
}

CommandDoc read_command(const CLI::App& app) {
  CommandDoc doc;
  doc.name = app.get_name();
  doc.description = app.get_description();
  for (const CLI::Option* opt : app.get_options()) {
    OptionDoc option = read_option(*opt);
    (option.positional.empty() ? doc.options : doc.positionals).push_back(std::move(option));
  }
  const std::string footer = app.get_footer();
  const auto example = footer.find("Example:");
  doc.notes = trim(footer.substr(0, example));
  if (example != std::string::npos) {
    std::string rest = footer.substr(example + 8);
    std::size_t start = 0;
    while (start < rest.size()) {
      auto end = rest.find('\n', start);
      if (end == std::string::npos) end = rest.size();
      std::string line = trim(std::string_view(rest).substr(start, end - start));
      if (!line.empty()) doc.examples.push_back(std::move(line));
      start = end + 1;
    }
  }
  return doc;
}

std::vector<CommandDoc> read_subcommands(const CLI::App& app) {
  std::vector<CommandDoc> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    commands.push_back(read_command(*sub));
  }
  return commands;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  return out;
}

// ---- the man page (roff, man macros) -----------------------------------------------------------

// Text safe in roff: backslashes escaped, no line starting with a control character, and the
// hyphens of options (--threads, -m, in prose too) and of commands written as minus signs, so
// that they can be copied and searched; a word's hyphen (n-queens) stays a hyphen.
std::string roff(std::string_view text, bool code = false) {
  std::string out;
  bool line_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    const char before = i == 0 ? ' ' : text[i - 1];
    const char after = i + 1 == text.size() ? ' ' : text[i + 1];
    const bool option_dash =
        (before == ' ' || before == '(' || before == '\'' || before == '-' || before == '\n') &&
        (after == '-' || std::isalnum(static_cast<unsigned char>(after)));
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-' && (code || option_dash)) {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

std::string man_option_head(const OptionDoc& o) {
  std::vector<std::string> names;
  for (const auto& s : o.shorts) names.push_back("\\fB\\-" + roff(s, true) + "\\fR");
  for (const auto& l : o.longs) names.push_back("\\fB\\-\\-" + roff(l, true) + "\\fR");
  std::string head = join(names, ", ");
  if (!o.values.empty()) {
    head += " {" + roff(join(o.values, "|")) + "}";
  } else if (!o.metavar.empty()) {
    head += " \\fI" + roff(o.metavar) + "\\fR";
  }
  return head;
}

std::string synopsis_line(const std::string& program, const CommandDoc& c) {
  std::string line = fmt::format(".B {} {}\n", roff(program, true), roff(c.name, true));
  std::string args = "[\\fIOPTIONS\\fR]";
  for (const auto& p : c.positionals) {
    args += p.required ? " \\fI" + roff(p.positional) + "\\fR"
                       : " [\\fI" + roff(p.positional) + "\\fR]";
  }
  return line + args + "\n.br\n";
}

std::string man_page(const CLI::App& app, const ManInfo& info) {
  const std::string program = app.get_name();
  std::string upper = program;
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  const std::vector<CommandDoc> commands = read_subcommands(app);
  const CommandDoc top = read_command(app);

  std::string page = fmt::format(
      ".\\\" Generated by '{0} --generate man' from the program's own option definitions.\n"
      ".TH {1} 1 \"\" \"{0} {2}\" \"User Commands\"\n",
      program, roff(upper, true), roff(info.version));
  // The description reads "program: what it does"; NAME wants "program \- what it does".
  std::string what = top.description;
  if (what.rfind(program + ": ", 0) == 0) what = what.substr(program.size() + 2);
  page += fmt::format(".SH NAME\n{} \\- {}\n", roff(program, true), roff(what));

  page += ".SH SYNOPSIS\n";
  for (const auto& c : commands) page += synopsis_line(program, c);
  page += fmt::format(".B {}\n[\\fB\\-h\\fR|\\fB\\-V\\fR|\\fB\\-\\-generate\\fR \\fIKIND\\fR]\n",
                      roff(program, true));

  page += ".SH DESCRIPTION\n";
  page += fmt::format("\\fB{}\\fR {}.\n", roff(program, true), roff(what));
  page += fmt::format(
      "Each subcommand below takes its own options; \\fB{} \\fISUBCOMMAND\\fB \\-\\-help\\fR "
      "prints them with an example.\n",
      roff(program, true));

  page += ".SH OPTIONS\n";
  for (const auto& o : top.options) {
    page += fmt::format(".TP\n{}\n{}\n", man_option_head(o), roff(o.description));
  }

  page += ".SH SUBCOMMANDS\n";
  for (const auto& c : commands) {
    page += fmt::format(".SS {}\n{}.\n", roff(c.name, true), roff(c.description));
    for (const auto& p : c.positionals) {
      page += fmt::format(".TP\n\\fI{}\\fR\n{}{}\n", roff(p.positional), roff(p.description),
                          p.required ? "" : " (optional)");
    }
    for (const auto& o : c.options) {
      if (o.longs == std::vector<std::string>{"help"}) continue;  // every subcommand has it
      page += fmt::format(".TP\n{}\n{}\n", man_option_head(o), roff(o.description));
    }
    if (!c.notes.empty()) page += fmt::format(".PP\n{}\n", roff(c.notes));
  }

  page += ".SH EXAMPLES\n";
  for (const auto& c : commands) {
    if (c.examples.empty()) continue;
    page += ".PP\n.nf\n";
    for (const auto& e : c.examples) page += ".RS 4\n" + roff(e, true) + "\n.RE\n";
    page += ".fi\n";
  }

  if (!info.environment.empty()) {
    page += ".SH ENVIRONMENT\n";
    for (const EnvironmentVariable& v : info.environment) {
      page += fmt::format(".TP\n.B {}\n{}\n", roff(v.name, true), roff(v.meaning));
    }
  }
  page += ".SH \"EXIT STATUS\"\n";
  for (const ExitStatus& s : info.exit_statuses) {
    page += fmt::format(".TP\n.B {}\n{}\n", s.code, roff(s.meaning));
  }
  if (!info.see_also.empty()) {
    page += ".SH \"SEE ALSO\"\n";
    std::vector<std::string> refs;
    for (const auto& ref : info.see_also) {
      const auto paren = ref.find('(');
      refs.push_back(".BR " + roff(ref.substr(0, paren), true) + " " + ref.substr(paren));
    }
    page += join(refs, " ,\n") + "\n";
  }
  return page;
}

// ---- bash -------------------------------------------------------------------------------------

// Shell words are the option names and values, which CLI11 has already restricted to
// [A-Za-z0-9_.+-]; nothing in them needs quoting.

std::string bash_option_words(const std::vector<OptionDoc>& options) {
  std::vector<std::string> words;
  for (const auto& o : options) {
    for (const auto& s : o.shorts) words.push_back("-" + s);
    for (const auto& l : o.longs) words.push_back("--" + l);
  }
  return join(words, " ");
}

// The case patterns "sub:-m|sub:--method" for an option of a subcommand (sub empty: the top).
std::string bash_patterns(const std::string& sub, const OptionDoc& o) {
  std::vector<std::string> patterns;
  for (const auto& s : o.shorts) patterns.push_back(sub + ":-" + s);
  for (const auto& l : o.longs) patterns.push_back(sub + ":--" + l);
  return join(patterns, "|");
}

std::string bash_value_cases(const std::string& sub, const std::vector<OptionDoc>& options) {
  std::string out;
  for (const auto& o : options) {
    if (o.is_flag()) continue;
    out += "    " + bash_patterns(sub, o) + ")\n";
    if (!o.values.empty()) {
      out += "      _nq_words \"" + join(o.values, " ") + "\"\n";
    } else if (o.takes_file()) {
      out += "      _nq_files\n";
    }
    out += "      return ;;\n";
  }
  return out;
}

std::string bash_script(const CLI::App& app) {
  const std::string program = app.get_name();
  std::string fn = "_" + program;
  std::replace(fn.begin(), fn.end(), '-', '_');
  const CommandDoc top = read_command(app);
  const std::vector<CommandDoc> commands = read_subcommands(app);
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(c.name);

  std::string out = fmt::format(
      "# bash completion for {0}; generated by '{0} --generate complete-bash'.\n"
      "{1}() {{\n"
      "  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} sub= i\n"
      "  # mapfile keeps a file name with spaces whole.\n"
      "  _nq_words() {{ mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$cur\"); }}\n"
      "  _nq_files() {{ compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "
      "\"$cur\"); }}\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case ${{COMP_WORDS[i]}} in\n"
      "      {2}) sub=${{COMP_WORDS[i]}}; break ;;\n"
      "    esac\n"
      "  done\n"
      "  case \"$sub:$prev\" in\n",
      program, fn, join(names, "|"));
  out += bash_value_cases("", top.options);
  for (const auto& c : commands) out += bash_value_cases(c.name, c.options);
  out += "  esac\n  case $sub in\n";
  out += fmt::format("    '')\n      _nq_words \"{} {}\" ;;\n", join(names, " "),
                     bash_option_words(top.options));
  for (const auto& c : commands) {
    const bool file = std::any_of(c.positionals.begin(), c.positionals.end(),
                                  [](const OptionDoc& p) { return p.takes_file(); });
    out += fmt::format("    {})\n", c.name);
    out += fmt::format(
        "      if [[ $cur == -* ]]; then\n"
        "        _nq_words \"{}\"\n",
        bash_option_words(c.options));
    out += file ? "      else\n        _nq_files\n      fi ;;\n" : "      fi ;;\n";
  }
  out += fmt::format("  esac\n}}\ncomplete -F {} {}\n", fn, program);
  return out;
}

// ---- zsh --------------------------------------------------------------------------------------

// Inside '...' in an _arguments spec: brackets and colons are the spec's own syntax.
std::string zsh_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else if (c == '[' || c == ']' || c == ':' || c == '\\') {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

std::string zsh_action(const OptionDoc& o) {
  if (!o.values.empty()) return "(" + join(o.values, " ") + ")";
  if (o.takes_file()) return "_files";
  return " ";
}

std::string zsh_specs(const std::vector<OptionDoc>& options, std::string_view indent) {
  std::string out;
  for (const auto& o : options) {
    std::vector<std::string> names;
    for (const auto& s : o.shorts) names.push_back("-" + s);
    for (const auto& l : o.longs) names.push_back("--" + l);
    const std::string description = zsh_escape(o.description);
    const std::string value = o.is_flag() ? "" : ":" + zsh_escape(o.metavar) + ":" + zsh_action(o);
    for (const auto& name : names) {
      // Each name excludes the others (-t and --threads), as one option.
      std::string exclusive = names.size() > 1 ? "(" + join(names, " ") + ")" : "";
      out += fmt::format("{}'{}{}[{}]{}' \\\n", indent, exclusive, name, description, value);
    }
  }
  return out;
}

std::string zsh_script(const CLI::App& app) {
  const std::string program = app.get_name();
  std::string fn = "_" + program;
  std::replace(fn.begin(), fn.end(), '-', '_');
  const CommandDoc top = read_command(app);
  const std::vector<CommandDoc> commands = read_subcommands(app);

  std::string out = fmt::format(
      "#compdef {0}\n# zsh completion for {0}; generated by '{0} --generate complete-zsh'.\n"
      "{1}() {{\n  local curcontext=\"$curcontext\" state line\n  local -a subcommands\n"
      "  subcommands=(\n",
      program, fn);
  for (const auto& c : commands) {
    out += fmt::format("    '{}:{}'\n", c.name, zsh_escape(c.description));
  }
  out += "  )\n  _arguments -C \\\n";
  out += zsh_specs(top.options, "    ");
  out += "    '1: :->command' \\\n    '*:: :->arguments'\n";
  out += "  case $state in\n    command) _describe -t commands subcommand subcommands ;;\n";
  out += "    arguments)\n      case $words[1] in\n";
  for (const auto& c : commands) {
    out += fmt::format("        {})\n          _arguments \\\n", c.name);
    out += zsh_specs(c.options, "            ");
    for (std::size_t i = 0; i < c.positionals.size(); ++i) {
      const auto& p = c.positionals[i];
      out += fmt::format("            '{}:{}:{}' \\\n", i + 1, zsh_escape(p.positional),
                         zsh_action(p));
    }
    out += "            && return 0 ;;\n";
  }
  out += "      esac ;;\n  esac\n}\n" + fn + " \"$@\"\n";
  return out;
}

// ---- fish -------------------------------------------------------------------------------------

std::string fish_quote(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

std::string fish_option(const std::string& program, const std::string& condition,
                        const OptionDoc& o) {
  std::string line = "complete -c " + program + " -n " + fish_quote(condition);
  for (const auto& s : o.shorts) line += " -s " + s;
  for (const auto& l : o.longs) line += " -l " + l;
  if (!o.values.empty()) {
    line += " -x -a " + fish_quote(join(o.values, " "));
  } else if (o.takes_file()) {
    line += " -r -F";
  } else if (!o.is_flag()) {
    line += " -x";
  }
  return line + " -d " + fish_quote(o.description) + "\n";
}

std::string fish_script(const CLI::App& app) {
  const std::string program = app.get_name();
  const CommandDoc top = read_command(app);
  const std::vector<CommandDoc> commands = read_subcommands(app);
  std::vector<std::string> names;
  for (const auto& c : commands) names.push_back(c.name);

  std::string out = fmt::format(
      "# fish completion for {0}; generated by '{0} --generate complete-fish'.\n"
      "complete -c {0} -f\n",
      program);
  const std::string no_subcommand = "not __fish_seen_subcommand_from " + join(names, " ");
  for (const auto& c : commands) {
    out += "complete -c " + program + " -n " + fish_quote(no_subcommand) + " -a " + c.name +
           " -d " + fish_quote(c.description) + "\n";
  }
  for (const auto& o : top.options) out += fish_option(program, no_subcommand, o);
  for (const auto& c : commands) {
    const std::string in = "__fish_seen_subcommand_from " + c.name;
    for (const auto& o : c.options) out += fish_option(program, in, o);
    const bool file = std::any_of(c.positionals.begin(), c.positionals.end(),
                                  [](const OptionDoc& p) { return p.takes_file(); });
    if (file) out += "complete -c " + program + " -n " + fish_quote(in) + " -F\n";
  }
  return out;
}

}  // namespace

std::vector<std::string> doc_kind_names() {
  return {"man", "complete-bash", "complete-zsh", "complete-fish"};
}

DocKind parse_doc_kind(std::string_view name) {
  const auto names = doc_kind_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<DocKind>(i);
  }
  throw UsageError(
      fmt::format("unknown --generate kind '{}' (choose {})", name, join(names, ", ")));
}

std::string generate_doc(const CLI::App& app, DocKind kind, const ManInfo& info) {
  switch (kind) {
    case DocKind::man: return man_page(app, info);
    case DocKind::bash: return bash_script(app);
    case DocKind::zsh: return zsh_script(app);
    case DocKind::fish: return fish_script(app);
  }
  return {};
}

}  // namespace nqcli
