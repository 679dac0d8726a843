#include "service/connection_gate.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <random>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace kibitzer::service {
namespace {

constexpr char kGatePrefix[] = "kibitzer-gate-";
constexpr size_t kChunk = 16 << 10;
// Reads one link may take in a row before the others get their turn.
constexpr int kReadsPerTurn = 16;
constexpr int kAcceptsPerTurn = 64;
constexpr uint32_t kReadEvents = EPOLLIN | EPOLLRDHUP | EPOLLET;

// gRPC's spelling of a peer's address: ipv4:A.B.C.D:PORT or ipv6:[ADDR]:PORT (a v4 address
// mapped into v6 as v4); `host` gets the address alone.
std::string PeerString(const sockaddr_storage& a, std::string* host) {
  char text[INET6_ADDRSTRLEN] = {};
  int port = 0;
  bool v6 = false;
  if (a.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(a);
    inet_ntop(AF_INET, &in.sin_addr, text, sizeof text);
    port = ntohs(in.sin_port);
  } else if (a.ss_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(a);
    port = ntohs(in6.sin6_port);
    if (IN6_IS_ADDR_V4MAPPED(&in6.sin6_addr)) {
      inet_ntop(AF_INET, &in6.sin6_addr.s6_addr[12], text, sizeof text);
    } else {
      inet_ntop(AF_INET6, &in6.sin6_addr, text, sizeof text);
      v6 = true;
    }
  }
  *host = text;
  return v6 ? absl::StrCat("ipv6:[", text, "]:", port) : absl::StrCat("ipv4:", text, ":", port);
}

// An abstract Unix socket address for `name`.
socklen_t AbstractAddress(const std::string& name, sockaddr_un* a) {
  *a = {};
  a->sun_family = AF_UNIX;
  std::memcpy(a->sun_path + 1, name.data(), name.size());
  return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
}

// Writes what it can of `data` to the non-blocking `fd`: the bytes written, or -1 when the
// connection failed.
ssize_t SendSome(int fd, const char* data, size_t size) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = send(fd, data + done, size - done, MSG_NOSIGNAL);
    if (n > 0) {
      done += static_cast<size_t>(n);
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      break;
    } else {
      return -1;
    }
  }
  return static_cast<ssize_t>(done);
}

}  // namespace

// One end of a relayed connection, as epoll names it: side 0 the client's socket, 1 the inner
// one; a listener or the wake-up has no link.
struct ConnectionGate::End {
  Link* link = nullptr;
  int side = 0;
};

struct ConnectionGate::Link {
  int fd[2] = {-1, -1};
  // Bytes read from side s that side 1-s has not taken yet; side s is not read meanwhile, so a
  // slow reader holds at most one chunk here.
  std::string pending[2];
  bool eof[2] = {false, false};  // side s has sent its last byte (only the client's is kept open)
  bool closed = false;
  std::string host;  // the client's address, for the count per address
  End end[2];
};

class ConnectionGate::Loop {
 public:
  Loop(const GateOptions& options, std::string name, int wake)
      : options_(options), name_(std::move(name)), wake_(wake) {}

  ~Loop() {
    for (auto& entry : links_) CloseFds(*entry.second);
    for (const int fd : listeners_) close(fd);
    if (reserve_ >= 0) close(reserve_);
    if (epoll_ >= 0) close(epoll_);
  }

  absl::Status Listen(const std::string& listen, int* port);
  void Run();
  GateCounts counts() const { return {open_.load(), accepted_.load(), refused_.load()}; }

 private:
  void Accept(int listener);
  void Refuse(int fd, const std::string& peer, const char* why);
  bool Connect(Link& link, const std::string& peer);
  // Moves bytes from side s to the other while both can, from what is pending first.
  void Pump(Link& link, int s);
  bool Flush(Link& link, int s);
  // Whether side s is watched for room to write as well as for bytes to read.
  void WatchWrites(Link& link, int s, bool writes);
  void Close(Link& link);
  void CloseFds(Link& link);
  // No new connections; the open ones go on until gRPC has closed them (their last bytes
  // relayed) or the options' stop_grace has passed.
  void BeginStop();
  // Takes the listeners off the watch (true: the process is out of descriptors) or back on,
  // once the spare descriptor could be opened again.
  void Pause(bool pause);

