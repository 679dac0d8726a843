#include "service/engine_api.h"

#include <mutex>
#include <optional>

#include "absl/strings/str_cat.h"
#include "engine/analysis/review.h"
#include "engine/core/memory_budget.h"
#include "engine/core/quote.h"
#include "service/convert.h"
#include "service/validate.h"

namespace kibitzer::service {
namespace {

// Turns engine reports into numbered wire reports for one search. Reports that arrive before the
// search id is known (the runner may start at once) wait: the newest progress report and the final
// one are kept and sent after the opening report.
class WireSink final : public core::ProgressSink {
 public:
  explicit WireSink(std::shared_ptr<ReportSink> out) : out_(std::move(out)) {}

  // The opening report: the search's id, with the unit, objective and target it will report in.
  void Open(const std::string& id, const core::ReportFrame& frame) {
    core::Report empty;
    empty.frame = frame;
    pb::SearchReport opening;
    FillReport(empty, &opening);
    std::lock_guard<std::mutex> lock(mu_);
    id_ = id;
    Send(opening);
    if (pending_progress_) Send(*pending_progress_);
    if (pending_final_) Send(*pending_final_);
    pending_progress_.reset();
    pending_final_.reset();
  }

  void OnProgress(const core::Report& report) override { Deliver(report); }
  void OnFinished(const core::Report& report) override { Deliver(report); }

 private:
  void Deliver(const core::Report& report) {
    pb::SearchReport wire;
    FillReport(report, &wire);
    std::lock_guard<std::mutex> lock(mu_);
    if (id_.empty()) {
      (report.final ? pending_final_ : pending_progress_) = std::move(wire);
      return;
    }
    Send(wire);
  }
  void Send(pb::SearchReport& wire) {
    wire.set_search_id(id_);
    wire.set_sequence(sequence_++);
    out_->OnReport(wire);
  }

  std::mutex mu_;
  std::shared_ptr<ReportSink> out_;
  std::string id_;
  int64_t sequence_ = 0;
  std::optional<pb::SearchReport> pending_progress_;
  std::optional<pb::SearchReport> pending_final_;
};

// "s-" or, on replica NAME, "s-NAME-".
std::string IdPrefix(const char* kind, const std::string& replica) {
  return replica.empty() ? kind : absl::StrCat(kind, replica, "-");
}

}  // namespace

EngineApi::EngineApi(ApiOptions options)
    : options_(options),
      positions_(options.max_positions, options.position_ttl, PositionStore::Clock::now,
                 IdPrefix("p-", options.replica)),
      runner_({.threads = options.threads,
               .max_queries = options.max_queries,
               .max_queries_per_client = options.PerClientLimit(),
               .time_slice = options.time_slice,
               .max_queue_time = options.max_queue_time,
               .now = options.now,
               .id_prefix = IdPrefix("s-", options.replica)}) {
  analysis::RegisterAllGames(registry_, {.lexicon_dir = options.lexicon_dir});
}

EngineApi::~EngineApi() { Shutdown(); }

void EngineApi::Shutdown() { runner_.Shutdown(); }

pb::EngineInfo EngineApi::GetEngineInfo() const {
  pb::EngineInfo info;
  info.set_name("kibitzer");
  info.set_version(kEngineVersion);
  for (const core::Game* g : registry_.games()) *info.add_games() = ToProto(g->Info());
  pb::ServerLimits* l = info.mutable_limits();
  l->set_max_queries(options_.max_queries);
  l->set_worker_threads(options_.threads);
  l->set_max_positions(options_.max_positions);
  l->set_position_ttl_seconds(
      std::chrono::duration_cast<std::chrono::seconds>(options_.position_ttl).count());
  l->set_max_notation_bytes(options_.max_notation_bytes);
  l->set_max_moves(options_.max_moves);
  l->set_max_search_time_ms(options_.max_search_time.count());
  l->set_max_hash_mb(options_.max_hash_mb);
  l->set_max_deal_count(options_.max_deal_count);
  l->set_max_samples(options_.max_samples);
  l->set_max_message_bytes(options_.max_message_bytes);
  l->set_max_queries_per_client(options_.PerClientLimit());
  l->set_time_slice_ms(options_.time_slice.count());
  l->set_max_queue_time_ms(options_.max_queue_time.count());
  l->set_max_memory_mb(static_cast<int64_t>(core::MemoryBudget::Process().limit() >> 20));
  l->set_max_response_bytes(options_.max_response_bytes);
  return info;
}

absl::StatusOr<HeldPosition> EngineApi::SetupInline(const pb::Position& position,
                                                    const std::string& field) {
  if (absl::Status s = ValidatePosition(position, options_, field); !s.ok()) return s;
  const core::Game* game = registry_.Find(position.game());
  if (game == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(field, ".game: unknown game ",
                                                   core::Quote(position.game()),
                                                   " (known: ", registry_.Names(), ")"));
  }
  auto given = std::make_shared<const core::PositionSpec>(FromProto(position));
  absl::StatusOr<std::unique_ptr<core::GameState>> state = game->Setup(*given);
  if (!state.ok()) {
    return absl::Status(state.status().code(), absl::StrCat(field, ".", state.status().message()));
  }
  return HeldPosition{game, std::shared_ptr<const core::GameState>(std::move(*state)),
                      std::move(given)};
}

