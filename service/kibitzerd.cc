// kibitzerd: the kibitzer analysis server.
//
// Serves the kibitzer.v1.Kibitzer service, the standard gRPC health service and server
// reflection. SIGINT or SIGTERM drain it: health reports NOT_SERVING, new calls are refused,
// running calls get --drain-timeout to finish; then the searches still running are stopped, their
// streams get their final report, and the server waits (at most --shutdown-grace) for them.
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "engine/core/memory_budget.h"
#include "engine/core/thread_pool.h"
#include "grpc/compression.h"
#include "grpc/health/v1/health.pb.h"
#include "grpcpp/ext/proto_server_reflection_plugin.h"
#include "grpcpp/grpcpp.h"
#include "grpcpp/health_check_service_interface.h"
#include "service/auth.h"
#include "service/connection_gate.h"
#include "service/engine_api.h"
#include "service/flag_names.h"
#include "service/grpc_bridge.h"
#include "service/grpc_service.h"
#include "service/listener_watch.h"
#include "service/request_log.h"
#include "service/unparsed_request.h"

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
ABSL_FLAG(absl::Duration, max_queue_time, absl::Seconds(30),
          "Longest a search waits for a worker without starting; then it ends "
          "(STOP_REASON_QUEUE_TIME) and the call gets RESOURCE_EXHAUSTED.");
ABSL_FLAG(int, max_memory_mb, 0,
          "Memory all searches' tables may take together, in MiB; a search whose tables do not "
          "fit is refused at once with RESOURCE_EXHAUSTED (0: half the machine's memory).");
ABSL_FLAG(int, max_response_bytes, (4 << 20) - (64 << 10),
          "Largest answer of a unary call (a Deal of more layouts is refused, naming the count).");
ABSL_FLAG(absl::Duration, max_connection_idle, absl::Minutes(5),
          "A connection with no call for this long is closed.");
ABSL_FLAG(absl::Duration, max_connection_age, absl::Hours(1),
          "A connection is closed (after a grace for its calls) once this old; clients reconnect.");
ABSL_FLAG(absl::Duration, handshake_timeout, absl::Seconds(10),
          "A connection that has not begun HTTP/2 (and TLS) within this long is closed, so that "
          "idle TCP connections cannot pile up toward the file limit.");
ABSL_FLAG(int, max_open_files, 0,
          "File descriptors the server may hold (0: as many as the hard limit allows). Should a "
          "flood of connections use them all, gRPC's listener stops for good; kibitzerd then "
          "listens anew on the same port once descriptors are free again.");
ABSL_FLAG(int, max_connections, 1000,
          "Connections open at once: kibitzerd accepts them itself and relays each to gRPC (TLS "
          "runs end to end through it); past this a new one is closed at once, so that its client "
          "fails fast and may go elsewhere. Lowered to what the file limit allows (three "
          "descriptors a connection). 0: gRPC accepts connections itself, with no cap.");
ABSL_FLAG(int, max_connections_per_address, 0,
          "Of --max-connections, how many one client address (IP) may have open (0: no limit of "
          "its own). Mind proxies: all of a balancer's connections come from its address.");
ABSL_FLAG(absl::Duration, keepalive, absl::Minutes(1),
          "Pings a quiet connection this often and closes it when no answer comes in 20 s.");
ABSL_FLAG(std::string, tls_cert, "", "TLS: the server's certificate chain (PEM).");
ABSL_FLAG(std::string, tls_key, "", "TLS: the server's private key (PEM).");
ABSL_FLAG(std::string, tls_client_ca, "",
          "Mutual TLS: clients must present a certificate signed by this CA (PEM); a client is "
          "then the name its certificate proves.");
ABSL_FLAG(std::string, auth_tokens, "",
          "A file of bearer tokens, a client a line: NAME TOKEN [max-queries=N]; every call must "
          "then send `authorization: Bearer TOKEN`, except the health service's (probes send "
          "none). Needs TLS off loopback.");
ABSL_FLAG(bool, reflection_without_token, false,
          "With --auth-tokens: server reflection answers without a token too (the schema is "
          "public in the repository anyway).");
ABSL_FLAG(std::string, front_door_secret, "",
          "A file holding the web gateway's secret (one line, 16 to 256 printable characters): a "
          "call bringing it (metadata kibitzer-front-door) may name the browser session it is "
          "for (kibitzer-session), and each session is a client of its own. Needs TLS off "
          "loopback.");
ABSL_FLAG(absl::Duration, shutdown_grace, absl::Seconds(5),
          "How long shutdown waits for calls to finish.");
