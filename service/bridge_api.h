// BridgeApi: the Bridge service's calls (tables and par, card values of many positions, play
// analysis) behind the wire messages, with no transport. A call is checked and parsed here
// (validate.h), then runs as a job of the EngineApi's query runner (bridge/batch_jobs.h): the same
// admission, per-client limits and turns, memory budget and threads as every search, and no thread
// of its own. kibitz runs the blocking forms in-process; the gRPC Bridge service starts a job and
// answers when it ends.
#pragma once

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "engine/core/search_control.h"
#include "engine/games/bridge/bridge_game.h"
#include "service/engine_api.h"

namespace kibitzer::service {

class BridgeApi {
 public:
  template <typename Response>
  using Done = std::function<void(absl::StatusOr<Response>)>;

  // `engine` must outlive this object; its runner runs the jobs.
  explicit BridgeApi(EngineApi* engine) : engine_(engine) {}

  // Checks the request and admits its job; `done` gets the answer or why there is none, once,
  // from a runner thread (or from Cancel). Returns the job's id (for Cancel), or why it was
  // refused (then `done` is not called).
  absl::StatusOr<std::string> StartSolveTables(const pb::SolveTablesRequest& request,
                                               const Caller& caller,
                                               Done<pb::SolveTablesResponse> done);
  absl::StatusOr<std::string> StartSolveBoards(const pb::SolveBoardsRequest& request,
                                               const Caller& caller,
                                               Done<pb::SolveBoardsResponse> done);
  absl::StatusOr<std::string> StartAnalyzePlay(const pb::AnalyzePlayRequest& request,
                                               const Caller& caller,
                                               Done<pb::AnalyzePlayResponse> done);
  // Stops a job (the client went away); nothing when it has ended.
  void Cancel(const std::string& id) { engine_->Cancel(id); }

  // The same, blocking until the answer; `stop` (optional) cancels the job once stopped.
  absl::StatusOr<pb::SolveTablesResponse> SolveTables(const pb::SolveTablesRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});
  absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(const pb::SolveBoardsRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});
  absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(const pb::AnalyzePlayRequest& request,
                                                      core::StopToken* stop = nullptr,
                                                      const Caller& caller = {});

 private:
  template <typename Response>
  using Start = std::function<absl::StatusOr<std::string>(Done<Response>)>;
  // Submits `job`, whose answer `make` turns into the response once the job completes.
  template <typename Response, typename Answer>
  absl::StatusOr<std::string> Submit(std::unique_ptr<core::SearchTask> job,
                                     std::shared_ptr<Answer> answer,
                                     std::function<absl::StatusOr<Response>(Answer&)> make,
                                     Done<Response> done, const Caller& caller);
  template <typename Response>
  absl::StatusOr<Response> Wait(const Start<Response>& start, core::StopToken* stop);

  EngineApi* engine_;
  bridge::BridgeGame game_;
};

}  // namespace kibitzer::service
