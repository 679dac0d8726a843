// kibitzerd: the kibitzer analysis server.
//
// Serves the kibitzer.v1.Kibitzer service, the standard gRPC health service and server
// reflection. SIGINT or SIGTERM stop it gracefully: running searches are stopped, their streams
// get their final report, then the server waits (at most --shutdown-grace) for calls to finish.
#include <signal.h>

#include <cstdio>
#include <memory>
#include <string>
#include <thread>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/time/time.h"
#include "grpc/health/v1/health.pb.h"
#include "grpcpp/ext/proto_server_reflection_plugin.h"
#include "grpcpp/grpcpp.h"
#include "grpcpp/health_check_service_interface.h"
#include "service/engine_api.h"
#include "service/flag_names.h"
#include "service/grpc_bridge.h"
#include "service/grpc_service.h"
#include "service/request_log.h"

ABSL_FLAG(std::string, listen, "127.0.0.1:50051",
          "Address to listen on, host:port (port 0 picks a free port; the chosen address is "
          "printed on stdout).");
ABSL_FLAG(int, threads, 0, "Worker threads that run searches (0: one per core).");
ABSL_FLAG(int, max_queries, 16,
          "Searches running or waiting at once; past this, new ones get RESOURCE_EXHAUSTED.");
ABSL_FLAG(int, max_queries_per_client, 8,
          "Of one client's (one connection's) at once: searches running or waiting, Deal calls, "
          "Bridge calls; at most --max-queries.");
ABSL_FLAG(int, max_positions, 10000,
          "Positions held for SetupPosition ids (past this, the least recently used one of the "
          "client holding the most is dropped).");
ABSL_FLAG(absl::Duration, position_ttl, absl::Minutes(10),
          "How long a held position lives after its last use.");
ABSL_FLAG(absl::Duration, max_search_time, absl::Minutes(10),
          "Longest search; searches without a time limit stop here too.");
ABSL_FLAG(int, max_hash_mb, 512, "Largest transposition table one search may ask for, in MiB.");
ABSL_FLAG(int, max_notation_bytes, 16384, "Longest accepted position notation, in bytes.");
ABSL_FLAG(int, max_deal_count, 10000, "Most layouts one Deal call returns.");
ABSL_FLAG(int, max_message_bytes, 4 << 20, "Largest accepted request message, in bytes.");
ABSL_FLAG(absl::Duration, time_slice, absl::Seconds(1),
          "How long a search runs before another client's waiting one may take its worker (the "
          "first is paused until its client's turn comes again); 0: never.");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(5),
          "How long shutdown waits for calls to finish.");
ABSL_FLAG(bool, log_requests, true, "Log one line per request on stderr.");

namespace {

using kibitzer::service::ApiOptions;

std::chrono::milliseconds ToMillis(absl::Duration d) {
  return std::chrono::milliseconds(absl::ToInt64Milliseconds(d));
}

int Run() {
  ApiOptions options;
  const int threads = absl::GetFlag(FLAGS_threads);
  options.threads = threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
  options.max_queries = absl::GetFlag(FLAGS_max_queries);
  options.max_queries_per_client = absl::GetFlag(FLAGS_max_queries_per_client);
  options.max_positions = absl::GetFlag(FLAGS_max_positions);
  options.position_ttl = ToMillis(absl::GetFlag(FLAGS_position_ttl));
  options.max_search_time = ToMillis(absl::GetFlag(FLAGS_max_search_time));
  options.max_hash_mb = absl::GetFlag(FLAGS_max_hash_mb);
  options.max_notation_bytes = absl::GetFlag(FLAGS_max_notation_bytes);
  options.max_deal_count = absl::GetFlag(FLAGS_max_deal_count);
  options.max_message_bytes = absl::GetFlag(FLAGS_max_message_bytes);
  options.time_slice = ToMillis(absl::GetFlag(FLAGS_time_slice));
  if (options.max_queries < 1 || options.max_queries_per_client < 1 || options.max_positions < 1 ||
      options.max_hash_mb < 1 || options.max_notation_bytes < 1 || options.max_deal_count < 1 ||
      options.max_message_bytes < 1024 || options.position_ttl.count() <= 0 ||
      options.max_search_time.count() <= 0 || options.time_slice.count() < 0) {
    std::fprintf(stderr,
                 "kibitzerd: --max-queries, --max-queries-per-client, --max-positions, "
                 "--max-hash-mb, --max-notation-bytes "
                 "and --max-deal-count must be at least 1, --max-message-bytes at least 1024, "
                 "--position-ttl and --max-search-time positive, --time-slice not negative\n");
    return 2;
  }

  // Signals are taken by sigwait below; block them before any thread starts so none inherits them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  kibitzer::service::EngineApi api(options);
  kibitzer::service::RequestLog log(absl::GetFlag(FLAGS_log_requests));
  kibitzer::service::KibitzerService service(&api, &log);
  kibitzer::service::BridgeApi bridge_api(options);
  kibitzer::service::BridgeService bridge_service(&bridge_api, &log);

  // Links the health service's schema into the descriptor pool that reflection reads.
  (void)grpc::health::v1::HealthCheckRequest::descriptor();
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  int port = 0;
  const std::string listen = absl::GetFlag(FLAGS_listen);
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &port);
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  builder.RegisterService(&service);
  builder.RegisterService(&bridge_service);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    std::fprintf(stderr, "kibitzerd: cannot listen on %s\n", listen.c_str());
    return 1;
  }
  if (listen.rfind("unix:", 0) == 0 || listen.rfind("unix-abstract:", 0) == 0) {
    std::printf("kibitzerd listening on %s\n", listen.c_str());  // a socket path has no port
  } else {
    const std::string host = listen.substr(0, listen.rfind(':'));
    std::printf("kibitzerd listening on %s:%d\n", host.c_str(), port);
  }
  std::fflush(stdout);
  std::fprintf(stderr, "kibitzerd %s: %d worker threads, at most %d searches, %d per client\n",
               api.GetEngineInfo().version().c_str(), options.threads, options.max_queries,
               options.PerClientLimit());

  int signal_number = 0;
  sigwait(&signals, &signal_number);
  std::fprintf(stderr, "kibitzerd: %s received, shutting down\n",
               signal_number == SIGINT ? "SIGINT" : "SIGTERM");
  // Stop the searches first so every stream gets its final report, wait (within the grace
  // period) until those reports are written, then close. Waiting on our own streams rather than
  // on gRPC's drain means idle client connections do not hold the shutdown up.
  api.Shutdown();
  bridge_api.Shutdown();
  const auto grace = absl::ToChronoMilliseconds(absl::GetFlag(FLAGS_shutdown_grace));
  const auto give_up = std::chrono::steady_clock::now() + grace;
  while (service.active_streams() > 0 && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::milliseconds(100));
  std::fprintf(stderr, "kibitzerd: stopped\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "kibitzer analysis server.\nUsage: kibitzerd [--listen=127.0.0.1:50051] [--threads=N] "
      "[--max-queries=N] [--position-ttl=10m] ...\nFlags may be written with dashes or "
      "underscores.");
  kibitzer::service::NormalizeFlagNames(argc, argv);
  absl::ParseCommandLine(argc, argv);
  return Run();
}