  GateOptions options_;
  std::string name_;
  int wake_;
  int epoll_ = -1;
  int reserve_ = -1;  // a spare descriptor, given up to refuse a connection when none is left
  bool paused_ = false;
  bool stopping_ = false;
  std::chrono::steady_clock::time_point stop_by_;
  std::vector<int> listeners_;
  std::vector<End> listener_ends_;
  End wake_end_;
  std::unordered_map<Link*, std::unique_ptr<Link>> links_;
  std::unordered_map<std::string, int> per_host_;
  std::vector<Link*> closed_;      // freed after the events at hand
  std::vector<Link*> unfinished_;  // links whose turn ended with bytes still to read
  std::atomic<size_t> open_{0};
  std::atomic<uint64_t> accepted_{0};
  std::atomic<uint64_t> refused_{0};
};

absl::Status ConnectionGate::Loop::Listen(const std::string& listen, int* port) {
  const size_t colon = listen.rfind(':');
  int wanted = 0;
  if (colon == std::string::npos || !absl::SimpleAtoi(listen.substr(colon + 1), &wanted) ||
      wanted < 0 || wanted > 65535) {
    return absl::InvalidArgumentError(absl::StrCat("--listen: expected HOST:PORT, got ", listen));
  }
  std::string host = listen.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.empty() ? nullptr : host.c_str(), "0", &hints, &found) != 0) {
    return absl::InvalidArgumentError(absl::StrCat("--listen: cannot resolve ", host));
  }
  epoll_ = epoll_create1(EPOLL_CLOEXEC);
  reserve_ = open("/dev/null", O_RDONLY | O_CLOEXEC);
  // The unspecified IPv6 address first, taking IPv4 too (as gRPC's listener does); any other
  // IPv6 address for itself.
  std::vector<addrinfo*> addresses;
  for (addrinfo* a = found; a != nullptr; a = a->ai_next) addresses.push_back(a);
  const auto any6 = [](const addrinfo* a) {
    return a->ai_family == AF_INET6 &&
           IN6_IS_ADDR_UNSPECIFIED(&reinterpret_cast<const sockaddr_in6*>(a->ai_addr)->sin6_addr);
  };
  std::stable_partition(addresses.begin(), addresses.end(), any6);
  bool dual = false;
  for (addrinfo* a : addresses) {
    const bool any4 =
        a->ai_family == AF_INET &&
        reinterpret_cast<const sockaddr_in*>(a->ai_addr)->sin_addr.s_addr == htonl(INADDR_ANY);
    if (any4 && dual) continue;
    const int fd = socket(a->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) continue;
    const int on = 1, off = 0;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (a->ai_family == AF_INET6) {
      setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, any6(a) ? &off : &on, sizeof on);
    }
    // Every address on one port: the first one bound picks it when none was asked for.
    const uint16_t p = htons(static_cast<uint16_t>(wanted != 0 ? wanted : *port));
    if (a->ai_family == AF_INET) reinterpret_cast<sockaddr_in*>(a->ai_addr)->sin_port = p;
    if (a->ai_family == AF_INET6) reinterpret_cast<sockaddr_in6*>(a->ai_addr)->sin6_port = p;
    if (bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, SOMAXCONN) != 0) {
      close(fd);
      continue;
    }
    sockaddr_storage bound{};
    socklen_t size = sizeof bound;
    getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &size);
    *port = ntohs(bound.ss_family == AF_INET ? reinterpret_cast<sockaddr_in&>(bound).sin_port
                                             : reinterpret_cast<sockaddr_in6&>(bound).sin6_port);
    listeners_.push_back(fd);
    dual = dual || any6(a);
  }
  freeaddrinfo(found);
  if (listeners_.empty() || epoll_ < 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", listen));
  }
  listener_ends_.resize(listeners_.size());
  for (size_t i = 0; i < listeners_.size(); ++i) {
    listener_ends_[i].side = static_cast<int>(i);
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.ptr = &listener_ends_[i];
    epoll_ctl(epoll_, EPOLL_CTL_ADD, listeners_[i], &e);
  }
  wake_end_.side = -1;
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.ptr = &wake_end_;
  epoll_ctl(epoll_, EPOLL_CTL_ADD, wake_, &e);
  return absl::OkStatus();
}

void ConnectionGate::Loop::Run() {
  std::array<epoll_event, 256> events;
  std::vector<Link*> again;
  while (true) {
    // Paused, it looks again for a free descriptor every 100 ms; stopping, whether it is time.
    const int wait = !unfinished_.empty() ? 0 : paused_ || stopping_ ? 100 : -1;
    const int n = epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), wait);
    if (n < 0 && errno != EINTR) return;
    for (int i = 0; i < n; ++i) {
      const End& end = *static_cast<End*>(events[i].data.ptr);
      if (end.link == nullptr) {
        if (end.side < 0) {
          BeginStop();
        } else if (!stopping_) {
          Accept(listeners_[end.side]);
        }
        continue;
      }
      // Edge-triggered: each side moves all it can at each event, so nothing is missed. A side
      // is watched for room to write only while bytes wait for it.
      Link& link = *end.link;
      if (events[i].events & EPOLLOUT) Pump(link, 1 - end.side);
      if (events[i].events & ~EPOLLOUT) Pump(link, end.side);
    }
    again.swap(unfinished_);
    unfinished_.clear();
    for (Link* link : again) {
      Pump(*link, 0);
      Pump(*link, 1);
    }
    again.clear();
    std::erase_if(unfinished_, [](const Link* link) { return link->closed; });
    for (Link* link : closed_) links_.erase(link);
    closed_.clear();
    if (paused_ && !stopping_) Pause(false);
    if (stopping_ && (links_.empty() || std::chrono::steady_clock::now() >= stop_by_)) return;
  }
}

