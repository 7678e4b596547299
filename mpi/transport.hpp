// SPDX-License-Identifier: MIT
// The messages of nqueens-mpi: arrays of 64-bit words on one tag of MPI_COMM_WORLD, so that the
// messages between two ranks arrive in the order they were sent. The first word says what it is:
//
//   worker -> 0   hello   fingerprint threads           (the split and the threads it runs)
//   worker -> 0   report  want id count id count ...    (finished counts; want = 1 asks for work)
//   0 -> worker   batch   id id ...                     (no ids: nothing left, finish)
//   worker -> 0   bye     statistics ...                (its last message)
//
// Every send and every receive is nonblocking (MPI_Isend with the buffer kept until done;
// MPI_Improbe and MPI_Imrecv, tested on later rounds), so two ranks sending large messages to
// each other at once never wait on each other, and no rank spins inside MPI while a message
// arrives in pieces: a blocking MPI_Recv busy-polls until the sender's next MPI call moves the
// rest, which with copy-in/copy-out transports (OMPI_MCA_btl_vader_single_copy_mechanism=none,
// common in containers) cost rank 0 a third of a core. Only the main thread of a rank calls MPI
// (MPI_THREAD_FUNNELED).
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
  void drain();  // waits for every send to complete (testing every millisecond, not spinning)
  std::uint64_t sent() const { return sent_; }

 private:
  struct Pending {
    Message message;
    MPI_Request request;
  };
  std::list<Pending> pending_;  // a list: buffers must not move while in flight
  std::uint64_t sent_ = 0;
};

// Messages from `from` (MPI_ANY_SOURCE: any rank), one at a time.
class Inbox {
 public:
  explicit Inbox(int from) : from_(from) {}
  ~Inbox();  // waits for a receive still in flight
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  // A message that has wholly arrived (its sender in *source), or nullopt. A message that has
  // begun to arrive is received in the background and handed out on a later call.
  std::optional<Message> try_receive(int* source = nullptr);
  bool pending() const { return pending_; }  // one is on its way: look again soon

 private:
  int from_;
  bool pending_ = false;
  MPI_Request request_ = MPI_REQUEST_NULL;
  Message buffer_;
  int source_ = -1;
};

}  // namespace nqmpi