absl::StatusOr<HeldPosition> EngineApi::Resolve(const pb::PositionRef& ref,
                                                const std::string& field, const Caller& caller) {
  switch (ref.source_case()) {
    case pb::PositionRef::kPositionId:
      if (absl::Status s = ValidateId(ref.position_id(), field + ".position_id"); !s.ok()) return s;
      return positions_.Get(ref.position_id(), field + ".position_id", caller.client);
    case pb::PositionRef::kPosition:
      return SetupInline(ref.position(), field + ".position");
    case pb::PositionRef::SOURCE_NOT_SET:
      break;
  }
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": required (a position_id or an inline position)"));
}

absl::StatusOr<pb::SetupPositionResponse> EngineApi::SetupPosition(
    const pb::SetupPositionRequest& request, const Caller& caller) {
  absl::StatusOr<HeldPosition> held = SetupInline(request.position(), "position");
  if (!held.ok()) return held.status();
  const core::GameState& state = *held->state;
  pb::SetupPositionResponse response;
  *response.mutable_position() = ToProto(state.Normalized(), held->game->Info().name);
  response.set_side_to_move(state.SideToMove());
  for (const auto& m : state.LegalMoves()) response.add_legal_moves(m);
  response.set_terminal(state.IsTerminal());
  response.set_outcome(state.Outcome());
  response.set_record(state.Record());
  const core::Knowledge k = state.GetKnowledge();
  for (const auto& s : k.known) response.mutable_knowledge()->add_known(s);
  for (const auto& s : k.hidden) response.mutable_knowledge()->add_hidden(s);
  response.mutable_knowledge()->set_hidden_cards(k.hidden_cards);
  FillTable(state.Table(), response.mutable_table());
  response.set_ttl_seconds(
      std::chrono::duration_cast<std::chrono::seconds>(options_.position_ttl).count());
  response.set_position_id(positions_.Put(*std::move(held), caller.client));
  return response;
}

namespace {

// A Deal as a runner job: the game samples on the runner's thread, stopping on its token.
class DealJob final : public core::SearchTask {
 public:
  DealJob(HeldPosition held, core::DealSpec spec,
          std::shared_ptr<absl::StatusOr<core::DealResult>> out)
      : held_(std::move(held)), spec_(std::move(spec)), out_(std::move(out)) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink&) override {
    spec_.stop = control.token();
    *out_ = held_.game->Deal(*held_.state, spec_);
    core::Report report;
    report.final = true;
    report.elapsed_seconds = control.ElapsedSeconds();
    report.stop_reason = control.stopped() ? control.reason() : core::StopReason::kCompleted;
    return report;
  }

 private:
  HeldPosition held_;
  core::DealSpec spec_;
  std::shared_ptr<absl::StatusOr<core::DealResult>> out_;
};

}  // namespace

