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
  absl::StatusOr<pb::SearchReport> Review(const pb::ReviewRequest&, const OnReport&,
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
                      absl::Status* status, KeptLines* kept = nullptr) {
  std::FILE* out = std::tmpfile();
  o.out = out;
  o.chunk_size = 2;
  o.max_backoff = std::chrono::milliseconds(1);
  *status = RunBatch(servers, o, send, kept);
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

// The batch's error is the first failed chunk's in input order, whichever fails first in time:
// here chunk 4 (items 8-9) fails at once and chunk 1 (items 2-3) only after it; the output is
// items 0-1 and the error chunk 1's, as a run on one thread would give.
TEST(Batch, TheFirstBadChunkInInputOrderEndsItWhateverFailsFirst) {
  FakeServer a, b;
  std::mutex mu;
  std::condition_variable cv;
  bool later_failed = false;
  absl::Status status;
  const std::string text = RunInFile(
      {&a, &b}, {.items = 20, .in_flight = {3, 3}},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        std::unique_lock<std::mutex> lock(mu);
        if (c.begin == 8) {
          later_failed = true;
          cv.notify_all();
          return absl::InvalidArgumentError("deal 9: bad");
        }
        if (c.begin == 2) {
          cv.wait_for(lock, std::chrono::seconds(10), [&] { return later_failed; });
          return absl::InvalidArgumentError("deal 3: bad");
        }
        return Lines(c);
      },
      &status);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(), "deal 3: bad");
  EXPECT_EQ(text, Expected(2));
}

// With skip_bad a chunk refused as INVALID_ARGUMENT is sent item by item; the bad item's line is
// its error (JSON) and every other item's result is written, in order.
TEST(Batch, SkipBadWritesAnErrorLineAndGoesOn) {
  FakeServer a;
  absl::Status status;
  const std::string text = RunInFile(
      {&a}, {.items = 8, .skip_bad = true},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        if (c.begin <= 5 && 5 < c.end) return absl::InvalidArgumentError("deal 6: \"x\" bad");
        return Lines(c);
      },
      &status);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(text,
            Lines({0, 5}) + "{\"item\":6,\"error\":\"deal 6: \\\"x\\\" bad\"}\n" + Lines({6, 8}));
}

// With somewhere to keep them, the results finished after a chunk the servers failed for good
// are kept, and the next run sends only what is missing: here chunk 2 (items 4-5) is refused by
// a down server every time; items 0-3 are written, 6-9 kept. The second run (the output holding
// 4 lines) sends chunk 2 alone and writes 4-9.
TEST(Batch, TheWorkAfterAChunkTheServersFailedIsKeptForTheNextRun) {
  FakeServer a;
  absl::Status status;
  KeptLines kept;
  std::FILE* out = std::tmpfile();
  BatchOptions o{.items = 10, .chunk_size = 2, .out = out, .attempts = 2, .in_flight = {1}};
  status = RunBatch(
      {&a}, o,
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        if (c.begin == 4) return absl::UnavailableError("connection refused");
        return Lines(c);
      },
      &kept);
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable);
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_EQ(kept.begin()->first, 6u);
  EXPECT_EQ(kept.rbegin()->second, "9");
  std::fclose(out);

  std::vector<size_t> sent;
  const std::string text = RunInFile(
      {&a}, {.items = 10, .done = 4},
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        sent.push_back(c.begin);
        return Lines(c);
      },
      &status, &kept);
  EXPECT_TRUE(status.ok()) << status;
  EXPECT_EQ(text, Lines({4, 10}));
  EXPECT_EQ(sent, std::vector<size_t>{4});
  EXPECT_TRUE(kept.empty());
}

// A bad input ends the batch at once even where results could be kept; servers failing chunk
// after chunk (gone) end it after a few, keeping what was done.
TEST(Batch, ABadInputOrServersGoneStopTheRestBeingSent) {
  FakeServer a;
  absl::Status status;
  KeptLines kept;
  std::atomic<int> calls{0};
  std::FILE* out = std::tmpfile();
  BatchOptions o{.items = 40, .chunk_size = 2, .out = out, .attempts = 1, .in_flight = {1}};
  status = RunBatch(
      {&a}, o,
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        ++calls;
        if (c.begin == 2) return absl::InvalidArgumentError("deal 3: bad");
        return Lines(c);
      },
      &kept);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(kept.empty());
  EXPECT_EQ(calls.load(), 2);  // one thread: chunks 0 and 1, then nothing
  calls = 0;
  std::rewind(out);
  status = RunBatch(
      {&a}, o,
      [&](Transport&, const Chunk& c) -> absl::StatusOr<std::string> {
        ++calls;
        if (c.begin >= 4 && c.begin != 6) return absl::UnavailableError("gone");
        return Lines(c);
      },
      &kept);
  EXPECT_EQ(status.code(), absl::StatusCode::kUnavailable);
  EXPECT_EQ(calls.load(), 7);  // chunks 0, 1 written, 2 fails, 3 kept, 4 to 6 fail: gone
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept.begin()->first, 6u);
  std::fclose(out);
}

// The kept lines' side file is read back only under the same signature; empty, it is removed.
TEST(Batch, KeptLinesComeBackOnlyForTheSameRun) {
  const std::string output = ::testing::TempDir() + "batch_kept_out";
  const KeptLines kept = {{6, "a\tb c"}, {7, ""}};
  ASSERT_TRUE(SaveKept(output, "run A", kept).ok());
  EXPECT_EQ(LoadKept(output, "run A"), kept);
  EXPECT_TRUE(LoadKept(output, "run B").empty());
  ASSERT_TRUE(SaveKept(output, "run A", {}).ok());
  EXPECT_TRUE(LoadKept(output, "run A").empty());
  std::FILE* side = std::fopen((output + ".kibitz-kept").c_str(), "r");
  EXPECT_EQ(side, nullptr);
  if (side != nullptr) std::fclose(side);
}

// An output is continued only by a run of the same input and settings.
TEST(Batch, AnOutputIsContinuedOnlyByTheSameRun) {
  const std::string output = ::testing::TempDir() + "batch_resume_out";
  std::remove((output + ".kibitz").c_str());
  EXPECT_EQ(CheckResumable(output, "run A", 3).code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(CheckResumable(output, "run A", 0).ok());  // a new output: its side file
  EXPECT_TRUE(CheckResumable(output, "run A", 3).ok());
  const absl::Status other = CheckResumable(output, "run B", 3);
  EXPECT_EQ(other.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(other.message().find("run A"), std::string::npos) << other;
  EXPECT_NE(Digest("a"), Digest("b"));
  EXPECT_EQ(Digest("same"), Digest("same"));
}

}  // namespace
}  // namespace kibitzer::cli
