// SPDX-License-Identifier: MIT
// appkit/cli_docs.hpp through `nqueens --generate KIND` and the files the build writes from it
// (build/share/, what `cmake --install` installs): the man page renders without a warning and
// names every subcommand and option that --help lists and every exit status; bash and fish
// complete subcommands, options, their values and file names from the generated scripts; zsh
// parses its own.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "contract.hpp"
#include "run.hpp"

namespace nq::test {
namespace {

// The subcommands as `nqueens --help` lists them (two-space indent under "Subcommands:").
std::vector<std::string> help_subcommands() {
  const nq::test::Run help = run_nqueens("--help");
  EXPECT_EQ(help.code, 0);
  std::vector<std::string> names;
  bool in_list = false;
  for (const std::string& line : lines_of(help.out)) {
    if (line == "Subcommands:") {
      in_list = true;
    } else if (in_list && line.rfind("  ", 0) == 0) {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (in_list && !line.empty()) {
      break;
    }
  }
  return names;
}

// Every -x and --long-name at the start of an option line of `nqueens SUB --help`.
std::set<std::string> help_options(const std::string& sub) {
  const nq::test::Run help = run_nqueens(sub + " --help");
  EXPECT_EQ(help.code, 0) << sub;
  std::set<std::string> options;
  const std::regex name(R"((^|[ ,])(--?[A-Za-z][A-Za-z0-9-]*))");
  for (const std::string& line : lines_of(help.out)) {
    if (line.rfind("  -", 0) != 0) continue;
    const std::string head = line.substr(0, line.find("  ", 2));
    for (auto it = std::sregex_iterator(head.begin(), head.end(), name);
         it != std::sregex_iterator(); ++it) {
      options.insert((*it)[2]);
    }
  }
  return options;
}

// The page as man shows it, in ASCII and wide enough that nothing is hyphenated or broken.
std::string rendered_man(const std::string& page) {
  const nq::test::Run man = run_shell("MANWIDTH=250 LANG=C LC_ALL=C man -l " + page);
  EXPECT_EQ(man.code, 0) << man.err;
  return man.out;
}

// The text of one subcommand's section: from its heading (three spaces in) to the next one.
std::string man_section(const std::string& text, const std::string& sub,
                        const std::vector<std::string>& all) {
  const auto start = text.find("\n   " + sub + "\n");
  if (start == std::string::npos) return {};
  auto end = text.find("\nEXAMPLES\n", start);
  for (const std::string& other : all) {
    const auto at = text.find("\n   " + other + "\n", start + 1);
    if (at != std::string::npos && at < end) end = at;
  }
  return text.substr(start, end - start);
}

// A fresh directory of its own for each test (completion looks at the names in it).
std::string scratch_dir() {
  const nq::test::Run run = run_shell("mktemp -d");
  EXPECT_EQ(run.code, 0);
  return run.out.substr(0, run.out.find('\n'));
}

void write(const std::string& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

// `nqueens --generate KIND` written to `file` in a scratch directory; returns its path.
// `option` as a whole word of `text` (-t, but not the -t of --threads).
bool names(const std::string& text, const std::string& option) {
  return std::regex_search(text, std::regex("(^|[ ,\\[|])" + option + "($|[ ,\\]|\n])"));
}

std::string generated(const std::string& kind, const std::string& file) {
  const nq::test::Run run = run_nqueens("--generate " + kind);
  EXPECT_EQ(run.code, 0) << run.err;
  const std::string path = scratch_dir() + "/" + file;
  write(path, run.out);
  return path;
}

TEST(CliDocs, TheManPageNamesEverySubcommandAndEveryOptionItsHelpLists) {
  const std::string text = rendered_man(generated("man", "nqueens.1"));
  const std::vector<std::string> subs = help_subcommands();
  ASSERT_GE(subs.size(), 13u);
  for (const std::string& sub : subs) {
    EXPECT_NE(text.find("nqueens " + sub + " [OPTIONS]"), std::string::npos) << sub;
    const std::string section = man_section(text, sub, subs);
    ASSERT_FALSE(section.empty()) << sub;
    for (const std::string& option : help_options(sub)) {
      if (option == "-h" || option == "--help") continue;  // said once, at the top
      EXPECT_TRUE(names(section, option)) << sub << " " << option;
    }
  }
  for (const std::string& option : help_options("")) {
    EXPECT_TRUE(names(text, option)) << option;
  }
}

TEST(CliDocs, TheManPageRendersWithoutAWarning) {
  const std::string page = generated("man", "nqueens.1");
  const nq::test::Run man = run_shell("LANG=C man --warnings -l " + page + " > /dev/null");
  EXPECT_EQ(man.code, 0);
  EXPECT_EQ(man.err, "");
}

TEST(CliDocs, OptionsAreMinusSignsInTheManPageEvenInProseWhileWordsKeepTheirHyphens) {
  // roff renders '-' as a hyphen (U+2010 in a UTF-8 terminal), which a shell does not take.
  const std::string page = run_nqueens("--generate man").out;
  EXPECT_NE(page.find("\\fB\\-\\-threads\\fR"), std::string::npos);
  EXPECT_NE(page.find("where \\-\\-checkpoint FILE stands"), std::string::npos);
  EXPECT_NE(page.find("n-queens placements"), std::string::npos);
  EXPECT_EQ(page.find("n\\-queens"), std::string::npos);
}

TEST(CliDocs, TheManPageAndHelpListEveryExitStatus) {
  const std::string text = rendered_man(generated("man", "nqueens.1"));
  const auto section = text.substr(text.find("\nEXIT STATUS\n"));
  const std::string help = run_nqueens("--help").out;
  for (const nqcli::ExitStatus& s : nqcli::kExitStatuses) {
    EXPECT_NE(section.find(std::to_string(s.code) + " "), std::string::npos) << s.code;
    EXPECT_NE(section.find(s.meaning), std::string::npos) << s.code;
    EXPECT_NE(help.find("  " + std::to_string(s.code) + " "), std::string::npos) << s.code;
  }
  EXPECT_NE(help.find("124"), std::string::npos);
  EXPECT_NE(help.find("gave up at --timeout"), std::string::npos);
}

TEST(CliDocs, TheBuildInstallsWhatGenerateWritesNow) {
  // build/share/ is written by the build from the program; stale files there would be installed.
  EXPECT_EQ(slurp(std::string(NQ_SHARE_DIR) + "/man/man1/nqueens.1"),
            run_nqueens("--generate man").out);
  EXPECT_EQ(slurp(std::string(NQ_SHARE_DIR) + "/bash-completion/completions/nqueens"),
            run_nqueens("--generate complete-bash").out);
  EXPECT_EQ(slurp(std::string(NQ_SHARE_DIR) + "/zsh/vendor-completions/_nqueens"),
            run_nqueens("--generate complete-zsh").out);
  EXPECT_EQ(slurp(std::string(NQ_SHARE_DIR) + "/fish/vendor_completions.d/nqueens.fish"),
            run_nqueens("--generate complete-fish").out);
  const nq::test::Run gz =
      run_shell(std::string("gzip -dc ") + NQ_SHARE_DIR + "/man/man1/nqueens.1.gz");
  EXPECT_EQ(gz.out, run_nqueens("--generate man").out);
}

TEST(CliDocs, AnUnknownKindIsAUsageError) {
  const nq::test::Run run = run_nqueens("--generate manual");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("--generate"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
}

// What bash offers for the words typed so far (the last one is being completed), in the
// directory `dir`: the generated script sourced, COMP_WORDS set as bash sets them.
std::string bash_completes(const std::string& script, const std::string& words,
                           const std::string& dir = ".") {
  const std::string command =
      "cd " + dir + " && bash -c 'source " + script + "; COMP_WORDS=(" + words +
      "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _nqueens; " +
      "((${#COMPREPLY[@]})) && printf \"%s\\n\" \"${COMPREPLY[@]}\" | sort; true'";
  const nq::test::Run run = run_shell(command);
  EXPECT_EQ(run.code, 0) << run.err;
  return run.out;
}

TEST(CliDocs, BashCompletesSubcommandsOptionsValuesAndFiles) {
  const std::string script = generated("complete-bash", "nqueens.bash");
  EXPECT_EQ(bash_completes(script, "nqueens so"), "solve\n");
  EXPECT_EQ(bash_completes(script, "nqueens co"), "compare\ncomplete\ncount\n");
  EXPECT_EQ(bash_completes(script, "nqueens solve 80 --me"), "--method\n");
  EXPECT_EQ(bash_completes(script, "nqueens solve 80 --method f"), "first\n");
  EXPECT_EQ(bash_completes(script, "nqueens solve 80 -m \"\""),
            "backtrack\nconstruct\nfirst\nrandom\n");
  EXPECT_EQ(bash_completes(script, "nqueens count --engine h"), "halves\n");
  EXPECT_EQ(bash_completes(script, "nqueens --generate complete-"),
            "complete-bash\ncomplete-fish\ncomplete-zsh\n");
  // Options of one subcommand are not offered for another.
  EXPECT_EQ(bash_completes(script, "nqueens count --pro"), "--progress\n");
  EXPECT_EQ(bash_completes(script, "nqueens verify --pro"), "");
  // A file where a file is meant: the positional FILE, --checkpoint FILE, -o FILE.
  const std::string dir = scratch_dir();
  write(dir + "/board one.txt", "1\n");
  EXPECT_EQ(bash_completes(script, "nqueens verify board", dir), "board one.txt\n");
  EXPECT_EQ(bash_completes(script, "nqueens count 20 --checkpoint boa", dir), "board one.txt\n");
  EXPECT_EQ(bash_completes(script, "nqueens render -o boa", dir), "board one.txt\n");
  // And none where a number is meant.
  EXPECT_EQ(bash_completes(script, "nqueens count 20 --threads \"\"", dir), "");
}

TEST(CliDocs, FishCompletesFromItsGeneratedScript) {
  const std::string script = generated("complete-fish", "nqueens.fish");
  const auto fish = [&](const std::string& line) {
    const nq::test::Run run = run_shell("fish --no-config -c 'source " + script +
                                        "; complete -C\"" + line + "\"' | cut -f1 | sort");
    EXPECT_EQ(run.code, 0) << run.err;
    return run.out;
  };
  EXPECT_EQ(fish("nqueens co"), "compare\ncomplete\ncount\n");
  EXPECT_EQ(fish("nqueens solve 80 --method "), "backtrack\nconstruct\nfirst\nrandom\n");
  EXPECT_EQ(fish("nqueens count --eng"), "--engine\n");
  EXPECT_EQ(fish("nqueens verify --bin"), "--binary\n");
}

TEST(CliDocs, ZshParsesItsGeneratedScript) {
  const std::string script = generated("complete-zsh", "_nqueens");
  const nq::test::Run syntax = run_shell("zsh -n " + script);
  EXPECT_EQ(syntax.code, 0) << syntax.err;
  EXPECT_EQ(syntax.err, "");
  // Loaded by compinit as Debian's zsh loads it: from a directory on fpath.
  const std::string dir = script.substr(0, script.rfind('/'));
  const nq::test::Run load = run_shell("zsh -f -c 'fpath=(" + dir +
                                       " $fpath); autoload -Uz compinit; compinit -u -D; "
                                       "print -r -- $_comps[nqueens]'");
  EXPECT_EQ(load.code, 0) << load.err;
  EXPECT_EQ(load.out, "_nqueens\n");
}

}  // namespace
}  // namespace nq::test