absl::StatusOr<std::string> EngineApi::StartDeal(const pb::DealRequest& request,
                                                 const Caller& caller,
                                                 JobDone<pb::DealResponse> done) {
  if (absl::Status s = ValidateDeal(request, options_); !s.ok()) return s;
  absl::StatusOr<HeldPosition> held = Resolve(request.position(), "position", caller);
  if (!held.ok()) return held.status();
  core::DealSpec spec;
  spec.fixed.assign(request.fixed().begin(), request.fixed().end());
  spec.constraints = request.constraints();
  spec.count = request.count() == 0 ? 1 : request.count();
  spec.seed = request.seed();
  const std::string game = held->game->Info().name;
  const int count = spec.count;
  auto out = std::make_shared<absl::StatusOr<core::DealResult>>(absl::UnknownError("not dealt"));
  auto job = std::make_unique<DealJob>(*std::move(held), std::move(spec), out);
  const int max_bytes = options_.max_response_bytes;
  auto make = [game, count, max_bytes](
                  absl::StatusOr<core::DealResult>& result) -> absl::StatusOr<pb::DealResponse> {
    if (!result.ok()) return result.status();
    pb::DealResponse response;
    for (const auto& layout : result->layouts) *response.add_layouts() = ToProto(layout, game);
    response.set_rejected(result->rejected);
    response.set_exhaustive(result->exhaustive);
    // The answer must reach a client with the default receive limit: refuse rather than send it.
    const size_t bytes = response.ByteSizeLong();
    if (bytes > static_cast<size_t>(max_bytes)) {
      const size_t per_layout = bytes / std::max(1, response.layouts_size()) + 1;
      return absl::InvalidArgumentError(absl::StrCat(
          "count: ", count, " layouts answer ", bytes, " bytes, more than the server's ", max_bytes,
          "; ask for at most ", std::max<size_t>(1, max_bytes / per_layout), " in one call"));
    }
    return response;
  };
  auto sink = std::make_shared<JobSink<pb::DealResponse, absl::StatusOr<core::DealResult>>>(
      std::move(out), std::move(make), std::move(done));
  return SubmitJob(std::move(job), std::move(sink), caller);
}

absl::StatusOr<pb::DealResponse> EngineApi::Deal(const pb::DealRequest& request,
                                                 core::StopToken* stop, const Caller& caller) {
  if (stop != nullptr && stop->stopped()) return JobStatus(stop->reason(), "");
  return AwaitJob<pb::DealResponse>(
      [&](JobDone<pb::DealResponse> done) { return StartDeal(request, caller, std::move(done)); },
      stop, [this](const std::string& id, core::StopReason reason) { Cancel(id, reason); });
}

template <typename Request>
absl::StatusOr<std::pair<HeldPosition, core::SearchSpec>> EngineApi::CheckSearch(
    const Request& request, core::SearchMode mode, const Caller& caller) {
  const SearchFields fields{request.limits(),   request.progress_interval_ms(),
                            request.priority(), request.threads(),
                            request.hash_mb(),  request.options()};
  if (absl::Status s = ValidateSearch(fields, options_); !s.ok()) return s;
  absl::StatusOr<HeldPosition> held = Resolve(request.position(), "position", caller);
  if (!held.ok()) return held.status();
  core::SearchSpec spec;
  spec.mode = mode;
  spec.limits = FromProto(request.limits());
  spec.seed = request.seed();
  spec.threads = request.threads() == 0 ? 1 : request.threads();
  spec.hash_mb = request.hash_mb();
  spec.options.insert(request.options().begin(), request.options().end());
  return std::make_pair(*std::move(held), std::move(spec));
}

absl::StatusOr<std::string> EngineApi::Admit(
    const std::function<absl::StatusOr<std::unique_ptr<core::SearchTask>>()>& prepare,
    const core::Limits& limits, int priority, int progress_interval_ms,
    std::shared_ptr<ReportSink> sink, const Caller& caller) {
  absl::StatusOr<std::unique_ptr<core::SearchTask>> task = absl::InternalError("not prepared");
  try {
    task = prepare();
  } catch (const std::bad_alloc& e) {
    return absl::ResourceExhaustedError(absl::StrCat("memory: ", e.what()));
  }
  if (!task.ok()) return task.status();

  auto wire = std::make_shared<WireSink>(std::move(sink));
  const core::ReportFrame frame = core::FrameOf(**task, limits);
  analysis::QueryRunner::Submission submission;
  submission.task = *std::move(task);
  submission.limits = limits;
  submission.priority = priority;
  submission.progress_interval = std::chrono::milliseconds(progress_interval_ms);
  submission.sink = wire;
  submission.client = caller.client;
  submission.name = caller.name;
  submission.client_limit = caller.max_queries;
  absl::StatusOr<std::string> id = runner_.Submit(std::move(submission));
  if (!id.ok()) return id.status();
  wire->Open(*id, frame);
  return id;
}

