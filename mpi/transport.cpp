// SPDX-License-Identifier: MIT
#include "transport.hpp"

#include <chrono>
#include <thread>

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
  for (poll(); !pending_.empty(); poll()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

Inbox::~Inbox() {
  while (pending_) {
    int done = 0;
    MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
    if (done) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

std::optional<Message> Inbox::try_receive(int* source) {
  if (!pending_) {
    int arrived = 0;
    MPI_Message handle;
    MPI_Status status;
    MPI_Improbe(from_, kTag, MPI_COMM_WORLD, &arrived, &handle, &status);
    if (!arrived) return std::nullopt;
    int words = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &words);
    buffer_.assign(static_cast<std::size_t>(words), 0);
    source_ = status.MPI_SOURCE;
    MPI_Imrecv(buffer_.data(), words, MPI_UINT64_T, &handle, &request_);
    pending_ = true;
  }
  int done = 0;
  MPI_Test(&request_, &done, MPI_STATUS_IGNORE);
  if (!done) return std::nullopt;  // the rest is on its way: handed out on a later call
  pending_ = false;
  if (source) *source = source_;
  return std::move(buffer_);
}

}  // namespace nqmpi
