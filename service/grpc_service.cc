#include "service/grpc_service.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/core/quote.h"
#include "service/auth.h"
#include "service/connection_gate.h"
#include "service/error_model.h"
#include "service/job_call.h"

namespace kibitzer::service {
namespace {

using Clock = std::chrono::steady_clock;

// For the log: what the call is about, cut and escaped.
std::string GameOf(const pb::PositionRef& ref) {
  return ref.has_position() ? core::Escape(ref.position().game(), 32)
                            : "id:" + core::Escape(ref.position_id(), 40);
}

// Streams one search's reports to its client. Lifetime: created by the handler, deleted in
// OnDone, which gRPC calls only after Finish; Finish is called only after the final report has
// been handled, and the engine sends nothing after the final report, so the engine never reaches
// a deleted stream.
class SearchStream final : public grpc::ServerWriteReactor<pb::SearchReport> {
 public:
  template <typename Request>
  SearchStream(EngineApi* api, const RequestLog* log, const CallerRules* rules,
               const std::atomic<bool>* shutting_down, grpc::CallbackServerContext* context,
               const Request& request, const char* method)
      : api_(api),
        log_(log),
        shutting_down_(shutting_down),
        context_(context),
        method_(method),
        peer_(context->peer()),  // read now: once the call has ended it is no longer known
        started_(Clock::now()) {
    detail_ = absl::StrCat("game=", GameOf(request.position()));
    auto sink = std::make_shared<Sink>(this);
    const absl::StatusOr<Caller> client = ClientOf(*context, rules);
    absl::StatusOr<std::string> id;
    if (!client.ok()) {
      id = client.status();
    } else if constexpr (std::is_same_v<Request, pb::AnalyzeRequest>) {
      id = api_->Analyze(request, sink, *client);
    } else if constexpr (std::is_same_v<Request, pb::ReviewRequest>) {
      id = api_->Review(request, sink, *client);
    } else {
      id = api_->BestMove(request, sink, *client);
    }
    if (!id.ok()) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        finished_ = true;
        status_ = ToGrpc(id.status());
      }
      Finish(status_);
      return;
    }
    bool cancelled;
    {
      std::lock_guard<std::mutex> lock(mu_);
      search_id_ = *id;
      cancelled = cancelled_;
    }
    if (cancelled) api_->Cancel(*id);  // the client left before the id was known
  }

  void OnWriteDone(bool ok) override {
    std::string cancel_id;
    {
      std::unique_lock<std::mutex> lock(mu_);
      writing_ = false;
      if (!ok && !broken_) {
        broken_ = true;
        cancel_id = search_id_;
      }
      Pump(lock);
    }
    if (!cancel_id.empty()) api_->Cancel(cancel_id);
  }

  void OnCancel() override {
    std::string id;
    {
      std::lock_guard<std::mutex> lock(mu_);
      cancelled_ = true;
      id = search_id_;
    }
    if (!id.empty()) api_->Cancel(id);
  }

  void OnDone() override {
    log_->Log(method_, peer_, status_, started_,
              absl::StrCat(detail_, " search=", search_id_, " reports=", reports_written_,
                           " stop=", pb::StopReason_Name(final_reason_)));
    delete this;
  }

 private:
  struct Sink final : ReportSink {
    explicit Sink(SearchStream* s) : stream(s) {}
    void OnReport(const pb::SearchReport& report) override { stream->Enqueue(report); }
    SearchStream* stream;
  };

  void Enqueue(const pb::SearchReport& report) {
    std::unique_lock<std::mutex> lock(mu_);
    if (report.final()) {
      final_ = report;
      final_reason_ = report.stop_reason();
      pending_.reset();  // the final report carries everything a progress report would
    } else {
      pending_ = report;
    }
    Pump(lock);
  }

  // Starts the next write or finishes the call. gRPC operations are started after the lock is
  // released, so a reaction that runs at once cannot deadlock on it.
  void Pump(std::unique_lock<std::mutex>& lock) {
    if (writing_ || finished_) return;
    if (broken_ || cancelled_) {
      // The client is gone: nothing more can be written; finish once the search has ended.
      if (!final_) return;
      finished_ = true;
      status_ = EndedStatus(*context_, shutting_down_->load());
      lock.unlock();
      Finish(status_);
      return;
    }
    if (final_written_) {
      finished_ = true;
      // A search that never started for want of a worker: the call says so too.
      status_ = final_reason_ == pb::STOP_REASON_QUEUE_TIME
                    ? grpc::Status(grpc::RESOURCE_EXHAUSTED, final_->message())
                    : grpc::Status::OK;
      lock.unlock();
      Finish(status_);
      return;
    }
    if (pending_) {
      in_flight_ = std::move(*pending_);
      pending_.reset();
    } else if (final_) {
      in_flight_ = *final_;
      final_written_ = true;
    } else {
      return;
    }
    writing_ = true;
    ++reports_written_;
    lock.unlock();
    StartWrite(&in_flight_);
  }

