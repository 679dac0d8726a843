// EngineApi in-process (what kibitz runs without --server) and the position store.
#include "service/engine_api.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "gtest/gtest.h"
#include "service/position_store.h"
#include "tests/service/collect_reports.h"

namespace kibitzer::service {
namespace {

TEST(PositionStore, ExpiresAfterTtlAndDropsTheLeastRecentlyUsed) {
  PositionStore::Clock::time_point now{};
  PositionStore store(2, std::chrono::seconds(10), [&] { return now; });
  const std::string a = store.Put({});
  const std::string b = store.Put({});
  EXPECT_NE(a, b);
  now += std::chrono::seconds(5);
  EXPECT_TRUE(store.Get(a, "id").ok());  // a is now the most recently used
  const std::string c = store.Put({});   // full: b goes
  EXPECT_EQ(store.size(), 2u);
  EXPECT_EQ(store.Get(b, "id").status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(store.Get(c, "id").ok());
  now += std::chrono::seconds(11);
  auto expired = store.Get(a, "position.position_id");
  EXPECT_EQ(expired.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(expired.status().message().find("position.position_id"), absl::string_view::npos);
}

// A client setting up many positions drops its own when the store is full, not another's.
TEST(PositionStore, WhenFullTheClientHoldingTheMostLosesItsOldest) {
  PositionStore::Clock::time_point now{};
  PositionStore store(4, std::chrono::minutes(10), [&] { return now; });
  const std::string mine = store.Put({}, "quiet");
  now += std::chrono::seconds(1);
  std::vector<std::string> flood;
  for (int i = 0; i < 3; ++i) {
    flood.push_back(store.Put({}, "busy"));
    now += std::chrono::seconds(1);
  }
  // Full; "quiet"'s position is the least recently used, but "busy" holds the most.
  flood.push_back(store.Put({}, "busy"));
  EXPECT_EQ(store.size(), 4u);
  EXPECT_TRUE(store.Get(mine, "id", "quiet").ok());
  EXPECT_EQ(store.Get(flood[0], "id", "busy").status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(store.Get(flood[1], "id", "busy").ok());
  // A third client takes the place of the busiest one's oldest as well.
  now += std::chrono::seconds(1);
  const std::string other = store.Put({}, "other");
  EXPECT_TRUE(store.Get(other, "id", "other").ok());
  EXPECT_TRUE(store.Get(mine, "id", "quiet").ok());
  EXPECT_EQ(store.Get(flood[2], "id", "busy").status().code(), absl::StatusCode::kNotFound);
}

// A position is its client's: another client's Get of its id is NOT_FOUND, the same answer as an
// unknown id, and does not drop it.
TEST(PositionStore, APositionIsItsClientsAlone) {
  PositionStore store(4, std::chrono::minutes(10));
  const std::string id = store.Put({}, "owner");
  const auto stolen = store.Get(id, "position.position_id", "thief");
  EXPECT_EQ(stolen.status().code(), absl::StatusCode::kNotFound);
  const auto unknown =
      store.Get("p-00000000000000000000000000000000", "position.position_id", "thief");
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(store.Get(id, "position.position_id", "owner").ok());
  EXPECT_EQ(id.size(), 2u + 32u);
  EXPECT_NE(store.Put({}, "owner"), id);
}

using Collect = CollectReports;

TEST(EngineApi, AnalyzeInProcessNumbersReportsFromTheOpeningOne) {
  EngineApi api(ApiOptions{});
  pb::AnalyzeRequest request;
  request.mutable_position()->mutable_position()->set_game("tictactoe");
  request.mutable_position()->mutable_position()->set_notation("xx..o.... o");
  auto sink = std::make_shared<Collect>();
  auto id = api.Analyze(request, sink);
  ASSERT_TRUE(id.ok()) << id.status();
  const pb::SearchReport last = sink->WaitFinal();
  EXPECT_EQ(last.best_move(), "c1");
  EXPECT_EQ(sink->reports.front().sequence(), 0);
  EXPECT_EQ(sink->reports.front().search_id(), *id);
  for (size_t i = 0; i < sink->reports.size(); ++i) {
    EXPECT_EQ(sink->reports[i].sequence(), static_cast<int64_t>(i));
  }
}

// Deal blocks its caller while it samples: its token (a cancelled call, a deadline, shutdown)
// ends it, and after Shutdown it is refused.
TEST(EngineApi, ADealEndsOnItsTokenAndIsRefusedAfterShutdown) {
  EngineApi api(ApiOptions{});
  pb::DealRequest request;
  pb::Position* p = request.mutable_position()->mutable_position();
  p->set_game("bridge");
  p->set_notation("W:AKQ2.KJ3.T98.765 - - -");
  p->set_seat("W");
  (*p->mutable_options())["contract"] = "3NT";
  (*p->mutable_options())["declarer"] = "S";
  request.set_count(50);
  request.set_constraints("hcp(north) >= 12");
  auto dealt = api.Deal(request);
  ASSERT_TRUE(dealt.ok()) << dealt.status();
  EXPECT_EQ(dealt->layouts_size(), 50);

  core::StopToken cancelled;
  cancelled.Stop(core::StopReason::kCancelled);
  EXPECT_EQ(api.Deal(request, &cancelled).status().code(), absl::StatusCode::kCancelled);
  core::StopToken shutting_down;
  shutting_down.Stop(core::StopReason::kShutdown);
  EXPECT_EQ(api.Deal(request, &shutting_down).status().code(), absl::StatusCode::kUnavailable);

  api.Shutdown();
  const auto refused = api.Deal(request);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kUnavailable);
  EXPECT_NE(refused.status().message().find("shutting down"), std::string::npos);
}

TEST(EngineApi, InfoReportsTheConfiguredLimits) {
  ApiOptions options;
  options.max_queries = 3;
  options.position_ttl = std::chrono::seconds(42);
  options.time_slice = std::chrono::milliseconds(250);
  EngineApi api(options);
  const pb::EngineInfo info = api.GetEngineInfo();
  EXPECT_EQ(info.limits().max_queries(), 3);
  EXPECT_EQ(info.limits().max_queries_per_client(), 3);  // 8 asked, at most max_queries
  EXPECT_EQ(info.limits().position_ttl_seconds(), 42);
  EXPECT_EQ(info.limits().time_slice_ms(), 250);
}

// A Deal is a job of the runner like a search: it counts against its client's places with the
// client's searches (a third call of a client with two searches is refused), and another
// client's Deal waits its turn for the worker and is answered once one is free.
TEST(EngineApi, ADealIsARunnerJobCountedWithItsClientsSearches) {
  ApiOptions options;
  options.threads = 1;
  options.max_queries = 4;
  options.max_queries_per_client = 2;
  EngineApi api(options);
  pb::AnalyzeRequest search;  // a seat's view of a lead: Monte Carlo until stopped
  pb::Position* p = search.mutable_position()->mutable_position();
  p->set_game("bridge");
  p->set_notation("W:AKQ2.KJ3.T98.765 - - -");
  p->set_seat("W");
  (*p->mutable_options())["contract"] = "3NT";
  (*p->mutable_options())["declarer"] = "S";
  auto first = std::make_shared<Collect>(), second = std::make_shared<Collect>();
  const auto id1 = api.Analyze(search, first, "a");
  const auto id2 = api.Analyze(search, second, "a");
  ASSERT_TRUE(id1.ok() && id2.ok());
  pb::DealRequest deal;
  *deal.mutable_position() = search.position();
  deal.set_count(5);
  const auto refused = api.Deal(deal, nullptr, "a");
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted) << refused.status();

  std::mutex mu;
  std::condition_variable cv;
  std::optional<absl::StatusOr<pb::DealResponse>> answer;
  const auto job = api.StartDeal(deal, "b", [&](absl::StatusOr<pb::DealResponse> r) {
    std::lock_guard<std::mutex> lock(mu);
    answer = std::move(r);
    cv.notify_all();
  });
  ASSERT_TRUE(job.ok()) << job.status();
  for (const auto& id : {*id1, *id2}) {
    pb::StopRequest stop;
    stop.set_search_id(id);
    ASSERT_TRUE(api.Stop(stop, "a").ok());
  }
  std::unique_lock<std::mutex> lock(mu);
  cv.wait(lock, [&] { return answer.has_value(); });
  ASSERT_TRUE(answer->ok()) << answer->status();
  EXPECT_EQ((*answer)->layouts_size(), 5);
}

// A Deal whose answer would pass the server's response bound (a default client's receive limit)
// is refused naming the count and how many fit; that many are then answered.
TEST(EngineApi, ADealTooLargeToSendIsRefusedNamingHowManyFit) {
  ApiOptions options;
  options.max_response_bytes = 4000;
  EngineApi api(options);
  pb::DealRequest request;
  pb::Position* p = request.mutable_position()->mutable_position();
  p->set_game("bigtwo");
  p->set_notation(
      "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
      "3S4C4H5D6D8C8S9DJCJHQDKDAS");
  p->set_seat("4");
  (*p->mutable_options())["leader"] = "1";
  request.set_count(200);
  const auto refused = api.Deal(request);
  ASSERT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument) << refused.status();
  const std::string message(refused.status().message());
  EXPECT_EQ(message.rfind("count: 200 layouts answer ", 0), 0u) << message;
  const size_t at = message.find("ask for at most ");
  ASSERT_NE(at, std::string::npos) << message;
  const int fits = std::stoi(message.substr(at + 16));
  EXPECT_GT(fits, 0);
  EXPECT_LT(fits, 200);
  request.set_count(fits);
  const auto answered = api.Deal(request);
  ASSERT_TRUE(answered.ok()) << answered.status();
  EXPECT_EQ(answered->layouts_size(), fits);
  EXPECT_LE(answered->ByteSizeLong(), 4000u);
}

}  // namespace
}  // namespace kibitzer::service
