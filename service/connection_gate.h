// kibitzerd's own door: it accepts the TCP connections itself, at most --max-connections at once
// (and at most --max-connections-per-address from one address), and relays each one's bytes to
// gRPC, which listens on a private Unix socket. gRPC 1.51 has no cap on connections (its listener
// takes every one until the process runs out of descriptors) and takes sockets handed over to it
// only in the clear; a relay works the same under TLS, which runs end to end between the client
// and gRPC (the gate reads no byte of it).
//
// A connection past the cap is closed at once, so that its client fails fast (UNAVAILABLE) and
// may try another replica; as connections close, new ones are taken again. Idle ones do not stay:
// gRPC closes what has not begun HTTP/2 after the handshake timeout, and the gate closes the
// client's side with it. Each relayed connection's inner socket is bound to a name that carries
// the client's address, so that PeerName gives gRPC's peer as it would be without the gate.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace kibitzer::service {

struct GateOptions {
  int max_connections = 1000;  // at least 1
  int max_per_address = 0;     // of one client address (IP); 0: no limit of its own
  // After Stop, how long the open connections may go on at most (gRPC, shut down before, closes
  // them as soon as their last bytes are out).
  std::chrono::milliseconds stop_grace{2000};
};

struct GateCounts {
  size_t open = 0;
  uint64_t accepted = 0;
  uint64_t refused = 0;
};

class ConnectionGate {
 public:
  // Listens on `listen` (HOST:PORT, port 0 picks a free one; every address HOST resolves to).
  static absl::StatusOr<std::unique_ptr<ConnectionGate>> Open(const std::string& listen,
                                                              const GateOptions& options);
  ~ConnectionGate();
  ConnectionGate(const ConnectionGate&) = delete;
  ConnectionGate& operator=(const ConnectionGate&) = delete;

  int port() const { return port_; }
  const GateOptions& options() const { return options_; }
  // Where gRPC must listen: "unix-abstract:NAME", a name of this gate's own.
  std::string inner_address() const;
  // Relays until Stop, and after it until gRPC (shut down first) has closed every connection,
  // their last bytes relayed (GateOptions::stop_grace at most). For a thread of its own.
  void Run();
  // Stops taking connections and ends Run as above; from any thread.
  void Stop();
  GateCounts counts() const;

 private:
  struct Link;
  struct End;
  class Loop;
  ConnectionGate() = default;

  GateOptions options_;
  std::string name_;  // the inner socket's abstract name
  int port_ = 0;
  int wake_ = -1;  // an eventfd: Stop's signal
  std::unique_ptr<Loop> loop_;
};

// The client's address in a gRPC peer string: a relayed connection's
// ("unix-abstract:GATE/ipv4:1.2.3.4:5") as "ipv4:1.2.3.4:5"; any other peer as it is.
std::string PeerName(const std::string& grpc_peer);

}  // namespace kibitzer::service
