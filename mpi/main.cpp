// SPDX-License-Identifier: MIT
// nqueens-mpi: `mpirun -np P nqueens-mpi count N [--threads T] ...`. The options are those of
// `nqueens count` (appkit/count_options.hpp) except --subproblems, which needs no cluster. Every
// rank parses the same command line; only rank 0 prints.
#include <fmt/core.h>
#include <mpi.h>
#include <stdlib.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "contract.hpp"
#include "count_args.hpp"
#include "count_options.hpp"
#include "mpi_count.hpp"
#include "nqueens/version.hpp"

namespace {

// nqueens-mpi has no --timeout, and an internal error ends the MPI job instead of exiting 70.
constexpr nqcli::ExitStatus kMpiExitStatuses[] = {
    {nqcli::kExitOk, "success"},
    {nqcli::kExitNo, "--check found a count that differs from the published one"},
    nqcli::exit_status(nqcli::kExitUsage),
    nqcli::exit_status(nqcli::kExitNotSaved),
    nqcli::exit_status(nqcli::kExitInterrupted),
};

int parse_and_run(int argc, char** argv, int rank, int ranks) {
  CLI::App app{"nqueens-mpi: count n-queens solutions over the ranks of an MPI job", "nqueens-mpi"};
  app.set_version_flag("-V,--version", std::string("nqueens-mpi ") + nq::kVersion);
  app.require_subcommand(1, 1);
  app.footer("Run as: mpirun -np P nqueens-mpi count N [--threads T]  (see docs/cluster.md)\n" +
             nqcli::exit_status_text(kMpiExitStatuses));
  nqcli::add_generate_option(app);
  nqcli::CountArgs args;
  auto* cmd = app.add_subcommand("count", "Count all solutions and the unique ones");
  nqcli::add_count_options(*cmd, args);
  cmd->get_option("--threads")
      ->description(
          "Worker threads per rank, 1..1024 (default: the cores of its machine shared out among "
          "the ranks on it)");
  cmd->footer(
      "Rank 0 hands out the subproblems and counts too; every rank runs T threads.\n"
      "Example:\n  mpirun -np 4 nqueens-mpi count 19 --threads 8 --checkpoint n19.ckpt "
      "--subtotals n19.log\n");
  try {
    if (argc > 1 && argv[1][0] != '-' && std::string(argv[1]) != "count") {
      throw nqcli::UsageError(std::string("unknown subcommand '") + argv[1] + "' (choose count)");
    }
    app.parse(argc, argv);
  } catch (const nqcli::GenerateRequest& request) {
    if (rank != 0) return 0;
    const nqcli::ManInfo info{nq::kVersion, kMpiExitStatuses, {"nqueens(1)", "mpirun(1)"}};
    fmt::print("{}", nqcli::generate_doc(app, request.kind, info));
    return nqcli::kExitOk;
  } catch (const CLI::CallForHelp& e) {
    if (rank != 0) return 0;
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    if (rank != 0) return 0;
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    if (rank != 0) return 0;
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (rank == 0) fmt::print(stderr, "nqueens-mpi: {} (see nqueens-mpi --help)\n", e.what());
    return nqcli::kExitUsage;
  } catch (const nqcli::UsageError& e) {
    if (rank == 0) fmt::print(stderr, "nqueens-mpi: {}\n", e.what());
    return nqcli::kExitUsage;
  }
  return nqmpi::run_mpi_count(args, rank, ranks);
}

}  // namespace

// On one machine (mpirun sets the world and local sizes before the ranks start), OpenMPI's ob1
// messaging layer over shared memory alone starts sooner than UCX, which it would pick otherwise,
// and its polling costs less than with the TCP transport loaded too (docs/journal/count.md,
// "OpenMPI's start and end of a job on one machine"); on a cluster the choice is left to OpenMPI.
// OMPI_MCA_pml and OMPI_MCA_btl set by the user win.
void prefer_fast_start_on_one_machine() {
  const char* world = std::getenv("OMPI_COMM_WORLD_SIZE");
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  if (world && local && std::string(world) == local) {
    setenv("OMPI_MCA_pml", "ob1", 0);
    setenv("OMPI_MCA_btl", "self,vader", 0);
  }
}

int main(int argc, char** argv) {
  prefer_fast_start_on_one_machine();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int code = parse_and_run(argc, argv, rank, ranks);
  MPI_Finalize();
  return code;
}
