// SPDX-License-Identifier: MIT
// Fuzzes count's checkpoint and its journal (appkit/checkpoint.hpp) as `count --checkpoint FILE`
// resumes them. The input is the checkpoint, then optionally a line "--" and the journal's lines;
// the harness writes the checkpoint's checksum line when the input has none, and the journal's
// header naming that checksum, so that mutations reach the parsers behind them. What the reader
// accepts must keep its promises (ids below the subproblems, none twice); for n <= 9 the count
// then resumes from it on one thread, as the command does, and must either finish, saving a
// checkpoint with every subproblem, or refuse the resumed results with the exceptions count.hpp
// names for them: std::invalid_argument (among them a total that the symmetric counts show to be
// impossible) and std::overflow_error, both bad input (exit 2).
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>

#include "checkpoint.hpp"
#include "contract.hpp"
#include "durable_file.hpp"
#include "fuzz_files.hpp"
#include "nqueens/count.hpp"

namespace {

constexpr int kMaxCountedN = 9;

// Ids below `subproblems`, none twice.
bool distinct_ids_below(const std::vector<nq::SubproblemCount>& done, std::uint64_t subproblems) {
  std::set<std::uint64_t> seen;
  for (const nq::SubproblemCount& s : done) {
    if (s.id >= subproblems || !seen.insert(s.id).second) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nqfuzz::PrivateDir dir("count-checkpoint");
  dir.clear();
  const std::string path = dir.path("cp");
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  nqfuzz::write_checkpoint(path, text, nqcli::CountCheckpointFormat::kJournalMagic);

  std::optional<nqcli::Checkpoint> loaded;
  try {
    loaded = nqcli::load_checkpoint(path);
  } catch (const nqcli::CheckpointError&) {
    return 0;  // rejecting is fine; crashing or accepting garbage is not
  }
  if (!loaded || loaded->done.size() > loaded->subproblems) std::abort();
  if (!distinct_ids_below(loaded->done, loaded->subproblems)) std::abort();
  std::vector<nq::SubproblemCount> journal_lines;
  try {
    journal_lines = nqcli::load_journal(path, *loaded);
  } catch (const nqcli::CheckpointError&) {
    return 0;
  }
  std::vector<nq::SubproblemCount> all = loaded->done;
  all.insert(all.end(), journal_lines.begin(), journal_lines.end());
  if (!distinct_ids_below(all, loaded->subproblems)) std::abort();

  const std::optional<nq::CountEngine> engine = nq::engine_from_name(loaded->engine);
  if (loaded->n < 1 || loaded->n > kMaxCountedN || !engine ||
      *engine == nq::CountEngine::automatic) {
    return 0;
  }
  try {
    nqcli::CheckpointKeeper keeper(path, loaded->n, loaded->engine, 1e9, "count");
    if (keeper.resumed().size() != all.size()) std::abort();
    const nq::CountResult r =
        nq::count({.n = loaded->n,
                   .threads = 1,
                   .engine = *engine,
                   .resume = keeper.resumed(),
                   .resume_subproblems = keeper.resumed_subproblems(),
                   .on_start = [&](std::uint64_t subproblems) { keeper.start(subproblems); },
                   .on_done = [&](const nq::SubproblemCount& s) { keeper.add(s); }});
    if (!r.complete || r.subproblems_done != r.subproblems) std::abort();
    if (r.subproblems_resumed != all.size()) std::abort();
    keeper.finish();
    const std::optional<nqcli::Checkpoint> saved = nqcli::load_checkpoint(path);
    if (!saved || saved->done.size() != r.subproblems || saved->subproblems != r.subproblems) {
      std::abort();
    }
  } catch (const nqcli::UsageError&) {  // another n, engine or version than this run's
  } catch (const std::invalid_argument&) {
  } catch (const std::overflow_error&) {
  } catch (const nqcli::CheckpointError&) {
    std::abort();  // the files of the private directory can always be written
  }
  return 0;
}
