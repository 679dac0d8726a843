#include "service/listener_watch.h"

#include <dirent.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "grpc/support/log.h"

namespace kibitzer::service {
namespace {

std::atomic<bool> g_died{false};

// gRPC's line, as its own logger writes it (severity letter, file:line, message).
void Log(gpr_log_func_args* args) {
  if (args->severity == GPR_LOG_SEVERITY_ERROR && args->message != nullptr &&
      std::strstr(args->message, "Failed accept4") != nullptr) {
    g_died = true;
  }
  const char* file = args->file != nullptr ? std::strrchr(args->file, '/') : nullptr;
  std::fprintf(stderr, "%s %s:%d] %s\n", gpr_log_severity_string(args->severity),
               file != nullptr ? file + 1 : (args->file != nullptr ? args->file : "?"), args->line,
               args->message != nullptr ? args->message : "");
}

// The numbers of this process's open descriptors; false when they cannot be read.
template <typename Each>
bool ForEachFd(Each each) {
  DIR* dir = opendir("/proc/self/fd");
  if (dir == nullptr) return false;
  const int own = dirfd(dir);
  while (const dirent* e = readdir(dir)) {
    if (e->d_name[0] == '.') continue;
    const int fd = std::atoi(e->d_name);
    if (fd != own) each(fd);
  }
  closedir(dir);
  return true;
}

}  // namespace

void WatchListener() { gpr_set_log_function(&Log); }

bool ListenerDied() { return g_died; }

void SetListenerDied(bool died) { g_died = died; }

std::optional<std::vector<int>> ListeningSockets(int port) {
  std::vector<int> out;
  const bool read = ForEachFd([&](int fd) {
    int listening = 0;
    socklen_t size = sizeof(listening);
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) != 0 || listening == 0) {
      return;
    }
    sockaddr_storage address{};
    socklen_t length = sizeof(address);
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) return;
    int bound = -1;
    if (address.ss_family == AF_INET) {
      bound = ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
    } else if (address.ss_family == AF_INET6) {
      bound = ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
    }
    if (bound == port) out.push_back(fd);
  });
  if (!read) return std::nullopt;
  return out;
}

std::optional<size_t> OpenFiles() {
  size_t n = 0;
  if (!ForEachFd([&](int) { ++n; })) return std::nullopt;
  return n;
}

}  // namespace kibitzer::service
