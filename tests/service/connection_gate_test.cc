// The connection gate alone, in front of an echo server on its inner socket.
#include "service/connection_gate.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gtest/gtest.h"
#include "tests/service/server_process.h"

namespace kibitzer::service {
namespace {

// A liveness guard for waits (never a timing: each wait ends as soon as what it waits for holds).
constexpr int kGuardMs = 30'000;
constexpr size_t kBlob = 1 << 20;

// Echoes each connection's bytes until "bye" comes (then closes it) or the client's EOF (then says
// "done" and closes). Records each client's socket name as gRPC would spell the peer.
class EchoServer {
 public:
  explicit EchoServer(const std::string& address) {
    const std::string name = address.substr(std::string("unix-abstract:").size());
    fd_ = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::memcpy(a.sun_path + 1, name.data(), name.size());
    const socklen_t size = offsetof(sockaddr_un, sun_path) + 1 + name.size();
    EXPECT_EQ(bind(fd_, reinterpret_cast<sockaddr*>(&a), size), 0);
    EXPECT_EQ(listen(fd_, 64), 0);
    acceptor_ = std::thread([this] { AcceptAll(); });
  }
  ~EchoServer() {
    shutdown(fd_, SHUT_RDWR);
    acceptor_.join();
    close(fd_);
    for (std::thread& t : echoes_) t.join();
  }
  std::vector<std::string> peers() {
    std::lock_guard<std::mutex> lock(mu_);
    return peers_;
  }

 private:
  void AcceptAll() {
    while (true) {
      sockaddr_un from{};
      socklen_t size = sizeof from;
      const int c = accept(fd_, reinterpret_cast<sockaddr*>(&from), &size);
      if (c < 0) return;
      std::lock_guard<std::mutex> lock(mu_);
      const size_t length = size - offsetof(sockaddr_un, sun_path) - 1;
      peers_.push_back("unix-abstract:" + std::string(from.sun_path + 1, length));
      echoes_.emplace_back([c] { Echo(c); });
    }
  }
  static void Echo(int c) {
    char buffer[4096];
    std::string tail;
    while (true) {
      const ssize_t n = read(c, buffer, sizeof buffer);
      if (n <= 0) {
        if (n == 0) send(c, "done", 4, MSG_NOSIGNAL);
        break;
      }
      if (send(c, buffer, n, MSG_NOSIGNAL) != n) break;
      tail = (tail + std::string(buffer, n)).substr(std::max<ssize_t>(0, tail.size() + n - 4));
      if (tail.ends_with("bye")) break;
      if (tail == "blob") {
        // A last answer larger than the socket buffers, then the end.
        const std::string blob(kBlob, 'b');
        for (size_t sent = 0; sent < blob.size();) {
          const ssize_t k = send(c, blob.data() + sent, blob.size() - sent, MSG_NOSIGNAL);
          if (k <= 0) break;
          sent += k;
        }
        break;
      }
    }
    close(c);
  }

  int fd_ = -1;
  std::thread acceptor_;
  std::mutex mu_;
  std::vector<std::string> peers_;
  std::vector<std::thread> echoes_;
};

int LocalPort(int fd) {
  sockaddr_in a{};
  socklen_t size = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &size);
  return ntohs(a.sin_port);
}

// Reads until `size` bytes came or the connection ended; what came.
std::string ReadUpTo(int fd, size_t size) {
  std::string got;
  char buffer[8192];
  while (got.size() < size) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, kGuardMs) != 1) break;
    const ssize_t n = read(fd, buffer, std::min(sizeof buffer, size - got.size()));
    if (n <= 0) break;
    got.append(buffer, n);
  }
  return got;
}

// Whether the connection ends (EOF or reset) with nothing more to read.
bool Ends(int fd) {
  char c;
  pollfd p{fd, POLLIN, 0};
  if (poll(&p, 1, kGuardMs) != 1) return false;
  return read(fd, &c, 1) <= 0;
}

bool Echoes(int fd, const std::string& text) {
  return send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size()) &&
         ReadUpTo(fd, text.size()) == text;
}

class Gate : public ::testing::Test {
 protected:
  void Start(const GateOptions& options) {
    auto opened = ConnectionGate::Open("127.0.0.1:0", options);
    ASSERT_TRUE(opened.ok()) << opened.status();
    gate_ = std::move(*opened);
    port_ = gate_->port();
    echo_ = std::make_unique<EchoServer>(gate_->inner_address());
    runner_ = std::thread([this] { gate_->Run(); });
  }
  void TearDown() override {
    for (const int fd : clients_) close(fd);
    if (gate_) {
      gate_->Stop();
      runner_.join();
    }
    gate_.reset();
    echo_.reset();
  }
  int Client() {
    const int fd = testing::LoopbackConnection(gate_->port());
    if (fd >= 0) clients_.push_back(fd);
    return fd;
  }
  void Drop(int fd) {
    close(fd);
    std::erase(clients_, fd);
  }
  // Waits until the gate counts `open` connections.
  bool OpenBecomes(size_t open) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kGuardMs);
    while (gate_->counts().open != open) {
      if (std::chrono::steady_clock::now() > until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
  }

  std::unique_ptr<ConnectionGate> gate_;
  int port_ = 0;
  std::unique_ptr<EchoServer> echo_;
  std::thread runner_;
  std::vector<int> clients_;
};

