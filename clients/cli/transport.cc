#include "clients/cli/transport.h"

#include <netdb.h>
#include <sys/socket.h>

#include <condition_variable>
#include <deque>
#include <future>
#include <mutex>
#include <set>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "clients/cli/commands.h"
#include "engine/core/thread_pool.h"
#include "grpc/health/v1/health.pb.h"
#include "grpcpp/generic/generic_stub.h"
#include "grpcpp/grpcpp.h"
#include "grpcpp/security/credentials.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "service/bridge_api.h"
#include "service/engine_api.h"

namespace kibitzer::cli {
namespace {

constexpr auto kPollInterrupt = std::chrono::milliseconds(50);

// Reports handed from engine threads to the command's thread.
class QueueSink final : public service::ReportSink {
 public:
  void OnReport(const pb::SearchReport& report) override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(report);
    }
    cv_.notify_one();
  }
  // Waits up to `timeout` for the next report.
  bool Next(pb::SearchReport* out, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mu_);
    if (!cv_.wait_for(lock, timeout, [this] { return !queue_.empty(); })) return false;
    *out = std::move(queue_.front());
    queue_.pop_front();
    return true;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<pb::SearchReport> queue_;
};

class InProcessTransport final : public Transport {
 public:
  InProcessTransport(int threads, std::string lexicon_dir)
      : api_(MakeOptions(threads, std::move(lexicon_dir))), bridge_(&api_) {}

  absl::StatusOr<pb::EngineInfo> GetEngineInfo() override { return api_.GetEngineInfo(); }
  absl::StatusOr<bool> Serving() override { return true; }
  absl::StatusOr<pb::SetupPositionResponse> SetupPosition(
      const pb::SetupPositionRequest& request) override {
    return api_.SetupPosition(request);
  }
  absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest& request) override {
    return api_.Deal(request);
  }
  absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest& request) override {
    return api_.Stop(request);
  }
  absl::StatusOr<pb::SolveTablesResponse> SolveTables(
      const pb::SolveTablesRequest& request) override {
    return bridge_.SolveTables(request);
  }
  absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(
      const pb::SolveBoardsRequest& request) override {
    return bridge_.SolveBoards(request);
  }
  absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(
      const pb::AnalyzePlayRequest& request) override {
    return bridge_.AnalyzePlay(request);
  }
  absl::StatusOr<pb::SearchReport> Search(const pb::AnalyzeRequest& request, bool best_move,
                                          const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) override {
    return Stream(
        [&](std::shared_ptr<service::ReportSink> sink) {
          return best_move ? api_.BestMove(ToBestMove(request), sink) : api_.Analyze(request, sink);
        },
        on_report, interrupt);
  }
  absl::StatusOr<pb::SearchReport> Review(const pb::ReviewRequest& request,
                                          const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) override {
    return Stream(
        [&](std::shared_ptr<service::ReportSink> sink) { return api_.Review(request, sink); },
        on_report, interrupt);
  }

 private:
  // Starts a stream with `start` and reads it to its final report.
  template <typename Start>
  absl::StatusOr<pb::SearchReport> Stream(const Start& start, const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) {
    auto sink = std::make_shared<QueueSink>();
    absl::StatusOr<std::string> id = start(sink);
    if (!id.ok()) return id.status();
    bool stop_sent = false;
    for (;;) {
      pb::SearchReport report;
      if (!sink->Next(&report, kPollInterrupt)) {
        if (interrupt != nullptr && *interrupt && !stop_sent) {
          pb::StopRequest stop;
          stop.set_search_id(*id);
          (void)api_.Stop(stop);
          stop_sent = true;
        }
        continue;
      }
      on_report(report);
      if (report.final()) return report;
    }
  }

  static service::ApiOptions MakeOptions(int threads, std::string lexicon_dir) {
    service::ApiOptions options;
    if (!lexicon_dir.empty()) options.lexicon_dir = std::move(lexicon_dir);
    options.threads = std::max(1, threads);
    options.max_notation_bytes = 1 << 20;  // a local PBN file may be long
    return options;
  }
  service::EngineApi api_;
  service::BridgeApi bridge_;
};

absl::Status FromGrpc(const grpc::Status& status) {
  if (status.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()), status.error_message());
}

class RemoteTransport final : public Transport {
 public:
  explicit RemoteTransport(const RemoteOptions& o)
      : channel_(MakeChannel(o)),
        stub_(pb::Kibitzer::NewStub(channel_)),
        bridge_(pb::Bridge::NewStub(channel_)),
        deadline_(o.deadline),
        client_(o.client),
        token_(o.token) {}

