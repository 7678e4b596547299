// SPDX-License-Identifier: MIT
// `nqueens-mpi count N`: the count of `nqueens count N` spread over the ranks of an MPI job.
// Rank 0 coordinates (hands out batches, checks and collects the counts, keeps the checkpoint,
// prints progress and the answer) and counts on its own threads too; every other rank counts
// what it is given. Called on every rank between MPI_Init and MPI_Finalize.
#pragma once

#include "count_args.hpp"

namespace nqmpi {

// Returns the process exit code (the same on every rank for usage errors).
int run_mpi_count(const nqcli::CountArgs& args, int rank, int ranks);

}  // namespace nqmpi