ABSL_FLAG(absl::Duration, drain_timeout, absl::Seconds(30),
          "On SIGTERM the server drains: health reports NOT_SERVING at once, connections are told "
          "to go away and new calls are refused (a balancer or client sends them elsewhere), and "
          "running calls get this long to finish; then their searches are stopped (each stream "
          "ends with its final report, SHUTDOWN) and the server exits. 0: stop them at once. A "
          "second SIGTERM or SIGINT ends the drain.");
ABSL_FLAG(absl::Duration, drain_delay, absl::ZeroDuration(),
          "On SIGTERM, how long health reports NOT_SERVING while calls are still taken, before the "
          "drain refuses new ones: time for a balancer that polls health to stop sending here.");
ABSL_FLAG(std::string, replica, "",
          "This replica's name (letters, digits and '-', at most 63, a Kubernetes pod's name): "
          "search and position ids "
          "then start s-NAME- and p-NAME-, so that a balancer can route a Stop to the replica "
          "running the search (deploy/nginx).");
ABSL_FLAG(bool, log_requests, true, "Log one line per request on stderr.");
ABSL_FLAG(std::string, lexicon_dir, kibitzer::analysis::GameSettings::DefaultLexiconDir(),
          "Scrabble's lexica: every NAME.kwg file of this directory (kibitz lexicon build).");

namespace {

using kibitzer::service::ApiOptions;

std::chrono::milliseconds ToMillis(absl::Duration d) {
  return std::chrono::milliseconds(absl::ToInt64Milliseconds(d));
}

// gRPC's Unix socket addresses (unix:PATH, unix-abstract:NAME), as against HOST:PORT.
bool IsUnixAddress(const std::string& address) {
  return address.rfind("unix:", 0) == 0 || address.rfind("unix-abstract:", 0) == 0;
}

size_t PhysicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? size_t(pages) * size_t(page) : size_t{4} << 30;
}

// Sets the soft limit on open files to the hard limit, or to `wanted` when that is lower (and
// positive); returns the limit in force.
rlim_t SetFileLimit(int wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
  rlimit set = limit;
  set.rlim_cur = limit.rlim_max;
  if (wanted > 0 && static_cast<rlim_t>(wanted) < set.rlim_cur) set.rlim_cur = wanted;
  if (set.rlim_cur != limit.rlim_cur && setrlimit(RLIMIT_NOFILE, &set) == 0) return set.rlim_cur;
  return limit.rlim_cur;
}

// One gRPC server over the engine: kibitzerd starts one, and another on the same port should the
// first one's listener die (listener_watch.h). The services outlive the servers (threads a call
// started may still read them).
struct Instance {
  kibitzer::service::KibitzerService* service = nullptr;
  std::unique_ptr<grpc::Server> server;
};

// The engine's options from the flags; nullopt (said on stderr) when one is out of range.
std::optional<ApiOptions> OptionsFromFlags() {
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
  options.max_queue_time = ToMillis(absl::GetFlag(FLAGS_max_queue_time));
  options.max_response_bytes = absl::GetFlag(FLAGS_max_response_bytes);
  options.lexicon_dir = absl::GetFlag(FLAGS_lexicon_dir);
  options.replica = absl::GetFlag(FLAGS_replica);
  if (options.replica.size() > 63 ||
      options.replica.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != std::string::npos) {
    std::fprintf(stderr, "kibitzerd: --replica: use at most 63 letters, digits and '-'\n");
    return std::nullopt;
  }
  if (options.max_queries < 1 || options.max_queries_per_client < 1 || options.max_positions < 1 ||
      options.max_hash_mb < 1 || options.max_notation_bytes < 1 || options.max_deal_count < 1 ||
      options.max_message_bytes < 1024 || options.position_ttl.count() <= 0 ||
      options.max_search_time.count() <= 0 || options.time_slice.count() < 0 ||
      options.max_queue_time.count() <= 0 || options.max_response_bytes < 1024 ||
      absl::GetFlag(FLAGS_max_memory_mb) < 0) {
    std::fprintf(stderr,
                 "kibitzerd: --max-queries, --max-queries-per-client, --max-positions, "
                 "--max-hash-mb, --max-notation-bytes "
                 "and --max-deal-count must be at least 1, --max-message-bytes and "
                 "--max-response-bytes at least 1024, --position-ttl, --max-search-time and "
                 "--max-queue-time positive, --time-slice and --max-memory-mb not negative\n");
    return std::nullopt;
  }
  if (absl::GetFlag(FLAGS_handshake_timeout) <= absl::ZeroDuration()) {
    std::fprintf(stderr, "kibitzerd: --handshake-timeout must be positive\n");
    return std::nullopt;
  }
  return options;
}