  static std::shared_ptr<grpc::Channel> MakeChannel(const RemoteOptions& o) {
    grpc::ChannelArguments args;
    // A name with several addresses (dns:///NAME:PORT): calls go to each in turn.
    args.SetLoadBalancingPolicyName("round_robin");
    // A server that stops answering (dead, stopped, cut off) fails the calls on it.
    args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20'000);
    args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10'000);
    if (o.tls_ca.empty() && o.tls_cert.empty()) {
      return grpc::CreateCustomChannel(o.address, grpc::InsecureChannelCredentials(), args);
    }
    grpc::SslCredentialsOptions ssl;
    ssl.pem_root_certs = o.tls_ca;
    ssl.pem_cert_chain = o.tls_cert;
    ssl.pem_private_key = o.tls_key;
    if (!o.tls_server_name.empty()) {
      args.SetString(GRPC_SSL_TARGET_NAME_OVERRIDE_ARG, o.tls_server_name);
    }
    return grpc::CreateCustomChannel(o.address, grpc::SslCredentials(ssl), args);
  }

  absl::StatusOr<pb::SolveTablesResponse> SolveTables(
      const pb::SolveTablesRequest& request) override {
    return Call(bridge_.get(), request, &pb::Bridge::Stub::SolveTables);
  }
  absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(
      const pb::SolveBoardsRequest& request) override {
    return Call(bridge_.get(), request, &pb::Bridge::Stub::SolveBoards);
  }
  absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(
      const pb::AnalyzePlayRequest& request) override {
    return Call(bridge_.get(), request, &pb::Bridge::Stub::AnalyzePlay);
  }

  absl::StatusOr<pb::EngineInfo> GetEngineInfo() override {
    return Unary(pb::GetEngineInfoRequest(), &pb::Kibitzer::Stub::GetEngineInfo);
  }
  absl::StatusOr<bool> Serving() override {
    // grpc.health.v1.Health/Check by its schema's messages (the generated code has no stub).
    grpc::TemplatedGenericStub<grpc::health::v1::HealthCheckRequest,
                               grpc::health::v1::HealthCheckResponse>
        health(channel_);
    grpc::ClientContext context;
    Prepare(&context);
    grpc::health::v1::HealthCheckRequest request;
    grpc::health::v1::HealthCheckResponse response;
    std::promise<grpc::Status> done;
    health.UnaryCall(&context, "/grpc.health.v1.Health/Check", grpc::StubOptions(), &request,
                     &response, [&done](grpc::Status s) { done.set_value(std::move(s)); });
    const grpc::Status status = done.get_future().get();
    if (!status.ok()) return FromGrpc(status);
    return response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
  }
  absl::StatusOr<pb::SetupPositionResponse> SetupPosition(
      const pb::SetupPositionRequest& request) override {
    return Unary(request, &pb::Kibitzer::Stub::SetupPosition);
  }
  absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest& request) override {
    return Unary(request, &pb::Kibitzer::Stub::Deal, request.position().position_id());
  }
  absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest& request) override {
    return Unary(request, &pb::Kibitzer::Stub::Stop, request.search_id());
  }

  absl::StatusOr<pb::SearchReport> Search(const pb::AnalyzeRequest& request, bool best_move,
                                          const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) override {
    return Stream(
        request.position().position_id(),
        [&](grpc::ClientContext* context) {
          return best_move ? stub_->BestMove(context, ToBestMove(request))
                           : stub_->Analyze(context, request);
        },
        on_report, interrupt);
  }
  absl::StatusOr<pb::SearchReport> Review(const pb::ReviewRequest& request,
                                          const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) override {
    return Stream(
        request.position().position_id(),
        [&](grpc::ClientContext* context) { return stub_->Review(context, request); }, on_report,
        interrupt);
  }

 private:
  // Opens a stream with `open` and reads it to its final report.
  template <typename Open>
  absl::StatusOr<pb::SearchReport> Stream(const std::string& route, const Open& open,
                                          const OnReport& on_report,
                                          const std::atomic<bool>* interrupt) {
    grpc::ClientContext context;
    Prepare(&context, route);
    std::unique_ptr<grpc::ClientReader<pb::SearchReport>> reader = open(&context);
    // The reader blocks; a watcher turns an interrupt into a Stop call, after which the server
    // still sends the final report.
    std::mutex mu;
    std::string search_id;
    std::atomic<bool> done{false};
    core::ThreadGroup watcher;
    watcher.Start([&] {
      while (!done) {
        std::this_thread::sleep_for(kPollInterrupt);
        if (interrupt == nullptr || !*interrupt) continue;
        std::string id;
        {
          std::lock_guard<std::mutex> lock(mu);
          id = search_id;
        }
        if (id.empty()) continue;
        grpc::ClientContext stop_context;
        Prepare(&stop_context, id);
        pb::StopRequest stop;
        stop.set_search_id(id);
        pb::StopResponse ignored;
        (void)stub_->Stop(&stop_context, stop, &ignored);
        return;
      }
    });
    pb::SearchReport report;
    pb::SearchReport last;
    bool have_final = false;
    while (reader->Read(&report)) {
      {
        std::lock_guard<std::mutex> lock(mu);
        search_id = report.search_id();
      }
      on_report(report);
      if (report.final()) {
        last = report;
        have_final = true;
      }
    }
    done = true;
    watcher.Join();
    grpc::Status status = reader->Finish();
    if (!status.ok()) return FromGrpc(status);
    if (!have_final) return absl::InternalError("the stream ended without a final report");
    return last;
  }

  // The deadline and the client name, for every call; `route`: the id of the search or held
  // position the call is about, sent as kibitzer-route so that a balancer in front of replicas
  // (deploy/nginx) sends the call to the replica that has it.
  void Prepare(grpc::ClientContext* context, const std::string& route = "") const {
    if (deadline_.count() > 0) context->set_deadline(std::chrono::system_clock::now() + deadline_);
    if (!client_.empty()) context->AddMetadata("kibitzer-client", client_);
    if (!route.empty()) context->AddMetadata("kibitzer-route", route);
    // Sent as plain metadata: gRPC sends call credentials only over TLS, and a server on loopback
    // takes tokens without it.
    if (!token_.empty()) context->AddMetadata("authorization", "Bearer " + token_);
  }

  template <typename Request, typename Response>
  absl::StatusOr<Response> Unary(const Request& request,
                                 grpc::Status (pb::Kibitzer::Stub::*method)(grpc::ClientContext*,
                                                                            const Request&,
                                                                            Response*),
                                 const std::string& route = "") {
    return Call(stub_.get(), request, method, route);
  }

  template <typename Stub, typename Request, typename Response>
  absl::StatusOr<Response> Call(Stub* stub, const Request& request,
                                grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&,
                                                             Response*),
                                const std::string& route = "") {
    grpc::ClientContext context;
    Prepare(&context, route);
    Response response;
    grpc::Status status = (stub->*method)(&context, request, &response);
    if (!status.ok()) return FromGrpc(status);
    return response;
  }

  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
  std::unique_ptr<pb::Bridge::Stub> bridge_;
  std::chrono::milliseconds deadline_;
  std::string client_;
  std::string token_;
};

}  // namespace

