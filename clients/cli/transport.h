// How kibitz reaches an engine: in-process (EngineApi in this process) or remote (a kibitzerd over
// gRPC). Both speak the wire contract's messages, so every command prints the same for both.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "kibitzer/v1/kibitzer.pb.h"

namespace kibitzer::cli {

namespace pb = ::kibitzer::v1;

class Transport {
 public:
  using OnReport = std::function<void(const pb::SearchReport&)>;

  virtual ~Transport() = default;
  virtual absl::StatusOr<pb::EngineInfo> GetEngineInfo() = 0;
  // The standard health service's answer for the whole server: true when SERVING.
  virtual absl::StatusOr<bool> Serving() = 0;
  virtual absl::StatusOr<pb::SetupPositionResponse> SetupPosition(
      const pb::SetupPositionRequest& request) = 0;
  virtual absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest& request) = 0;
  virtual absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest& request) = 0;
  // The Bridge service.
  virtual absl::StatusOr<pb::SolveTablesResponse> SolveTables(
      const pb::SolveTablesRequest& request) = 0;
  virtual absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(
      const pb::SolveBoardsRequest& request) = 0;
  virtual absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(
      const pb::AnalyzePlayRequest& request) = 0;
  // Runs an Analyze (or, with `best_move`, a BestMove) to its end, calling `on_report` for every
  // report, and returns the final one. When `*interrupt` becomes true the search is stopped and
  // its final report still returned.
  virtual absl::StatusOr<pb::SearchReport> Search(const pb::AnalyzeRequest& request, bool best_move,
                                                  const OnReport& on_report,
                                                  const std::atomic<bool>* interrupt) = 0;
  // Runs a Review to its end, as Search.
  virtual absl::StatusOr<pb::SearchReport> Review(const pb::ReviewRequest& request,
                                                  const OnReport& on_report,
                                                  const std::atomic<bool>* interrupt) = 0;
};

// An engine in this process, with default server options and `threads` workers.
// `lexicon_dir`: Scrabble's lexica (empty: the build's own).
std::unique_ptr<Transport> MakeInProcessTransport(int threads, const std::string& lexicon_dir = "");
struct RemoteOptions {
  std::string address;                    // host:port
  std::chrono::milliseconds deadline{0};  // of each call; zero: none
  std::string client;  // sent with every call as the metadata kibitzer-client (optional)
  // TLS: with a CA (PEM text), the server's certificate is checked against it; a client
  // certificate and key (PEM text) for mutual TLS; the name to expect in the server's certificate
  // (empty: the address's host).
  std::string tls_ca, tls_cert, tls_key, tls_server_name;
  std::string token;  // a bearer token sent with every call (optional)
};

// How many addresses a server address (HOST:PORT, dns:///HOST:PORT, ipv4:..., unix:...) stands
// for: the host's addresses as resolved now, at least 1.
int AddressesOf(const std::string& target);

// A kibitzerd reached over gRPC. Its connection is pinged every 20 s while calls run, so a dead
// or stopped server fails its calls (UNAVAILABLE) within half a minute.
std::unique_ptr<Transport> MakeRemoteTransport(const RemoteOptions& options);
// The options of the CLI's flags --tls-ca, --tls-cert, --tls-key and --token-file: the files read
// (errors name the flag), the token cut at its first line.
absl::Status ReadSecurityFiles(const std::string& tls_ca, const std::string& tls_cert,
                               const std::string& tls_key, const std::string& token_file,
                               RemoteOptions* options);

// The search fields of `request` as a BestMoveRequest (the two messages share their fields).
pb::BestMoveRequest ToBestMove(const pb::AnalyzeRequest& request);

}  // namespace kibitzer::cli