// The limits every connection of a server gets: message size, no compression, idle, dead and old
// connections closed, keepalive, streams.
void LimitConnections(grpc::ServerBuilder& builder, const ApiOptions& options) {
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  // Compressed requests are refused: a small compressed message can inflate to gigabytes
  // before its size is checked. Answers are not compressed either.
  builder.AddChannelArgument(GRPC_COMPRESSION_CHANNEL_ENABLED_ALGORITHMS_BITSET,
                             1 << GRPC_COMPRESS_NONE);
  // Idle, dead and old connections are closed, so that connections cannot pile up until the
  // process runs out of file descriptors.
  const auto ms = [](absl::Duration d) { return static_cast<int>(absl::ToInt64Milliseconds(d)); };
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_IDLE_MS,
                             ms(absl::GetFlag(FLAGS_max_connection_idle)));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_MS,
                             ms(absl::GetFlag(FLAGS_max_connection_age)));
  builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS,
                             ms(absl::GetFlag(FLAGS_max_search_time)) + 10'000);
  builder.AddChannelArgument(GRPC_ARG_SERVER_HANDSHAKE_TIMEOUT_MS,
                             ms(absl::GetFlag(FLAGS_handshake_timeout)));
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIME_MS, ms(absl::GetFlag(FLAGS_keepalive)));
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 20'000);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  // Clients may ping every 10 s (a client's keepalive), no more often.
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 10'000);
  builder.AddChannelArgument(GRPC_ARG_MAX_CONCURRENT_STREAMS, 2 * options.max_queries + 16);
}

// Draining after the signal `signal_number`: health says NOT_SERVING at once; after
// --drain-delay gRPC's shutdown sends every connection GOAWAY and refuses new calls (a client or
// balancer retries those elsewhere) while the running ones go on. A second signal ends the drain.
void Drain(std::vector<Instance>& instances, kibitzer::service::EngineApi& api,
           const sigset_t& signals, int signal_number) {
  const auto drain = absl::ToChronoMilliseconds(absl::GetFlag(FLAGS_drain_timeout));
  const auto grace = absl::ToChronoMilliseconds(absl::GetFlag(FLAGS_shutdown_grace));
  std::fprintf(stderr, "kibitzerd: %s received, draining (running calls get %lld ms)\n",
               signal_number == SIGINT ? "SIGINT" : "SIGTERM",
               static_cast<long long>(drain.count()));
  for (Instance& in : instances) in.server->GetHealthCheckService()->SetServingStatus(false);
  bool again = false;               // a second signal
  std::atomic<bool> closed{false};  // every call has ended
  const auto wait = [&](std::chrono::milliseconds span) {
    const auto until = std::chrono::steady_clock::now() + span;
    while (!again && !closed && std::chrono::steady_clock::now() < until) {
      const timespec poll{0, 20'000'000};
      if (sigtimedwait(&signals, nullptr, &poll) > 0) again = true;
    }
  };
  wait(absl::ToChronoMilliseconds(absl::GetFlag(FLAGS_drain_delay)));
  kibitzer::core::ThreadGroup closer;
  closer.Start([&] {
    const auto deadline = std::chrono::system_clock::now() + drain + grace;
    for (Instance& in : instances) in.server->Shutdown(deadline);
    closed = true;
  });
  wait(drain);
  // What still runs is stopped, so that every stream gets its final report within the grace
  // period, before gRPC's shutdown deadline cancels what is left.
  for (Instance& in : instances) in.service->BeginShutdown();
  api.Shutdown();
  closer.Join();
}

// The gRPC servers over one engine: the first on --listen, and another on the same port should
// the first one's listener die (listener_watch.h). The services outlive the servers (threads a
// call started may still read them): they are declared first, so destroyed last.
class Servers {
 public:
  Servers(kibitzer::service::EngineApi& api, kibitzer::service::BridgeApi& bridge_api,
          kibitzer::service::RequestLog& log, const kibitzer::service::ServerSecurity& security,
          const ApiOptions& options)
      : api_(api), bridge_api_(bridge_api), log_(log), security_(security), options_(options) {}

  // The first server, on `address`; false when it cannot listen there.
  bool Listen(const std::string& address) {
    instances_.push_back(Start(address, &port_));
    return instances_[0].server != nullptr && port_ != 0;
  }
  int port() const { return port_; }