template <typename Request>
absl::StatusOr<std::string> EngineApi::StartSearch(const Request& request, core::SearchMode mode,
                                                   std::shared_ptr<ReportSink> sink,
                                                   const Caller& caller) {
  auto checked = CheckSearch(request, mode, caller);
  if (!checked.ok()) return checked.status();
  // Named references, not a structured binding: clang 14 cannot capture a binding in a lambda.
  auto& held = checked->first;
  auto& spec = checked->second;
  // Every search ends by the server's ceiling at the latest.
  if (spec.limits.time.count() == 0) spec.limits.time = options_.max_search_time;
  spec.fixed.assign(request.fixed().begin(), request.fixed().end());
  return Admit([&] { return held.game->PrepareSearch(*held.state, spec); }, spec.limits,
               request.priority(), request.progress_interval_ms(), std::move(sink), caller);
}

absl::StatusOr<std::string> EngineApi::Analyze(const pb::AnalyzeRequest& request,
                                               std::shared_ptr<ReportSink> sink,
                                               const Caller& caller) {
  return StartSearch(request, core::SearchMode::kAnalyze, std::move(sink), caller);
}

absl::StatusOr<std::string> EngineApi::BestMove(const pb::BestMoveRequest& request,
                                                std::shared_ptr<ReportSink> sink,
                                                const Caller& caller) {
  return StartSearch(request, core::SearchMode::kBestMove, std::move(sink), caller);
}

absl::StatusOr<std::string> EngineApi::Review(const pb::ReviewRequest& request,
                                              std::shared_ptr<ReportSink> sink,
                                              const Caller& caller) {
  if (request.limits().candidate_moves_size() > 0) {
    return absl::InvalidArgumentError(
        "limits.candidate_moves: a review values every legal move at each point; leave it empty");
  }
  if (request.reviewed_seat().size() > 16) {
    return absl::InvalidArgumentError("reviewed_seat: at most 16 bytes (a seat's name)");
  }
  auto checked = CheckSearch(request, core::SearchMode::kAnalyze, caller);
  if (!checked.ok()) return checked.status();
  auto& held = checked->first;
  auto& search = checked->second;
  analysis::ReviewSpec spec;
  spec.seat = held.given->seat;
  spec.reviewed_seat = request.reviewed_seat();
  spec.from_move = request.from_move();
  spec.search = std::move(search);
  spec.progress_interval = std::chrono::milliseconds(request.progress_interval_ms());
  // The whole review ends by the server's ceiling; a move with no time of its own gets a share.
  core::Limits whole;
  whole.time = options_.max_search_time;
  return Admit(
      [&] {
        return analysis::PrepareReview(*held.game, *held.state, *held.given, spec,
                                       options_.max_search_time);
      },
      whole, request.priority(), request.progress_interval_ms(), std::move(sink), caller);
}

absl::StatusOr<pb::StopResponse> EngineApi::Stop(const pb::StopRequest& request,
                                                 const Caller& caller) {
  if (absl::Status s = ValidateId(request.search_id(), "search_id"); !s.ok()) return s;
  if (!runner_.Stop(request.search_id(), core::StopReason::kStopped, &caller.client)) {
    return absl::NotFoundError(absl::StrCat("search_id: no running search ",
                                            core::Quote(request.search_id()),
                                            " of this client (unknown or already finished)"));
  }
  pb::StopResponse response;
  response.set_stopped(true);
  return response;
}

void EngineApi::Cancel(const std::string& search_id, core::StopReason reason) {
  runner_.Stop(search_id, reason);
}

absl::StatusOr<std::string> EngineApi::SubmitJob(std::unique_ptr<core::SearchTask> job,
                                                 std::shared_ptr<core::ProgressSink> sink,
                                                 const Caller& caller) {
  analysis::QueryRunner::Submission submission;
  submission.task = std::move(job);
  submission.limits.time = options_.max_search_time;  // the server's ceiling
  submission.sink = std::move(sink);
  submission.client = caller.client;
  submission.name = caller.name;
  submission.client_limit = caller.max_queries;
  return runner_.Submit(std::move(submission));
}

}  // namespace kibitzer::service