TEST_F(Gate, RelaysBothWaysAndTheInnerPeerNamesTheClient) {
  Start({.max_connections = 4});
  const int fd = Client();
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(Echoes(fd, "hello"));
  const std::vector<std::string> peers = echo_->peers();
  ASSERT_EQ(peers.size(), 1u);
  EXPECT_EQ(PeerName(peers[0]), "ipv4:127.0.0.1:" + std::to_string(LocalPort(fd)));
  EXPECT_EQ(PeerName("ipv4:10.0.0.1:5000"), "ipv4:10.0.0.1:5000");
  EXPECT_EQ(PeerName("unix:/tmp/x"), "unix:/tmp/x");
}

TEST_F(Gate, PastTheCapAConnectionIsClosedAtOnceAndOneIsTakenAgainWhenOthersClose) {
  Start({.max_connections = 2});
  const int a = Client(), b = Client();
  ASSERT_TRUE(Echoes(a, "a"));
  ASSERT_TRUE(Echoes(b, "b"));
  const int c = Client();
  ASSERT_GE(c, 0);  // the kernel takes it; the gate closes it
  send(c, "c", 1, MSG_NOSIGNAL);
  EXPECT_TRUE(Ends(c));
  EXPECT_EQ(gate_->counts().refused, 1u);
  EXPECT_TRUE(Echoes(a, "still"));  // the open ones go on
  Drop(a);
  ASSERT_TRUE(OpenBecomes(1));
  const int d = Client();
  EXPECT_TRUE(Echoes(d, "d"));
  EXPECT_EQ(gate_->counts().accepted, 3u);
}

TEST_F(Gate, OneAddressMayHaveOnlyItsShare) {
  Start({.max_connections = 8, .max_per_address = 1});
  const int a = Client();
  ASSERT_TRUE(Echoes(a, "a"));
  const int b = Client();
  EXPECT_TRUE(Ends(b));
  EXPECT_EQ(gate_->counts().refused, 1u);
}

TEST_F(Gate, AClientThatReadsLateGetsEveryByteInOrder) {
  Start({.max_connections = 2});
  const int fd = Client();
  ASSERT_GE(fd, 0);
  std::string data(16 << 20, '\0');
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 7919 % 251);
  // The client sends until its socket takes no more before it reads anything, so every buffer on
  // the way fills and the gate must hold back; then it reads and sends as each side allows.
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  size_t sent = 0;
  while (sent < data.size()) {
    const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += n;
  }
  std::string got;
  char buffer[65536];
  while (got.size() < data.size()) {
    pollfd p{fd, static_cast<short>(POLLIN | (sent < data.size() ? POLLOUT : 0)), 0};
    ASSERT_EQ(poll(&p, 1, kGuardMs), 1) << got.size() << " bytes back of " << data.size();
    if (p.revents & POLLOUT) {
      const ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
      if (n > 0) sent += n;
    }
    if (p.revents & POLLIN) {
      const ssize_t n = read(fd, buffer, sizeof buffer);
      ASSERT_GT(n, 0);
      got.append(buffer, n);
    }
  }
  EXPECT_TRUE(got == data);
}

TEST_F(Gate, TheServerEndingAConnectionEndsTheClients) {
  Start({.max_connections = 2});
  const int fd = Client();
  ASSERT_TRUE(Echoes(fd, "bye"));
  EXPECT_TRUE(Ends(fd));
  EXPECT_TRUE(OpenBecomes(0));
}

TEST_F(Gate, AClientMayCloseItsSendingHalfAndStillHearTheAnswer) {
  Start({.max_connections = 2});
  const int fd = Client();
  ASSERT_EQ(send(fd, "last", 4, MSG_NOSIGNAL), 4);
  shutdown(fd, SHUT_WR);
  EXPECT_EQ(ReadUpTo(fd, 64), "lastdone");
  EXPECT_TRUE(OpenBecomes(0));
}

// Stopped, the gate takes no new connection but relays what the open ones still say until their
// server closes them (kibitzerd stops it after gRPC has shut down).
TEST_F(Gate, StoppedItStillRelaysTheLastBytesOfTheConnectionsItHas) {
  // The grace is a liveness guard here, not a timing: the server closes well before it.
  Start({.max_connections = 2, .stop_grace = std::chrono::milliseconds(kGuardMs)});
  const int fd = Client();
  ASSERT_TRUE(Echoes(fd, "hi"));
  ASSERT_EQ(send(fd, "blob", 4, MSG_NOSIGNAL), 4);
  gate_->Stop();
  // The echo of "blob", then every byte of the blob, then the end.
  EXPECT_EQ(ReadUpTo(fd, kBlob + 100).size(), kBlob + 4);
  runner_.join();
  gate_.reset();
  EXPECT_LT(testing::LoopbackConnection(port_), 0);  // refused: nobody listens now
}

TEST(GateOpen, RefusesABadAddressOrLimit) {
  EXPECT_FALSE(ConnectionGate::Open("127.0.0.1", {}).ok());
  EXPECT_FALSE(ConnectionGate::Open("127.0.0.1:70000", {}).ok());
  EXPECT_FALSE(ConnectionGate::Open("127.0.0.1:0", {.max_connections = 0}).ok());
}

}  // namespace
}  // namespace kibitzer::service