  // Until `draining`: should the listener die (the process out of descriptors), a new one on the
  // same port once they are free again (keeping a reserve, so that the new one's first accepts do
  // not fail). For a thread of its own.
  void Revive(const std::string& listen, rlim_t files, const std::atomic<bool>& draining) {
    namespace svc = kibitzer::service;
    constexpr size_t kReserve = 64;
    const bool tcp = !IsUnixAddress(listen);
    const std::string address = listen.substr(0, listen.rfind(':') + 1) + std::to_string(port_);
    while (!draining) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (!tcp || !svc::ListenerDied()) continue;
      // Unreadable counts mean no descriptor is free (opening /proc/self/fd takes one).
      const std::optional<size_t> open = svc::OpenFiles();
      if (!open || *open + kReserve >= files) continue;
      const std::optional<std::vector<int>> dead = svc::ListeningSockets(port_);
      if (!dead) continue;
      svc::SetListenerDied(false);
      int bound = 0;
      Instance revived = Start(address, &bound);
      if (!revived.server || bound != port_) {
        revived.server.reset();  // before the services it was given
        services_.pop_back();
        bridges_.pop_back();
        svc::SetListenerDied(true);  // tried again on the next round
        continue;
      }
      for (const int fd : *dead) shutdown(fd, SHUT_RDWR);  // the kernel queues nothing there now
      std::fprintf(stderr,
                   "kibitzerd: the listener had run out of file descriptors; listening again on "
                   "%s\n",
                   address.c_str());
      std::lock_guard<std::mutex> lock(mu_);
      instances_.push_back(std::move(revived));
    }
  }

  // Every server started (once Revive's thread has ended).
  std::vector<Instance>& instances() { return instances_; }

 private:
  // A server of new services on `address` (its port in *port).
  Instance Start(const std::string& address, int* port) {
    services_.push_back(
        std::make_unique<kibitzer::service::KibitzerService>(&api_, &log_, &security_.rules));
    bridges_.push_back(
        std::make_unique<kibitzer::service::BridgeService>(&bridge_api_, &log_, &security_.rules));
    Instance in;
    in.service = services_.back().get();
    grpc::ServerBuilder builder;
    builder.AddListeningPort(address, security_.credentials, port);
    LimitConnections(builder, options_);
    // A second listener on the port (after the first died) needs SO_REUSEPORT, gRPC's default
    // on Linux; said here so that it holds.
    builder.AddChannelArgument(GRPC_ARG_ALLOW_REUSEPORT, 1);
    std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>>
        interceptors;
    interceptors.push_back(std::make_unique<kibitzer::service::UnparsedRequestFactory>(
        &log_, std::set<std::string>{"kibitzer.v1.Kibitzer", "kibitzer.v1.Bridge"}));
    builder.experimental().SetInterceptorCreators(std::move(interceptors));
    builder.RegisterService(services_.back().get());
    builder.RegisterService(bridges_.back().get());
    in.server = builder.BuildAndStart();
    return in;
  }

  kibitzer::service::EngineApi& api_;
  kibitzer::service::BridgeApi& bridge_api_;
  kibitzer::service::RequestLog& log_;
  const kibitzer::service::ServerSecurity& security_;
  const ApiOptions& options_;
  std::vector<std::unique_ptr<kibitzer::service::KibitzerService>> services_;
  std::vector<std::unique_ptr<kibitzer::service::BridgeService>> bridges_;
  std::mutex mu_;
  std::vector<Instance> instances_;
  int port_ = 0;
};

// Whether kibitzerd takes the connections itself (a TCP address and a cap).
bool Gated(const std::string& listen) {
  return absl::GetFlag(FLAGS_max_connections) != 0 && !IsUnixAddress(listen);
}

// The gate in front of gRPC for a TCP `listen` address (connection_gate.h), its cap lowered to
// what `files` descriptors allow; null (said on stderr when it failed) when there is none.
std::unique_ptr<kibitzer::service::ConnectionGate> OpenGate(const std::string& listen, rlim_t files,
                                                            bool* failed) {
  namespace svc = kibitzer::service;
  *failed = false;
  const int wanted = absl::GetFlag(FLAGS_max_connections);
  if (!Gated(listen)) return nullptr;
  // Each connection takes three descriptors (the client's, the relay's and gRPC's end of it);
  // the rest is kept for the server's own files and threads.
  const long reserve = std::min<long>(256, static_cast<long>(files) / 4);
  const long fits = std::max<long>(1, (static_cast<long>(files) - reserve) / 3);
  svc::GateOptions options{.max_connections = wanted,
                           .max_per_address = absl::GetFlag(FLAGS_max_connections_per_address)};
  if (wanted > 0 && wanted > fits) {
    std::fprintf(stderr,
                 "kibitzerd: warning: --max-connections lowered from %d to %ld, what %llu file "
                 "descriptors allow\n",
                 wanted, fits, static_cast<unsigned long long>(files));
    options.max_connections = static_cast<int>(fits);
  }
  absl::StatusOr<std::unique_ptr<svc::ConnectionGate>> gate =
      svc::ConnectionGate::Open(listen, options);
  if (!gate.ok()) {
    std::fprintf(stderr, "kibitzerd: %s\n", std::string(gate.status().message()).c_str());
    *failed = true;
    return nullptr;
  }
  return std::move(*gate);
}

