// SPDX-License-Identifier: MIT
#include "mpi/transport.hpp"

namespace nqmpi {

namespace {
constexpr int kTag = 17;
}

Outbox::~Outbox() { drain(); }

void Outbox::send(int to, Message message) {
  Pending& p = pending_.emplace_back(Pending{std::move(message), MPI_REQUEST_NULL});
  MPI_Isend(p.message.data(), static_cast<int>(p.message.size()), MPI_UINT64_T, to, kTag,
            MPI_COMM_WORLD, &p.request);
  ++sent_;
}

void Outbox::poll() {
  for (auto it = pending_.begin(); it != pending_.end();) {
    int done = 0;
    MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    it = done ? pending_.erase(it) : std::next(it);
  }
}

void Outbox::drain() {
  for (Pending& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
  pending_.clear();
}

std::optional<Message> try_receive(int from, int* source) {
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(from, kTag, MPI_COMM_WORLD, &arrived, &status);
  if (!arrived) return std::nullopt;
  int words = 0;
  MPI_Get_count(&status, MPI_UINT64_T, &words);
  Message m(static_cast<std::size_t>(words));
  MPI_Recv(m.data(), words, MPI_UINT64_T, status.MPI_SOURCE, kTag, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  if (source) *source = status.MPI_SOURCE;
  return m;
}

}  // namespace nqmpi
