// kibitz's batches against fake servers: busy refusals wait without using the chunk's tries, a
// stuck or down server's chunks go elsewhere, and each server keeps its `in_flight` chunks busy.
#include "clients/cli/batch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace kibitzer::cli {
namespace {

// A transport the batch only passes back to the SendChunk: every call unimplemented.
class FakeServer final : public Transport {
 public:
  absl::StatusOr<pb::EngineInfo> GetEngineInfo() override { return No(); }
  absl::StatusOr<bool> Serving() override { return No(); }
  absl::StatusOr<pb::SetupPositionResponse> SetupPosition(
      const pb::SetupPositionRequest&) override {
    return No();
  }
  absl::StatusOr<pb::DealResponse> Deal(const pb::DealRequest&) override { return No(); }
  absl::StatusOr<pb::StopResponse> Stop(const pb::StopRequest&) override { return No(); }
  absl::StatusOr<pb::SolveTablesResponse> SolveTables(const pb::SolveTablesRequest&) override {
    return No();
  }
  absl::StatusOr<pb::SolveBoardsResponse> SolveBoards(const pb::SolveBoardsRequest&) override {
    return No();
  }
  absl::StatusOr<pb::AnalyzePlayResponse> AnalyzePlay(const pb::AnalyzePlayRequest&) override {
    return No();
  }
  absl::StatusOr<pb::SearchReport> Search(const pb::AnalyzeRequest&, bool, const OnReport&,
                                          const std::atomic<bool>*) override {
    return No();
  }

 private:
  static absl::Status No() { return absl::UnimplementedError("fake"); }
};

std::string Lines(const Chunk& c) {
  std::string out;
  for (size_t i = c.begin; i < c.end; ++i) out += std::to_string(i) + "\n";
  return out;
}

std::string Expected(size_t items) { return Lines({0, items}); }

// Runs a batch of `items` in chunks of 2 into a temporary file and returns what it wrote.
std::string RunInFile(const std::vector<Transport*>& servers, BatchOptions o, const SendChunk& send,
                      absl::Status* status) {
  std::FILE* out = std::tmpfile();
  o.out = out;
  o.chunk_size = 2;
  o.max_backoff = std::chrono::milliseconds(1);
  *status = RunBatch(servers, o, send);
  std::rewind(out);
  std::string text;
  char buffer[4096];
  for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, out)) > 0;) text.append(buffer, n);
  std::fclose(out);
  return text;
}

// A loaded cluster: every chunk is refused as busy several times before it is taken. With one
// try per chunk the batch still completes, in order (busy refusals are not tries).
TEST(Batch, BusyRefusalsWaitWithoutUsingTries) {
  FakeServer a, b;
  std::mutex mu;
  std::map<size_t, int> refusals;
  absl::Status status;
  const std::string text = RunInFile(
      {&a, &b}, {.items = 20, .attempts = 1},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        std::lock_guard<std::mutex> lock(mu);
        if (refusals[c.begin]++ < 5) return absl::ResourceExhaustedError("busy: queue full");
        return Lines(c);
      },
      &status);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(text, Expected(20));
}

// A server that never answers in time (DEADLINE_EXCEEDED, as the call's deadline makes of a stuck
// one) or is down: its chunks go to the other, and the batch completes.
TEST(Batch, AStuckServersChunksGoElsewhere) {
  FakeServer stuck, good;
  absl::Status status;
  const std::string text = RunInFile(
      {&stuck, &good}, {.items = 20},
      [&](Transport& t, const Chunk& c) -> absl::StatusOr<std::string> {
        if (&t == &stuck) return absl::DeadlineExceededError("deadline");
        return Lines(c);
      },
      &status);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(text, Expected(20));
}

// One address may be several servers (a balancer): `in_flight` chunks go to it at once.
TEST(Batch, EachServerKeepsItsInFlightChunksBusy) {
  FakeServer balancer;
  std::mutex mu;
  std::condition_variable cv;
  int running = 0, most = 0;
  absl::Status status;
  const std::string text = RunInFile(
      {&balancer}, {.items = 40, .in_flight = {6}},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        std::unique_lock<std::mutex> lock(mu);
        most = std::max(most, ++running);
        // The first chunks wait until six are in flight together (or never more than six come).
        cv.notify_all();
        cv.wait_for(lock, std::chrono::seconds(10), [&] { return most >= 6; });
        --running;
        return Lines(c);
      },
      &status);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(text, Expected(40));
  EXPECT_EQ(most, 6);
}

// Any other error ends the batch; what came before it in order is written.
TEST(Batch, AnotherErrorEndsTheBatch) {
  FakeServer a;
  absl::Status status;
  const std::string text = RunInFile(
      {&a}, {.items = 10, .in_flight = {1}},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        if (c.begin == 4) return absl::InvalidArgumentError("deals[4]: bad");
        return Lines(c);
      },
      &status);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(text, Expected(4));
}

}  // namespace
}  // namespace kibitzer::cli
