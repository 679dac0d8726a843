#include "service/bridge_api.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "engine/games/bridge/batch_jobs.h"
#include "service/convert_bridge.h"
#include "service/job_sink.h"
#include "service/validate.h"
#include "service/validate_bridge.h"

namespace kibitzer::service {
template <typename Response, typename Answer>
absl::StatusOr<std::string> BridgeApi::Submit(std::unique_ptr<core::SearchTask> job,
                                              std::shared_ptr<Answer> answer,
                                              std::function<absl::StatusOr<Response>(Answer&)> make,
                                              Done<Response> done, const Caller& caller) {
  auto sink = std::make_shared<JobSink<Response, Answer>>(std::move(answer), std::move(make),
                                                          std::move(done));
  return engine_->SubmitJob(std::move(job), std::move(sink), caller);
}

absl::StatusOr<std::string> BridgeApi::StartSolveTables(const pb::SolveTablesRequest& request,
                                                        const Caller& caller,
                                                        Done<pb::SolveTablesResponse> done) {
  absl::StatusOr<TablesInput> input = ParseTablesRequest(request, engine_->options());
  if (!input.ok()) return input.status();
  auto tables = std::make_shared<std::vector<bridge::DdTable>>();
  auto job = bridge::TablesJob(input->deals, engine_->options().threads, tables);
  return Submit<pb::SolveTablesResponse, std::vector<bridge::DdTable>>(
      std::move(job), tables,
      [input = *std::move(input)](std::vector<bridge::DdTable>& answer) {
        return absl::StatusOr<pb::SolveTablesResponse>(
            ToProto(input.deals, input.dealers, input.vulnerabilities, answer));
      },
      std::move(done), caller);
}

absl::StatusOr<std::string> BridgeApi::StartSolveBoards(const pb::SolveBoardsRequest& request,
                                                        const Caller& caller,
                                                        Done<pb::SolveBoardsResponse> done) {
  absl::StatusOr<std::vector<bridge::PlayPosition>> positions =
      ParseBoardsRequest(request, engine_->options(), game_);
  if (!positions.ok()) return positions.status();
  auto boards = std::make_shared<std::vector<bridge::CardValues>>();
  auto job = bridge::BoardsJob(*std::move(positions), engine_->options().threads, boards);
  return Submit<pb::SolveBoardsResponse, std::vector<bridge::CardValues>>(
      std::move(job), boards,
      [](std::vector<bridge::CardValues>& answer) {
        return absl::StatusOr<pb::SolveBoardsResponse>(ToProto(std::move(answer)));
      },
      std::move(done), caller);
}

absl::StatusOr<std::string> BridgeApi::StartAnalyzePlay(const pb::AnalyzePlayRequest& request,
                                                        const Caller& caller,
                                                        Done<pb::AnalyzePlayResponse> done) {
  absl::StatusOr<bridge::GameRecord> record = ParsePlayRequest(request, engine_->options());
  if (!record.ok()) return record.status();
  auto analysis = std::make_shared<absl::StatusOr<bridge::PlayAnalysis>>();
  const int table_mb = std::max(1, std::min(engine_->options().max_hash_mb, 64));
  auto job = bridge::PlayJob(*std::move(record), table_mb, analysis);
  return Submit<pb::AnalyzePlayResponse, absl::StatusOr<bridge::PlayAnalysis>>(
      std::move(job), analysis,
      [](absl::StatusOr<bridge::PlayAnalysis>& answer) -> absl::StatusOr<pb::AnalyzePlayResponse> {
        if (!answer.ok()) return answer.status();
        return ToProto(*answer);
      },
      std::move(done), caller);
}

template <typename Response>
absl::StatusOr<Response> BridgeApi::Wait(const Start<Response>& start, core::StopToken* stop) {
  return AwaitJob<Response>(start, stop, [this](const std::string& id, core::StopReason reason) {
    engine_->Cancel(id, reason);
  });
}

absl::StatusOr<pb::SolveTablesResponse> BridgeApi::SolveTables(
    const pb::SolveTablesRequest& request, core::StopToken* stop, const Caller& caller) {
  return Wait<pb::SolveTablesResponse>(
      [&](Done<pb::SolveTablesResponse> done) {
        return StartSolveTables(request, caller, std::move(done));
      },
      stop);
}

absl::StatusOr<pb::SolveBoardsResponse> BridgeApi::SolveBoards(
    const pb::SolveBoardsRequest& request, core::StopToken* stop, const Caller& caller) {
  return Wait<pb::SolveBoardsResponse>(
      [&](Done<pb::SolveBoardsResponse> done) {
        return StartSolveBoards(request, caller, std::move(done));
      },
      stop);
}

absl::StatusOr<pb::AnalyzePlayResponse> BridgeApi::AnalyzePlay(
    const pb::AnalyzePlayRequest& request, core::StopToken* stop, const Caller& caller) {
  return Wait<pb::AnalyzePlayResponse>(
      [&](Done<pb::AnalyzePlayResponse> done) {
        return StartAnalyzePlay(request, caller, std::move(done));
      },
      stop);
}

}  // namespace kibitzer::service
