// SPDX-License-Identifier: MIT
// The messages of nqueens-mpi: arrays of 64-bit words on one tag of MPI_COMM_WORLD, so that the
// messages between two ranks arrive in the order they were sent. The first word says what it is:
//
//   worker -> 0   hello   fingerprint threads           (the split and the threads it runs)
//   worker -> 0   report  want id count id count ...    (finished counts; want = 1 asks for work)
//   0 -> worker   batch   id id ...                     (no ids: nothing left, finish)
//   worker -> 0   bye     statistics ...                (its last message)
//
// Every send is nonblocking (MPI_Isend with the buffer kept until done), so two ranks sending
// large messages to each other at once never wait on each other. Only the main thread of a
// rank calls MPI (MPI_THREAD_FUNNELED).
#pragma once

#include <mpi.h>

#include <cstdint>
#include <list>
#include <optional>
#include <vector>

namespace nqmpi {

enum Kind : std::uint64_t { kHello = 1, kReport = 2, kBatch = 3, kBye = 4 };

using Message = std::vector<std::uint64_t>;

class Outbox {
 public:
  ~Outbox();  // waits for what is still in flight
  void send(int to, Message message);
  void poll();   // frees the buffers of completed sends
  void drain();  // waits for every send to complete
  std::uint64_t sent() const { return sent_; }

 private:
  struct Pending {
    Message message;
    MPI_Request request;
  };
  std::list<Pending> pending_;  // a list: buffers must not move while in flight
  std::uint64_t sent_ = 0;
};

// A message that has arrived from `from` (MPI_ANY_SOURCE: any rank), or nullopt.
std::optional<Message> try_receive(int from, int* source);

}  // namespace nqmpi
