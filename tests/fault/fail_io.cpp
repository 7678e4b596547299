// SPDX-License-Identifier: MIT
// An LD_PRELOAD shim for the checkpoint fault-injection tests: it makes the K-th call of write,
// fsync, fdatasync, close or rename that touches a file whose path contains NQ_FAIL_PATH fail
// with NQ_FAIL_ERRNO (default ENOSPC, a full disk), and with NQ_FAIL_ALL=1 every such call from
// the K-th on. Calls on other files (stdout, stderr) pass. When it fails a call it appends a line
// to NQ_FAIL_LOG, so that a test knows whether call K existed.
//
// With NQ_FAIL_KILL the K-th call does not fail: the process is killed there (SIGKILL), as a
// power cut or kill -9 would stop it in the middle of a save: NQ_FAIL_KILL=before kills it
// before the call; NQ_FAIL_KILL=half lets a write put the first half of its bytes on the file
// first (a torn write; other calls as before). NQ_FAIL_COUNT=FILE writes the number of matching
// calls to FILE at exit, so that a campaign knows how many moments a run offers.
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

std::atomic<long> calls{0};

template <class F>
F next(const char* name) {
  return reinterpret_cast<F>(dlsym(RTLD_NEXT, name));
}

bool matches_path(const char* path) {
  const char* want = std::getenv("NQ_FAIL_PATH");
  return want && *want && path && std::strstr(path, want);
}

bool matches_fd(int fd) {
  char link[64], path[4096];
  std::snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t n = readlink(link, path, sizeof path - 1);
  if (n <= 0) return false;
  path[n] = '\0';
  return matches_path(path);
}

using Write = ssize_t (*)(int, const void*, size_t);

// NQ_FAIL_COUNT: the matching calls, written when the process exits normally.
struct CountAtExit {
  ~CountAtExit() {
    const char* path = std::getenv("NQ_FAIL_COUNT");
    if (!path) return;
    if (FILE* f = std::fopen(path, "w")) {
      std::fprintf(f, "%ld\n", calls.load());
      std::fclose(f);
    }
  }
} count_at_exit;

// NQ_FAIL_KILL at call K: a write given `data` puts the first half of it on fd first ("half").
void kill_here(int fd, const void* data, size_t size) {
  const char* how = std::getenv("NQ_FAIL_KILL");
  if (data && std::strcmp(how, "half") == 0) next<Write>("write")(fd, data, size / 2);
  ::kill(::getpid(), SIGKILL);
}

// True if this call must fail (errno is then set). `fd`, `data` and `size` are a write's, for
// NQ_FAIL_KILL=half.
bool inject(bool relevant, const char* what, int fd = -1, const void* data = nullptr,
            size_t size = 0) {
  if (!relevant) return false;
  const long call = ++calls;
  const char* at = std::getenv("NQ_FAIL_AT");
  if (!at) return false;
  const long k = std::atol(at);
  if (call == k && std::getenv("NQ_FAIL_KILL")) kill_here(fd, data, size);
  const bool all = std::getenv("NQ_FAIL_ALL") && std::strcmp(std::getenv("NQ_FAIL_ALL"), "1") == 0;
  if (call != k && !(all && call > k)) return false;
  if (const char* log = std::getenv("NQ_FAIL_LOG")) {
    using Open = int (*)(const char*, int, ...);
    using Close = int (*)(int);
    const int fd = next<Open>("open")(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      char line[64];
      const int len = std::snprintf(line, sizeof line, "%ld %s\n", call, what);
      next<Write>("write")(fd, line, static_cast<size_t>(len));
      next<Close>("close")(fd);
    }
  }
  const char* code = std::getenv("NQ_FAIL_ERRNO");
  errno = code ? std::atoi(code) : ENOSPC;
  return true;
}

}  // namespace

extern "C" {

ssize_t write(int fd, const void* data, size_t size) {
  if (inject(matches_fd(fd), "write", fd, data, size)) return -1;
  return next<ssize_t (*)(int, const void*, size_t)>("write")(fd, data, size);
}

int fsync(int fd) {
  if (inject(matches_fd(fd), "fsync")) return -1;
  return next<int (*)(int)>("fsync")(fd);
}

int fdatasync(int fd) {
  if (inject(matches_fd(fd), "fdatasync")) return -1;
  return next<int (*)(int)>("fdatasync")(fd);
}

int close(int fd) {
  const bool relevant = matches_fd(fd);
  const int result = next<int (*)(int)>("close")(fd);  // the descriptor is gone either way
  if (inject(relevant, "close")) return -1;
  return result;
}

int rename(const char* from, const char* to) {
  if (inject(matches_path(from) || matches_path(to), "rename")) return -1;
  return next<int (*)(const char*, const char*)>("rename")(from, to);
}

}  // extern "C"