  EngineApi* api_;
  const RequestLog* log_;
  const std::atomic<bool>* shutting_down_;
  grpc::CallbackServerContext* context_;
  const char* method_;
  std::string peer_;
  Clock::time_point started_;
  std::string detail_;

  std::mutex mu_;
  std::string search_id_;
  std::optional<pb::SearchReport> pending_;
  std::optional<pb::SearchReport> final_;
  pb::SearchReport in_flight_;
  bool writing_ = false;
  bool final_written_ = false;
  bool finished_ = false;
  bool broken_ = false;
  bool cancelled_ = false;
  int64_t reports_written_ = 0;
  pb::StopReason final_reason_ = pb::STOP_REASON_UNSPECIFIED;
  grpc::Status status_;
};

}  // namespace

grpc::Status EndedStatus(const grpc::CallbackServerContext& context, bool shutting_down) {
  if (shutting_down) return grpc::Status(grpc::UNAVAILABLE, "the server is shutting down");
  if (context.deadline() <= std::chrono::system_clock::now()) {
    return grpc::Status(grpc::DEADLINE_EXCEEDED, "the call's deadline passed");
  }
  return grpc::Status(grpc::CANCELLED, "the client cancelled the call");
}

namespace {

template <typename Response>
grpc::ServerUnaryReactor* Answer(grpc::CallbackServerContext* context, const RequestLog* log,
                                 const char* method, Clock::time_point started,
                                 absl::StatusOr<Response> result, Response* response,
                                 const std::string& detail) {
  grpc::Status status = ToGrpc(result.status());
  if (result.ok()) *response = *std::move(result);
  log->Log(method, context->peer(), status, started, detail);
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(status);
  return reactor;
}

}  // namespace

grpc::Status ToGrpc(const absl::Status& status) {
  if (status.ok()) return grpc::Status::OK;
  std::string message =
      core::BoundMessage({status.message().data(), status.message().size()}, kMaxErrorBytes);
  const google::rpc::Status details = RpcStatusOf(status, message);
  if (details.details_size() == 0) {
    return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::move(message));
  }
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::move(message),
                      details.SerializeAsString());
}

