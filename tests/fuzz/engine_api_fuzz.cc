// libFuzzer target: the engine's entry points on requests a fuzzer builds. The first byte picks
// the call (SetupPosition, Deal, Analyze, BestMove, Stop, Review, SolveBoards), the rest is its
// request message (protobuf wire format). Searches are held to a few thousand nodes and
// milliseconds so that each input runs quickly; every search must end with exactly one final
// report.
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "google/protobuf/stubs/logging.h"
#include "service/bridge_api.h"
#include "service/engine_api.h"

namespace {

namespace pb = ::kibitzer::v1;
using kibitzer::service::ApiOptions;

ApiOptions Options() {
  ApiOptions o;
  o.threads = 2;
  o.max_deal_count = 4;
  o.max_samples = 8;
  o.max_hash_mb = 4;
  o.max_notation_bytes = 2048;
  o.max_search_time = std::chrono::milliseconds(200);
  return o;
}

// Invalid UTF-8 in a string field fails the parse; protobuf logs each such failure, which would
// drown the fuzzer's own output.
const bool kQuietProtobuf = [] {
  google::protobuf::SetLogHandler(
      [](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  return true;
}();

kibitzer::service::EngineApi& Api() {
  static auto* api = new kibitzer::service::EngineApi(Options());
  return *api;
}

kibitzer::service::BridgeApi& Bridge() {
  static auto* api = new kibitzer::service::BridgeApi(&Api());
  return *api;
}

class Finals final : public kibitzer::service::ReportSink {
 public:
  void OnReport(const pb::SearchReport& report) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (report.final()) ++finals_;
    cv_.notify_all();
  }
  int Wait() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return finals_ > 0; });
    return finals_;
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  int finals_ = 0;
};

template <typename Request>
void Search(Request& request, bool best) {
  pb::Limits* l = request.mutable_limits();
  if (l->nodes() <= 0 || l->nodes() > 20000) l->set_nodes(20000);
  if (l->time_ms() <= 0 || l->time_ms() > 50) l->set_time_ms(50);
  if (l->samples() < 0 || l->samples() > 4) l->set_samples(4);
  auto sink = std::make_shared<Finals>();
  absl::StatusOr<std::string> id;
  if constexpr (std::is_same_v<Request, pb::ReviewRequest>) {
    // A review searches each move of a record: a few milliseconds each.
    if (l->time_ms() > 5) l->set_time_ms(5);
    id = Api().Review(request, sink, "f");
  } else {
    if (best) {
      pb::BestMoveRequest b;  // the two messages share their fields
      b.ParseFromString(request.SerializeAsString());
      id = Api().BestMove(b, sink, "f");
    } else {
      id = Api().Analyze(request, sink, "f");
    }
  }
  if (!id.ok()) return;
  if (sink->Wait() != 1) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t which = data[0] % 7;
  const void* bytes = data + 1;
  const int n = static_cast<int>(size - 1);
  switch (which) {
    case 0: {
      pb::SetupPositionRequest r;
      if (r.ParseFromArray(bytes, n)) (void)Api().SetupPosition(r, "f");
      break;
    }
    case 1: {
      pb::DealRequest r;
      if (r.ParseFromArray(bytes, n)) (void)Api().Deal(r, nullptr, "f");
      break;
    }
    case 2:
    case 3: {
      pb::AnalyzeRequest r;
      if (r.ParseFromArray(bytes, n)) Search(r, which == 3);
      break;
    }
    case 4: {
      pb::StopRequest r;
      if (r.ParseFromArray(bytes, n)) (void)Api().Stop(r, "f");
      break;
    }
    case 5: {
      pb::ReviewRequest r;
      if (r.ParseFromArray(bytes, n)) Search(r, false);
      break;
    }
    default: {
      pb::SolveBoardsRequest r;
      if (r.ParseFromArray(bytes, n) && r.positions_size() <= 1) (void)Bridge().SolveBoards(r);
      break;
    }
  }
  return 0;
}
