// EngineApi: the whole engine behind the wire contract's messages, with no transport.
//
// The gRPC service is a thin layer over it, and the kibitz CLI runs it in-process, so both give
// identical answers. It checks every request (errors are INVALID_ARGUMENT or NOT_FOUND and name the
// field), resolves positions inline or by id, and runs searches on its QueryRunner.
// Thread-safety: every method may be called from any thread at once.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/analysis/game_registry.h"
#include "engine/analysis/query_runner.h"
#include "kibitzer/v1/kibitzer.pb.h"
#include "service/job_sink.h"
#include "service/position_store.h"

namespace kibitzer::service {

namespace pb = ::kibitzer::v1;

// The engine's version, as GetEngineInfo and `kibitz siu` give it.
inline constexpr char kEngineVersion[] = "0.1.0";

struct ApiOptions {
  int threads = 2;
  int max_queries = 16;
  // Of one client's (a connection's) at once: searches running or waiting, Deal calls, Bridge
  // calls; 0: max_queries.
  int max_queries_per_client = 8;
  // max_queries_per_client as it applies: at most max_queries, which 0 stands for.
  int PerClientLimit() const {
    return max_queries_per_client > 0 ? std::min(max_queries_per_client, max_queries) : max_queries;
  }
  int max_positions = 10000;
  std::chrono::milliseconds position_ttl{std::chrono::minutes(10)};
  int max_notation_bytes = 16 * 1024;
  int max_moves = 1024;
  std::chrono::milliseconds max_search_time{std::chrono::minutes(10)};
  int max_hash_mb = 512;
  int max_deal_count = 10000;
  int64_t max_samples = 10'000'000;
  int max_message_bytes = 4 * 1024 * 1024;
  // How long a search runs before another client's may take its worker (QueryRunner's turns in
  // time); 0: never.
  std::chrono::milliseconds time_slice{std::chrono::seconds(1)};
  // Longest a search waits for a worker without starting (then it ends, STOP_REASON_QUEUE_TIME).
  std::chrono::milliseconds max_queue_time{std::chrono::seconds(30)};
  // Largest answer of a unary call (Deal): a larger one is refused, naming what to ask for less.
  int max_response_bytes = 4 * 1024 * 1024 - 64 * 1024;
  // This replica's name ("" for none): search and position ids then start "s-NAME-" and
  // "p-NAME-", so that a balancer can send a Stop to the replica running the search.
  std::string replica = "";
  // Scrabble's lexica: every NAME.kwg file of this directory.
  std::string lexicon_dir = analysis::GameSettings::DefaultLexiconDir();
  // The runner's clock (tests inject one).
  std::function<std::chrono::steady_clock::time_point()> now = std::chrono::steady_clock::now;
};

// Who makes a call. `client` owns what the call makes (searches, held positions) and holds the
// per-client share of the limits: the server uses the connection, or the identity a token proves.
// `name` (the kibitzer-client metadata) divides that client's turns among its parts and never adds
// to its share or reaches another client's.
struct Caller {
  Caller(std::string c = "", std::string n = "") : client(std::move(c)), name(std::move(n)) {}
  Caller(const char* c) : client(c) {}  // NOLINT: a client by its name alone
  std::string client;
  std::string name;
  int max_queries = 0;  // the client's own per-client limit (its token's), 0: the server's
};

// Receives the reports of one search: the opening report (sequence 0, with the search id), any
// number of progress reports, then exactly one final report. Called from worker threads; must not
// block.
class ReportSink {
 public:
  virtual ~ReportSink() = default;
  virtual void OnReport(const pb::SearchReport& report) = 0;
};

class EngineApi {
 public:
  explicit EngineApi(ApiOptions options);
  ~EngineApi();

  pb::EngineInfo GetEngineInfo() const;
  absl::StatusOr<pb::SetupPositionResponse> SetupPosition(const pb::SetupPositionRequest& request,
                                                          const Caller& caller = {});
  // Checks a Deal and admits it to the runner as a job (the searches' limits, turns and
  // threads); `done` gets the layouts or why there are none, once, from a runner thread (or from
  // Cancel). Returns the job's id, or why it was refused (then `done` is not called). A position
  // id is found only for the caller's client that set it up (else NOT_FOUND).
  absl::StatusOr<std::string> StartDeal(const pb::DealRequest& request, const Caller& caller,
                                        JobDone<pb::DealResponse> done);
  // The same, blocking until the answer; `stop` (optional) ends it early with its reason's status
  // (CANCELLED, UNAVAILABLE at shutdown).
  absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest& request,
                                        core::StopToken* stop = nullptr, const Caller& caller = {});
  // Checks and admits a search; reports then flow to `sink`. Returns the search id.
  absl::StatusOr<std::string> Analyze(const pb::AnalyzeRequest& request,
                                      std::shared_ptr<ReportSink> sink, const Caller& caller = {});
  absl::StatusOr<std::string> BestMove(const pb::BestMoveRequest& request,
                                       std::shared_ptr<ReportSink> sink, const Caller& caller = {});
  // Checks and admits a review of a played game (a search for the runner, stopped like one).
  absl::StatusOr<std::string> Review(const pb::ReviewRequest& request,
                                     std::shared_ptr<ReportSink> sink, const Caller& caller = {});
  // Stops a search of the caller's client; another client's is NOT_FOUND, as an unknown one.
  absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest& request, const Caller& caller = {});
  // Stops a search for a reason other than a Stop call (client cancelled, deadline); no error
  // when it has already ended.
  void Cancel(const std::string& search_id, core::StopReason reason = core::StopReason::kCancelled);
  // Admits a job other than a search (Deal, the Bridge service's calls) to the same runner: the
  // same limits, turns, memory budget and threads; `sink` gets its final report. Returns its id.
  absl::StatusOr<std::string> SubmitJob(std::unique_ptr<core::SearchTask> job,
                                        std::shared_ptr<core::ProgressSink> sink,
                                        const Caller& caller);
  // Stops every search and job (streams get a final report with STOP_REASON_SHUTDOWN), and
  // waits; later calls are refused.
  void Shutdown();

  const ApiOptions& options() const { return options_; }

 private:
  // The request's position and search spec (limits as asked), checked.
  template <typename Request>
  absl::StatusOr<std::pair<HeldPosition, core::SearchSpec>> CheckSearch(const Request& request,
                                                                        core::SearchMode mode,
                                                                        const Caller& caller);
  // Prepares a task and admits it to the runner, its reports to `sink`; returns its id.
  absl::StatusOr<std::string> Admit(
      const std::function<absl::StatusOr<std::unique_ptr<core::SearchTask>>()>& prepare,
      const core::Limits& limits, int priority, int progress_interval_ms,
      std::shared_ptr<ReportSink> sink, const Caller& caller);
  template <typename Request>
  absl::StatusOr<std::string> StartSearch(const Request& request, core::SearchMode mode,
                                          std::shared_ptr<ReportSink> sink, const Caller& caller);
  absl::StatusOr<HeldPosition> Resolve(const pb::PositionRef& ref, const std::string& field,
                                       const Caller& caller);
  absl::StatusOr<HeldPosition> SetupInline(const pb::Position& position, const std::string& field);

  ApiOptions options_;
  analysis::GameRegistry registry_;
  PositionStore positions_;
  analysis::QueryRunner runner_;
};

}  // namespace kibitzer::service