namespace {

absl::string_view Value(const std::multimap<grpc::string_ref, grpc::string_ref>& metadata,
                        const char* key, bool* found) {
  const auto it = metadata.find(key);
  *found = it != metadata.end();
  return *found ? absl::string_view(it->second.data(), it->second.size()) : absl::string_view();
}

// The client the connection or the token names (before any session).
absl::StatusOr<Caller> Connected(const grpc::CallbackServerContext& context,
                                 const TokenAuth* tokens) {
  Caller caller;
  const std::shared_ptr<const grpc::AuthContext> auth = context.auth_context();
  if (tokens != nullptr) {
    bool found = false;
    absl::string_view value = Value(context.client_metadata(), "authorization", &found);
    const TokenClient* client = absl::ConsumePrefix(&value, "Bearer ")
                                    ? tokens->Find({value.data(), value.size()})
                                    : nullptr;
    if (client == nullptr) {  // TokenAuth lets no such call through; never serve one anyway
      return absl::UnauthenticatedError("metadata authorization: unknown token");
    }
    caller.client = "token:" + client->name;
    caller.max_queries = client->max_queries;
  } else if (auth && auth->IsPeerAuthenticated()) {
    // Mutual TLS: the name the client's certificate proves, if the certificate is one for a
    // client (not, say, a server's from the same CA).
    const std::vector<grpc::string_ref> pem = auth->FindPropertyValues("x509_pem_cert");
    if (pem.empty() || !AllowsClientAuth(std::string(pem[0].data(), pem[0].size()))) {
      return absl::UnauthenticatedError(
          "the client certificate: its extended key usage must include clientAuth");
    }
    const std::vector<grpc::string_ref> who = auth->GetPeerIdentity();
    caller.client = "tls:" + std::string(who[0].data(), who[0].size());
  } else {
    caller.client = "peer:" + PeerName(context.peer());
  }
  return caller;
}

bool IsSessionName(absl::string_view s) {
  return !s.empty() && s.size() <= 128 && std::all_of(s.begin(), s.end(), [](char c) {
    return absl::ascii_isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

}  // namespace

absl::StatusOr<Caller> ClientOf(const grpc::CallbackServerContext& context,
                                const CallerRules* rules) {
  constexpr size_t kLongestName = 128;
  absl::StatusOr<Caller> caller =
      Connected(context, rules != nullptr ? rules->tokens.get() : nullptr);
  if (!caller.ok()) return caller;
  const auto& metadata = context.client_metadata();
  bool door = false, session = false, named = false;
  const absl::string_view secret = Value(metadata, "kibitzer-front-door", &door);
  const absl::string_view session_name = Value(metadata, "kibitzer-session", &session);
  if (door && (rules == nullptr || rules->front_door == nullptr ||
               !rules->front_door->Opens({secret.data(), secret.size()}))) {
    return absl::UnauthenticatedError(
        "metadata kibitzer-front-door: not this server's front door secret");
  }
  if (session) {
    if (!door) {
      return absl::PermissionDeniedError(
          "metadata kibitzer-session: only a front door (kibitzer-front-door) may name a session");
    }
    if (!IsSessionName(session_name)) {
      return absl::InvalidArgumentError(
          "metadata kibitzer-session: give 1 to 128 letters, digits, '-', '_' or '.'");
    }
    // The session is the client wherever the front door connects from; under a token, the
    // token's user's session.
    const std::string prefix =
        absl::StartsWith(caller->client, "token:") ? caller->client + "/" : std::string();
    caller->client = absl::StrCat(prefix, "session:", session_name);
  }
  const absl::string_view name = Value(metadata, "kibitzer-client", &named);
  if (!named) return caller;
  caller->name.assign(name.data(), name.size());
  if (caller->name.empty() || caller->name.size() > kLongestName) {
    return absl::InvalidArgumentError(absl::StrCat("metadata kibitzer-client: give a name of 1 to ",
                                                   kLongestName, " bytes, not ",
                                                   caller->name.size()));
  }
  return caller;
}

grpc::ServerUnaryReactor* KibitzerService::GetEngineInfo(grpc::CallbackServerContext* context,
                                                         const pb::GetEngineInfoRequest*,
                                                         pb::EngineInfo* response) {
  const auto started = Clock::now();
  const absl::StatusOr<Caller> client = ClientOf(*context, rules_);
  return Answer(context, log_, "GetEngineInfo", started,
                client.ok() ? absl::StatusOr<pb::EngineInfo>(api_->GetEngineInfo())
                            : absl::StatusOr<pb::EngineInfo>(client.status()),
                response, "");
}

grpc::ServerUnaryReactor* KibitzerService::SetupPosition(grpc::CallbackServerContext* context,
                                                         const pb::SetupPositionRequest* request,
                                                         pb::SetupPositionResponse* response) {
  const auto started = Clock::now();
  const absl::StatusOr<Caller> client = ClientOf(*context, rules_);
  return Answer(context, log_, "SetupPosition", started,
                client.ok() ? api_->SetupPosition(*request, *client)
                            : absl::StatusOr<pb::SetupPositionResponse>(client.status()),
                response, absl::StrCat("game=", core::Escape(request->position().game(), 32)));
}

grpc::ServerUnaryReactor* KibitzerService::Deal(grpc::CallbackServerContext* context,
                                                const pb::DealRequest* request,
                                                pb::DealResponse* response) {
  // Sampling many layouts under a tight script takes a while: a job of the runner, as searches.
  return new JobCall<pb::DealResponse>(
      context, log_, rules_, "Deal",
      absl::StrCat("game=", GameOf(request->position()), " count=", request->count()), response,
      [api = api_, request](const Caller& caller, JobDone<pb::DealResponse> done) {
        return api->StartDeal(*request, caller, std::move(done));
      },
      [api = api_](const std::string& id) { api->Cancel(id); });
}

grpc::ServerUnaryReactor* KibitzerService::Stop(grpc::CallbackServerContext* context,
                                                const pb::StopRequest* request,
                                                pb::StopResponse* response) {
  const auto started = Clock::now();
  const absl::StatusOr<Caller> client = ClientOf(*context, rules_);
  return Answer(context, log_, "Stop", started,
                client.ok() ? api_->Stop(*request, *client)
                            : absl::StatusOr<pb::StopResponse>(client.status()),
                response, absl::StrCat("search=", core::Escape(request->search_id(), 40)));
}

grpc::ServerWriteReactor<pb::SearchReport>* KibitzerService::Analyze(
    grpc::CallbackServerContext* context, const pb::AnalyzeRequest* request) {
  return new SearchStream(api_, log_, rules_, &shutting_down_, context, *request, "Analyze");
}

grpc::ServerWriteReactor<pb::SearchReport>* KibitzerService::BestMove(
    grpc::CallbackServerContext* context, const pb::BestMoveRequest* request) {
  return new SearchStream(api_, log_, rules_, &shutting_down_, context, *request, "BestMove");
}

grpc::ServerWriteReactor<pb::SearchReport>* KibitzerService::Review(
    grpc::CallbackServerContext* context, const pb::ReviewRequest* request) {
  return new SearchStream(api_, log_, rules_, &shutting_down_, context, *request, "Review");
}

}  // namespace kibitzer::service
