// Starts kibitzerd as a child process on a free loopback port, for loopback tests.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace kibitzer::testing {

class ServerProcess {
 public:
  // Starts kibitzerd with `--listen=127.0.0.1:0` plus `flags`, and waits for its address line.
  explicit ServerProcess(const std::vector<std::string>& flags = {});
  // Sends SIGTERM (if still running) and waits.
  ~ServerProcess();

  const std::string& address() const { return address_; }
  bool started() const { return !address_.empty(); }
  pid_t pid() const { return pid_; }
  // The server's resident memory now and at its peak, in KiB (from /proc; 0 where unknown).
  long ResidentKiB() const;
  long PeakResidentKiB() const;
  // Sends SIGTERM and returns the exit status (as from waitpid's WEXITSTATUS; -1 if killed).
  int Terminate();

 private:
  pid_t pid_ = -1;
  std::string address_;
};

// A TCP connection to `port` on 127.0.0.1 that says nothing (the caller closes it); -1 on
// failure.
int LoopbackConnection(int port);

}  // namespace kibitzer::testing
