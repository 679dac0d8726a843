// gRPC 1.51's TCP listener stops accepting for good when accept4 fails with EMFILE (the process
// out of file descriptors): it logs "Failed accept4" and never waits on the socket again, so a
// client that opens as many connections as the file limit allows takes the server off the network
// even after they close. kibitzerd watches gRPC's log for that line and, once descriptors are
// free again, starts a listener anew on the same port (gRPC sets SO_REUSEPORT) and shuts the dead
// sockets down (kibitzerd.cc).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace kibitzer::service {

// Routes gRPC's log through kibitzer's (the same lines on stderr) and watches it for a dead
// listener. Call once, before the server starts.
void WatchListener();
// Whether a listener has died (set by gRPC's log line; cleared by the one who starts another).
bool ListenerDied();
void SetListenerDied(bool died);

// This process's listening TCP sockets on `port`, and its open file descriptors; nothing when
// /proc/self/fd cannot be read (as when the process is out of descriptors).
std::optional<std::vector<int>> ListeningSockets(int port);
std::optional<size_t> OpenFiles();

}  // namespace kibitzer::service