void ConnectionGate::Loop::BeginStop() {
  uint64_t count = 0;
  [[maybe_unused]] const ssize_t n = read(wake_, &count, sizeof count);
  if (stopping_) return;
  stopping_ = true;
  stop_by_ = std::chrono::steady_clock::now() + options_.stop_grace;
  for (const int fd : listeners_) close(fd);  // new clients are refused by the kernel now
  listeners_.clear();
}

void ConnectionGate::Loop::Pause(bool pause) {
  if (!pause) {
    if (reserve_ < 0) reserve_ = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (reserve_ < 0) return;
  }
  for (size_t i = 0; i < listeners_.size(); ++i) {
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.ptr = &listener_ends_[i];
    epoll_ctl(epoll_, pause ? EPOLL_CTL_DEL : EPOLL_CTL_ADD, listeners_[i], &e);
  }
  paused_ = pause;
}

void ConnectionGate::Loop::Refuse(int fd, const std::string& peer, const char* why) {
  const uint64_t refused = ++refused_;  // counted before the client can see it closed
  close(fd);
  // The first refusal and then one in a thousand are told, so that a flood does not flood the log.
  if (refused % 1000 == 1) {
    std::fprintf(stderr, "kibitzerd: connection from %s refused: %s (%llu refused so far)\n",
                 peer.c_str(), why, static_cast<unsigned long long>(refused));
  }
}

void ConnectionGate::Loop::Accept(int listener) {
  for (int i = 0; i < kAcceptsPerTurn; ++i) {
    sockaddr_storage from{};
    socklen_t size = sizeof from;
    const int fd =
        accept4(listener, reinterpret_cast<sockaddr*>(&from), &size, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      if (errno == EMFILE || errno == ENFILE) {
        if (reserve_ < 0) {
          // Not even the spare: the listeners wait until a descriptor is free again.
          Pause(true);
          return;
        }
        // No descriptor left: the spare one takes the connection to close it, so that the
        // listener does not stay readable with it for ever.
        close(reserve_);
        reserve_ = -1;
        const int spare = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
        if (spare >= 0) Refuse(spare, "a client", "the process is out of file descriptors");
        reserve_ = open("/dev/null", O_RDONLY | O_CLOEXEC);
        continue;
      }
      return;  // EAGAIN: none left to take
    }
    std::string host;
    const std::string peer = PeerString(from, &host);
    if (open_.load() >= static_cast<size_t>(options_.max_connections)) {
      Refuse(fd, peer, "--max-connections are open");
      continue;
    }
    if (options_.max_per_address > 0 && per_host_[host] >= options_.max_per_address) {
      Refuse(fd, peer, "--max-connections-per-address are open from there");
      continue;
    }
    // Relayed bytes go out as they come, as gRPC's own sockets send them (no Nagle delay).
    const int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    auto link = std::make_unique<Link>();
    link->fd[0] = fd;
    link->host = host;
    if (!Connect(*link, peer)) {
      if (link->fd[1] >= 0) close(link->fd[1]);
      Refuse(fd, peer, "the server is not taking connections (shutting down)");
      continue;
    }
    ++per_host_[host];
    ++open_;
    ++accepted_;
    Link* raw = link.get();
    links_.emplace(raw, std::move(link));
    for (int s = 0; s < 2; ++s) {
      raw->end[s] = {raw, s};
      epoll_event e{};
      e.events = kReadEvents;
      e.data.ptr = &raw->end[s];
      epoll_ctl(epoll_, EPOLL_CTL_ADD, raw->fd[s], &e);
    }
  }
}

bool ConnectionGate::Loop::Connect(Link& link, const std::string& peer) {
  link.fd[1] = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (link.fd[1] < 0) return false;
  // The inner socket's own name carries the client's address, for PeerName.
  sockaddr_un self;
  const socklen_t self_size = AbstractAddress(name_ + "/" + peer, &self);
  if (bind(link.fd[1], reinterpret_cast<sockaddr*>(&self), self_size) != 0) return false;
  sockaddr_un server;
  const socklen_t server_size = AbstractAddress(name_, &server);
  // A Unix socket connects at once, or fails (EAGAIN: gRPC's backlog is full).
  return connect(link.fd[1], reinterpret_cast<sockaddr*>(&server), server_size) == 0;
}