int Run() {
  const std::optional<ApiOptions> given = OptionsFromFlags();
  if (!given.has_value()) return 2;
  const ApiOptions& options = *given;
  const int max_memory_mb = absl::GetFlag(FLAGS_max_memory_mb);
  const size_t memory_budget =
      max_memory_mb > 0 ? size_t(max_memory_mb) << 20 : PhysicalMemory() / 2;
  kibitzer::core::MemoryBudget::Process().SetLimit(memory_budget);
  const rlim_t files = SetFileLimit(absl::GetFlag(FLAGS_max_open_files));
  kibitzer::service::WatchListener();

  // Signals are taken by sigwait below; block them before any thread starts so none inherits them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  const std::string listen = absl::GetFlag(FLAGS_listen);
  absl::StatusOr<kibitzer::service::ServerSecurity> security =
      kibitzer::service::MakeServerSecurity(
          {.listen = listen,
           .tls_cert = absl::GetFlag(FLAGS_tls_cert),
           .tls_key = absl::GetFlag(FLAGS_tls_key),
           .tls_client_ca = absl::GetFlag(FLAGS_tls_client_ca),
           .auth_tokens = absl::GetFlag(FLAGS_auth_tokens),
           .open_reflection = absl::GetFlag(FLAGS_reflection_without_token),
           .front_door_secret = absl::GetFlag(FLAGS_front_door_secret),
           .relayed = Gated(listen)});
  if (!security.ok()) {
    std::fprintf(stderr, "kibitzerd: %s\n", std::string(security.status().message()).c_str());
    return 2;
  }
  for (const std::string& w : security->warnings) {
    std::fprintf(stderr, "kibitzerd: warning: %s\n", w.c_str());
  }
  kibitzer::service::EngineApi api(options);
  kibitzer::service::RequestLog log(absl::GetFlag(FLAGS_log_requests));
  kibitzer::service::BridgeApi bridge_api(&api);

  // Links the health service's schema into the descriptor pool that reflection reads.
  (void)grpc::health::v1::HealthCheckRequest::descriptor();
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  bool gate_failed = false;
  std::unique_ptr<kibitzer::service::ConnectionGate> gate = OpenGate(listen, files, &gate_failed);
  if (gate_failed) return 1;
  // With the gate gRPC listens on the gate's private socket (so no listener of its own can die).
  const std::string grpc_listen = gate ? gate->inner_address() : listen;
  Servers servers(api, bridge_api, log, *security, options);
  if (!servers.Listen(grpc_listen)) {
    std::fprintf(stderr, "kibitzerd: cannot listen on %s\n", listen.c_str());
    return 1;
  }
  const int port = gate ? gate->port() : servers.port();
  if (IsUnixAddress(listen)) {
    std::printf("kibitzerd listening on %s\n", listen.c_str());  // a socket path has no port
  } else {
    const std::string host = listen.substr(0, listen.rfind(':'));
    std::printf("kibitzerd listening on %s:%d\n", host.c_str(), port);
  }
  std::fflush(stdout);
  std::fprintf(
      stderr,
      "kibitzerd %s: %d worker threads, at most %d searches, %d per client, %zu MiB of "
      "tables, %llu file descriptors, %s\n",
      api.GetEngineInfo().version().c_str(), options.threads, options.max_queries,
      options.PerClientLimit(), memory_budget >> 20, static_cast<unsigned long long>(files),
      gate ? absl::StrCat("at most ", gate->options().max_connections, " connections").c_str()
           : "connections not capped");

  std::atomic<bool> draining{false};
  // Threads from the process's pool (engine/core/thread_pool.h), as every thread of kibitzer.
  kibitzer::core::ThreadGroup reviver;
  reviver.Start([&] { servers.Revive(grpc_listen, files, draining); });
  kibitzer::core::ThreadGroup relay;
  if (gate) relay.Start([&] { gate->Run(); });

  int signal_number = 0;
  sigwait(&signals, &signal_number);
  draining = true;
  reviver.Join();
  Drain(servers.instances(), api, signals, signal_number);
  if (gate) gate->Stop();
  relay.Join();
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