pb::BestMoveRequest ToBestMove(const pb::AnalyzeRequest& request) {
  pb::BestMoveRequest out;
  *out.mutable_position() = request.position();
  *out.mutable_limits() = request.limits();
  out.set_progress_interval_ms(request.progress_interval_ms());
  out.set_priority(request.priority());
  out.set_seed(request.seed());
  out.set_threads(request.threads());
  out.set_hash_mb(request.hash_mb());
  *out.mutable_options() = request.options();
  *out.mutable_fixed() = request.fixed();
  return out;
}

std::unique_ptr<Transport> MakeInProcessTransport(int threads, const std::string& lexicon_dir) {
  return std::make_unique<InProcessTransport>(threads, lexicon_dir);
}

int AddressesOf(const std::string& target) {
  absl::string_view t = target;
  if (absl::StartsWith(t, "unix:") || absl::StartsWith(t, "ipv4:") ||
      absl::StartsWith(t, "ipv6:")) {
    return 1;
  }
  if (!absl::ConsumePrefix(&t, "dns:///")) absl::ConsumePrefix(&t, "dns:");
  const size_t colon = t.rfind(':');
  std::string host(colon == absl::string_view::npos ? t : t.substr(0, colon));
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), nullptr, &hints, &found) != 0) return 1;
  std::set<std::string> distinct;
  for (const addrinfo* a = found; a != nullptr; a = a->ai_next) {
    distinct.insert(std::string(reinterpret_cast<const char*>(a->ai_addr), a->ai_addrlen));
  }
  freeaddrinfo(found);
  return std::max<int>(1, static_cast<int>(distinct.size()));
}

std::unique_ptr<Transport> MakeRemoteTransport(const RemoteOptions& options) {
  return std::make_unique<RemoteTransport>(options);
}

absl::Status ReadSecurityFiles(const std::string& tls_ca, const std::string& tls_cert,
                               const std::string& tls_key, const std::string& token_file,
                               RemoteOptions* options) {
  auto read = [](const std::string& path, const char* flag, std::string* out) -> absl::Status {
    if (path.empty()) return absl::OkStatus();
    absl::StatusOr<std::string> text = ReadTextFile(path, flag);
    if (!text.ok()) return text.status();
    *out = *std::move(text);
    return absl::OkStatus();
  };
  if (tls_cert.empty() != tls_key.empty()) {
    return absl::InvalidArgumentError("--tls-cert and --tls-key: give both, or neither");
  }
  for (absl::Status s :
       {read(tls_ca, "tls-ca", &options->tls_ca), read(tls_cert, "tls-cert", &options->tls_cert),
        read(tls_key, "tls-key", &options->tls_key),
        read(token_file, "token-file", &options->token)}) {
    if (!s.ok()) return s;
  }
  options->token = options->token.substr(0, options->token.find_first_of("\r\n"));
  if (!token_file.empty() && options->token.empty()) {
    return absl::InvalidArgumentError("--token-file: the file's first line is empty");
  }
  return absl::OkStatus();
}

}  // namespace kibitzer::cli