bool ConnectionGate::Loop::Flush(Link& link, int s) {
  std::string& pending = link.pending[s];
  if (pending.empty()) return true;
  const ssize_t n = SendSome(link.fd[1 - s], pending.data(), pending.size());
  if (n < 0) {
    Close(link);
    return false;
  }
  pending.erase(0, static_cast<size_t>(n));
  if (!pending.empty()) return false;
  WatchWrites(link, 1 - s, false);
  return true;
}

void ConnectionGate::Loop::WatchWrites(Link& link, int s, bool writes) {
  epoll_event e{};
  e.events = kReadEvents | (writes ? uint32_t{EPOLLOUT} : uint32_t{0});
  e.data.ptr = &link.end[s];
  epoll_ctl(epoll_, EPOLL_CTL_MOD, link.fd[s], &e);
}

void ConnectionGate::Loop::Pump(Link& link, int s) {
  if (link.closed || !Flush(link, s) || link.eof[s]) return;
  char buffer[kChunk];
  for (int turn = 0;; ++turn) {
    if (turn == kReadsPerTurn) {
      unfinished_.push_back(&link);
      return;
    }
    const ssize_t got = read(link.fd[s], buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (got < 0) {
      Close(link);
      return;
    }
    if (got == 0) {
      // gRPC's end closing ends the connection (what the client has not read of its last
      // bytes is the kernel's to deliver); the client's may close its sending half alone.
      if (s == 1) {
        Close(link);
      } else {
        link.eof[0] = true;
        shutdown(link.fd[1], SHUT_WR);
      }
      return;
    }
    const ssize_t sent = SendSome(link.fd[1 - s], buffer, static_cast<size_t>(got));
    if (sent < 0) {
      Close(link);
      return;
    }
    if (sent < got) {
      // The other side is full: the rest waits until it can take more (its EPOLLOUT).
      link.pending[s].assign(buffer + sent, static_cast<size_t>(got - sent));
      WatchWrites(link, 1 - s, true);
      return;
    }
  }
}

void ConnectionGate::Loop::CloseFds(Link& link) {
  for (int& fd : link.fd) {
    if (fd >= 0) close(fd);
    fd = -1;
  }
}

void ConnectionGate::Loop::Close(Link& link) {
  if (link.closed) return;
  link.closed = true;
  CloseFds(link);
  auto it = per_host_.find(link.host);
  if (it != per_host_.end() && --it->second == 0) per_host_.erase(it);
  --open_;
  closed_.push_back(&link);
}

absl::StatusOr<std::unique_ptr<ConnectionGate>> ConnectionGate::Open(const std::string& listen,
                                                                     const GateOptions& options) {
  if (options.max_connections < 1 || options.max_per_address < 0) {
    return absl::InvalidArgumentError(
        "--max-connections must be at least 1 (0: no gate) and --max-connections-per-address not "
        "negative");
  }
  std::unique_ptr<ConnectionGate> gate(new ConnectionGate());
  gate->options_ = options;
  std::random_device random;
  gate->name_ = absl::StrCat(kGatePrefix, getpid(), "-", absl::Hex(random(), absl::kZeroPad8));
  gate->wake_ = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (gate->wake_ < 0) return absl::InternalError("eventfd failed");
  gate->loop_ = std::make_unique<Loop>(options, gate->name_, gate->wake_);
  const absl::Status listening = gate->loop_->Listen(listen, &gate->port_);
  if (!listening.ok()) return listening;
  return gate;
}

ConnectionGate::~ConnectionGate() {
  loop_.reset();
  if (wake_ >= 0) close(wake_);
}

std::string ConnectionGate::inner_address() const { return "unix-abstract:" + name_; }

void ConnectionGate::Run() { loop_->Run(); }

void ConnectionGate::Stop() {
  const uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = write(wake_, &one, sizeof one);
}

GateCounts ConnectionGate::counts() const { return loop_->counts(); }

std::string PeerName(const std::string& grpc_peer) {
  const std::string prefix = std::string("unix-abstract:") + kGatePrefix;
  if (grpc_peer.rfind(prefix, 0) != 0) return grpc_peer;
  const size_t slash = grpc_peer.find('/', prefix.size());
  return slash == std::string::npos ? grpc_peer : grpc_peer.substr(slash + 1);
}

}  // namespace kibitzer::service
