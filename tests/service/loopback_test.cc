// Loopback service tests: a real kibitzerd process on a free port, driven by a real gRPC client.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

#include "absl/strings/str_split.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/generic_call.h"
#include "tests/service/server_process.h"

namespace kibitzer::testing {
namespace {

namespace pb = ::kibitzer::v1;
using std::chrono::milliseconds;

constexpr auto kCallLimit = std::chrono::seconds(60);  // no test waits forever on a broken server

pb::PositionRef Inline(const std::string& notation, const std::string& variant = "") {
  pb::PositionRef ref;
  ref.mutable_position()->set_game("tictactoe");
  ref.mutable_position()->set_variant(variant);
  ref.mutable_position()->set_notation(notation);
  return ref;
}

// A search that does not end by itself for a long while: solving the empty 4x4 board without a
// transposition table (with one it takes about two seconds; without, far longer than any test).
pb::AnalyzeRequest LongSearch() {
  pb::AnalyzeRequest r;
  *r.mutable_position() = Inline("", "4x4");
  (*r.mutable_options())["use_tt"] = "false";
  r.set_progress_interval_ms(20);
  return r;
}

struct Stream {
  std::vector<pb::SearchReport> reports;
  grpc::Status status;
};

class Loopback : public ::testing::Test {
 protected:
  void Start(const std::vector<std::string>& flags = {}) {
    server_ = std::make_unique<ServerProcess>(flags);
    ASSERT_TRUE(server_->started()) << "kibitzerd did not start";
    channel_ = NewChannel();
    stub_ = pb::Kibitzer::NewStub(channel_);
  }
  // A channel of its own connection (another client to the server), closed when the channel goes
  // (see the shutdown test).
  std::shared_ptr<grpc::Channel> NewChannel() {
    grpc::ChannelArguments args;
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    return grpc::CreateCustomChannel(server_->address(), grpc::InsecureChannelCredentials(), args);
  }
  void SetUp() override { Start(); }

  void Limit(grpc::ClientContext* c) {
    c->set_deadline(std::chrono::system_clock::now() + kCallLimit);
  }

  template <typename Request>
  Stream Search(const Request& request) {
    grpc::ClientContext context;
    Limit(&context);
    Stream s;
    std::unique_ptr<grpc::ClientReader<pb::SearchReport>> reader;
    if constexpr (std::is_same_v<Request, pb::AnalyzeRequest>) {
      reader = stub_->Analyze(&context, request);
    } else {
      reader = stub_->BestMove(&context, request);
    }
    pb::SearchReport report;
    while (reader->Read(&report)) s.reports.push_back(report);
    s.status = reader->Finish();
    return s;
  }

  grpc::Status Setup(const pb::Position& position, pb::SetupPositionResponse* out) {
    grpc::ClientContext context;
    Limit(&context);
    pb::SetupPositionRequest request;
    *request.mutable_position() = position;
    return stub_->SetupPosition(&context, request, out);
  }

  grpc::Status StopSearch(const std::string& id, pb::StopResponse* out) {
    grpc::ClientContext context;
    Limit(&context);
    pb::StopRequest request;
    request.set_search_id(id);
    return stub_->Stop(&context, request, out);
  }

  // Starts LongSearch() and reads its opening report into `opening`.
  std::unique_ptr<grpc::ClientReader<pb::SearchReport>> StartLongSearch(
      grpc::ClientContext* context, pb::SearchReport* opening) {
    Limit(context);
    auto reader = stub_->Analyze(context, LongSearch());
    EXPECT_TRUE(reader->Read(opening));
    return reader;
  }
  // Stops the search of `opening` and reads its stream to the end, which must be OK.
  void StopAndFinish(grpc::ClientReader<pb::SearchReport>& reader,
                     const pb::SearchReport& opening) {
    pb::StopResponse stopped;
    EXPECT_TRUE(StopSearch(opening.search_id(), &stopped).ok());
    pb::SearchReport report;
    while (reader.Read(&report)) {
    }
    EXPECT_TRUE(reader.Finish().ok());
  }

  // A quick search on a connection of its own (another client): OK, its final report completed.
  void QuickOnAnotherConnection() {
    auto other = pb::Kibitzer::NewStub(NewChannel());
    grpc::ClientContext context;
    Limit(&context);
    pb::AnalyzeRequest quick;
    *quick.mutable_position() = Inline("x...o.... x");
    auto reader = other->Analyze(&context, quick);
    pb::SearchReport report, last;
    while (reader->Read(&report)) last = report;
    EXPECT_TRUE(reader->Finish().ok());
    EXPECT_TRUE(last.final());
    EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_COMPLETED);
  }

  bool Serving() {
    grpc::ClientContext context;
    Limit(&context);
    pb::EngineInfo info;
    return stub_->GetEngineInfo(&context, pb::GetEngineInfoRequest(), &info).ok();
  }

  // `count` TCP connections to the server that say nothing (fewer should one fail); the caller
  // closes them.
  std::vector<int> IdleConnections(int count) {
    const std::string& address = server_->address();
    const int port = std::stoi(address.substr(address.rfind(':') + 1));
    std::vector<int> sockets;
    for (int i = 0; i < count; ++i) {
      const int fd = testing::LoopbackConnection(port);
      if (fd < 0) break;
      sockets.push_back(fd);
    }
    return sockets;
  }

  // Whether a new client, on a connection of its own, is served within a minute (a liveness
  // guard, not a timing: it is asked again until it is).
  bool NewClientServedSoon() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (std::chrono::steady_clock::now() < until) {
      auto fresh = pb::Kibitzer::NewStub(NewChannel());
      grpc::ClientContext context;
      context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
      pb::EngineInfo info;
      if (fresh->GetEngineInfo(&context, pb::GetEngineInfoRequest(), &info).ok()) return true;
    }
    return false;
  }

  // Polls until a new search is admitted (the server has freed a stopped one).
  bool AdmittedSoon() {
    pb::AnalyzeRequest quick;
    *quick.mutable_position() = Inline("x...o.... x");
    for (int i = 0; i < 200; ++i) {
      Stream s = Search(quick);
      if (s.status.ok()) return true;
      if (s.status.error_code() != grpc::RESOURCE_EXHAUSTED) return false;
      std::this_thread::sleep_for(milliseconds(50));
    }
    return false;
  }

  std::unique_ptr<ServerProcess> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
};

void ExpectWellFormed(const Stream& s) {
  ASSERT_FALSE(s.reports.empty());
  EXPECT_EQ(s.reports.front().sequence(), 0);
  EXPECT_FALSE(s.reports.front().search_id().empty());
  int finals = 0;
  for (size_t i = 0; i < s.reports.size(); ++i) {
    EXPECT_EQ(s.reports[i].search_id(), s.reports.front().search_id());
    if (i > 0) {
      EXPECT_GT(s.reports[i].sequence(), s.reports[i - 1].sequence());
    }
    if (s.reports[i].final()) ++finals;
  }
  EXPECT_EQ(finals, 1);
  EXPECT_TRUE(s.reports.back().final());
  EXPECT_NE(s.reports.back().stop_reason(), pb::STOP_REASON_UNSPECIFIED);
}

TEST_F(Loopback, EngineInfoDescribesGamesAndLimits) {
  grpc::ClientContext context;
  pb::EngineInfo info;
  ASSERT_TRUE(stub_->GetEngineInfo(&context, pb::GetEngineInfoRequest(), &info).ok());
  EXPECT_EQ(info.name(), "kibitzer");
  ASSERT_GE(info.games_size(), 1);
  const pb::GameInfo* ttt = nullptr;
  for (const auto& g : info.games()) {
    if (g.name() == "tictactoe") ttt = &g;
  }
  ASSERT_NE(ttt, nullptr);
  EXPECT_EQ(ttt->variants(0).name(), "standard");
  EXPECT_FALSE(ttt->position_notation().empty());
  EXPECT_GT(ttt->search_options_size(), 0);
  EXPECT_EQ(info.limits().max_queries(), 16);
  EXPECT_EQ(info.limits().max_queries_per_client(), 8);
  EXPECT_EQ(info.limits().time_slice_ms(), 1000);
  EXPECT_GT(info.limits().max_search_time_ms(), 0);
}

TEST_F(Loopback, SetupHoldsThePositionForDealAndAnalyze) {
  pb::Position position = Inline("X../.o./... ").position();
  position.add_moves("c3");
  pb::SetupPositionResponse setup;
  ASSERT_TRUE(Setup(position, &setup).ok());
  EXPECT_EQ(setup.position().notation(), "x...o...x o");
  EXPECT_EQ(setup.position().variant(), "standard");
  EXPECT_EQ(setup.side_to_move(), "o");
  EXPECT_EQ(setup.legal_moves_size(), 6);
  EXPECT_FALSE(setup.position_id().empty());
  EXPECT_EQ(setup.knowledge().hidden_cards(), 0);

  grpc::ClientContext context;
  pb::DealRequest deal;
  deal.mutable_position()->set_position_id(setup.position_id());
  deal.set_count(3);
  pb::DealResponse layouts;
  ASSERT_TRUE(stub_->Deal(&context, deal, &layouts).ok());
  ASSERT_EQ(layouts.layouts_size(), 1);
  EXPECT_TRUE(layouts.exhaustive());
  EXPECT_EQ(layouts.layouts(0).notation(), "x...o...x o");

  pb::AnalyzeRequest analyze;
  analyze.mutable_position()->set_position_id(setup.position_id());
  Stream s = Search(analyze);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  ExpectWellFormed(s);
  EXPECT_EQ(s.reports.back().moves_size(), 6);
  // o must take an edge: a corner loses to the double threat.
  EXPECT_EQ(s.reports.back().moves(0).value(), 0);
}

// A replica named as long as a Kubernetes pod may be (63) makes ids the server takes back.
TEST_F(Loopback, AReplicaMayBeNamedAsLongAsAPod) {
  const std::string name(63, 'r');
  Start({"--replica=" + name});
  pb::SetupPositionResponse setup;
  ASSERT_TRUE(Setup(Inline("x...o.... x").position(), &setup).ok());
  EXPECT_EQ(setup.position_id().rfind("p-" + name + "-", 0), 0u) << setup.position_id();
  pb::AnalyzeRequest analyze;
  analyze.mutable_position()->set_position_id(setup.position_id());
  Stream s = Search(analyze);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  EXPECT_EQ(s.reports.front().search_id().rfind("s-" + name + "-", 0), 0u);
}

TEST_F(Loopback, AnalyzeScoresEveryMoveExactly) {
  pb::AnalyzeRequest request;
  *request.mutable_position() = Inline("");
  request.set_progress_interval_ms(0);
  Stream s = Search(request);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  ExpectWellFormed(s);
  const pb::SearchReport& last = s.reports.back();
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_COMPLETED);
  ASSERT_EQ(last.moves_size(), 9);
  for (const auto& m : last.moves()) {
    EXPECT_EQ(m.value(), 0);
    EXPECT_EQ(m.bound(), pb::BOUND_EXACT);
  }
  bool minimax_reported = false;
  for (const auto& st : last.statistics()) {
    if (st.name() == "minimax_nodes") {
      EXPECT_EQ(st.value(), 549946);
      minimax_reported = true;
    }
  }
  EXPECT_TRUE(minimax_reported);
}

TEST_F(Loopback, AnalyzeStreamsOrderedProgressThenOneFinal) {
  // Reports every 20 ms for 400 ms: the stream keeps only the newest report while a write is in
  // flight, so a slow reader may see fewer, but always in order and always the final one. How
  // many arrive depends on the machine's speed and is not asserted (the pacing itself is checked
  // in QueryRunner.ProgressIsPacedButFinalAlwaysArrives); that some do and each is whole is.
  pb::AnalyzeRequest request = LongSearch();
  request.mutable_limits()->set_time_ms(400);
  Stream s = Search(request);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  ExpectWellFormed(s);
  int progress = 0;
  for (const auto& r : s.reports) {
    if (r.sequence() > 0 && !r.final()) {
      ++progress;
      EXPECT_EQ(r.moves_size(), 16);  // the full ranking, every move
      EXPECT_GT(r.nodes(), 0);
    }
  }
  EXPECT_GE(progress, 1);
  EXPECT_EQ(s.reports.back().stop_reason(), pb::STOP_REASON_TIME_LIMIT);
  EXPECT_GE(s.reports.back().nodes(), s.reports[s.reports.size() - 2].nodes());
}

TEST_F(Loopback, BridgeAnalysisStreamsEveryCardsDoubleDummyValue) {
  pb::AnalyzeRequest request;
  pb::Position* p = request.mutable_position()->mutable_position();
  p->set_game("bridge");
  p->set_notation("N:A3.5.K. J..Q.K2 5.AK.6. T.T9.A.");
  (*p->mutable_options())["trump"] = "S";
  (*p->mutable_options())["leader"] = "W";
  request.set_progress_interval_ms(0);
  Stream s = Search(request);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  ExpectWellFormed(s);
  const pb::SearchReport& last = s.reports.back();
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_COMPLETED);
  ASSERT_EQ(last.moves_size(), 4);
  for (const auto& m : last.moves()) EXPECT_EQ(m.bound(), pb::BOUND_EXACT);
  // Leading the spade ten is the worst card.
  EXPECT_EQ(last.moves(last.moves_size() - 1).move(), "ST");
  EXPECT_GT(last.moves(0).value(), last.moves(last.moves_size() - 1).value());
  // Progress reports (how many arrive depends on how fast the client reads) carry values
  // already settled: every exact one is the final value of that card.
  for (size_t i = 0; i + 1 < s.reports.size(); ++i) {
    for (const auto& m : s.reports[i].moves()) {
      if (m.bound() != pb::BOUND_EXACT) continue;
      for (const auto& f : last.moves()) {
        if (f.move() == m.move()) {
          EXPECT_EQ(f.value(), m.value()) << m.move();
        }
      }
    }
  }
}

// A seat's view through the service: hypothetical layouts with a dealer script, and a Monte Carlo
// analysis that streams its batches with the contract's figures for every card.
TEST_F(Loopback, BridgeSeatViewDealsAndAnalysesBySampling) {
  pb::Position view;
  view.set_game("bridge");
  view.set_notation("N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K");
  view.set_seat("S");
  (*view.mutable_options())["contract"] = "1NT";
  (*view.mutable_options())["declarer"] = "S";
  (*view.mutable_options())["leader"] = "S";

  grpc::ClientContext deal_context;
  Limit(&deal_context);
  pb::DealRequest deal;
  *deal.mutable_position()->mutable_position() = view;
  deal.set_constraints("hascard(west, TS)");
  deal.add_fixed("E:HK");
  deal.set_count(20);
  deal.set_seed(3);
  pb::DealResponse layouts;
  const grpc::Status dealt = stub_->Deal(&deal_context, deal, &layouts);
  ASSERT_TRUE(dealt.ok()) << dealt.error_message();
  ASSERT_EQ(layouts.layouts_size(), 20);
  for (const auto& layout : layouts.layouts()) {
    // West: the ten of spades; East: the heart king.
    const std::vector<std::string> hands = absl::StrSplit(layout.notation().substr(2), ' ');
    ASSERT_EQ(hands.size(), 4u);
    EXPECT_EQ(hands[0], "AQ.2.A.J");
    EXPECT_EQ(hands[2], "32.3.2.A");
    EXPECT_EQ(hands[3].rfind("T", 0), 0u) << layout.notation();
    EXPECT_NE(hands[1].find(".K"), std::string::npos) << layout.notation();
  }

  pb::AnalyzeRequest request;
  *request.mutable_position()->mutable_position() = view;
  request.mutable_limits()->set_samples(40);
  request.set_threads(2);
  request.set_seed(1);
  request.set_progress_interval_ms(0);
  Stream s = Search(request);
  ASSERT_TRUE(s.status.ok()) << s.status.error_message();
  ExpectWellFormed(s);
  const pb::SearchReport& last = s.reports.back();
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_SAMPLE_LIMIT);
  EXPECT_EQ(last.samples(), 40);
  // Progress comes after whole batches of 5; the server may fold progress reports the client
  // has not read yet into later ones, so only their content is fixed, not how many arrive.
  for (size_t i = 0; i + 1 < s.reports.size(); ++i) {
    EXPECT_EQ(s.reports[i].samples() % 5, 0) << i;
    EXPECT_LE(s.reports[i].samples(), 40) << i;
  }
  ASSERT_EQ(last.moves_size(), 5);
  for (const auto& m : last.moves()) {
    EXPECT_EQ(m.bound(), pb::BOUND_ESTIMATE);
    EXPECT_EQ(m.samples(), 40);
    std::vector<std::string> names;
    for (const auto& metric : m.metrics()) names.push_back(metric.name());
    EXPECT_NE(std::find(names.begin(), names.end(), "success"), names.end());
    EXPECT_NE(std::find(names.begin(), names.end(), "score"), names.end());
    EXPECT_GE(m.value(), 0);
    EXPECT_LE(m.value(), 1);  // make probability
  }

  // A script with a mistake is refused with its place.
  pb::AnalyzeRequest bad = request;
  (*bad.mutable_options())["constraints"] = "hcp(west) >= 3 &&";
  Stream refused = Search(bad);
  EXPECT_EQ(refused.status.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_NE(refused.status.error_message().find("options[constraints]: line 1, column 18"),
            std::string::npos)
      << refused.status.error_message();
}

TEST_F(Loopback, BestMoveFindsTheWin) {
  pb::BestMoveRequest request;
  *request.mutable_position() = Inline("xx.oo.... x");
  Stream s = Search(request);
  ASSERT_TRUE(s.status.ok());
  ExpectWellFormed(s);
  EXPECT_EQ(s.reports.back().best_move(), "c1");
  EXPECT_EQ(s.reports.back().moves(0).display(), "win in 1");
}

TEST_F(Loopback, StopEndsTheSearchWithItsFinalReport) {
  grpc::ClientContext context;
  Limit(&context);
  auto reader = stub_->Analyze(&context, LongSearch());
  pb::SearchReport report;
  // Wait until the search has run (a ranking exists), then stop it.
  do {
    ASSERT_TRUE(reader->Read(&report));
  } while (report.moves_size() == 0);
  const std::string id = report.search_id();
  pb::StopResponse stopped;
  ASSERT_TRUE(StopSearch(id, &stopped).ok());
  EXPECT_TRUE(stopped.stopped());
  pb::SearchReport last;
  while (reader->Read(&report)) last = report;
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_TRUE(last.final());
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_STOPPED);
  EXPECT_GT(last.moves_size(), 0);  // the best answer so far is kept
  EXPECT_EQ(StopSearch(id, &stopped).error_code(), grpc::NOT_FOUND);
}

class LoopbackOneSlot : public Loopback {
 protected:
  void SetUp() override { Start({"--max-queries=1", "--threads=1"}); }
};

TEST_F(LoopbackOneSlot, AdmissionLimitAnswersResourceExhausted) {
  grpc::ClientContext context;
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  pb::AnalyzeRequest quick;
  *quick.mutable_position() = Inline("");
  Stream refused = Search(quick);
  EXPECT_EQ(refused.status.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(refused.reports.empty());
  StopAndFinish(*reader, opening);
  EXPECT_TRUE(AdmittedSoon());
}

class LoopbackOnePerClient : public Loopback {
 protected:
  void SetUp() override { Start({"--max-queries=4", "--max-queries-per-client=1", "--threads=2"}); }
};

// A client is a connection: while this test's channel runs a search, its next one is refused,
// and a second connection's is still served.
TEST_F(LoopbackOnePerClient, AClientPastItsShareIsRefusedAndAnotherIsServed) {
  grpc::ClientContext context;
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  pb::AnalyzeRequest quick;
  *quick.mutable_position() = Inline("x...o.... x");
  Stream refused = Search(quick);
  EXPECT_EQ(refused.status.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_NE(refused.status.error_message().find("per client"), std::string::npos)
      << refused.status.error_message();

  QuickOnAnotherConnection();
  StopAndFinish(*reader, opening);
  EXPECT_TRUE(AdmittedSoon());
}

// A name in the kibitzer-client metadata divides its connection's share and never adds to it: while
// "alice" runs a search on this connection, "bob" on the same connection is refused; "alice" on
// another connection is another client (a name reaches no other connection's share). A name past
// the limit is refused naming the metadata key.
TEST_F(LoopbackOnePerClient, ANameDividesItsConnectionsShareAndAddsNothing) {
  grpc::ClientContext context;
  context.AddMetadata("kibitzer-client", "alice");
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  auto quick_as = [&](pb::Kibitzer::Stub* stub, const std::string& name) {
    grpc::ClientContext c;
    Limit(&c);
    c.AddMetadata("kibitzer-client", name);
    pb::AnalyzeRequest quick;
    *quick.mutable_position() = Inline("x...o.... x");
    auto r = stub->Analyze(&c, quick);
    pb::SearchReport report;
    while (r->Read(&report)) {
    }
    return r->Finish();
  };
  const grpc::Status refused = quick_as(stub_.get(), "bob");
  EXPECT_EQ(refused.error_code(), grpc::RESOURCE_EXHAUSTED) << refused.error_message();
  auto other = pb::Kibitzer::NewStub(NewChannel());
  EXPECT_TRUE(quick_as(other.get(), "alice").ok());
  const grpc::Status too_long = quick_as(other.get(), std::string(200, 'x'));
  EXPECT_EQ(too_long.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_NE(too_long.error_message().find("kibitzer-client"), std::string::npos);
  // Nor can the same name on another connection stop alice's search.
  grpc::ClientContext stop_context;
  Limit(&stop_context);
  stop_context.AddMetadata("kibitzer-client", "alice");
  pb::StopRequest stop;
  stop.set_search_id(opening.search_id());
  pb::StopResponse stopped;
  EXPECT_EQ(other->Stop(&stop_context, stop, &stopped).error_code(), grpc::NOT_FOUND);
  StopAndFinish(*reader, opening);
}

// A search and a held position belong to the connection that made them: another connection can
// neither stop the search nor use the position (so cannot read a hidden hand through Deal); both
// get NOT_FOUND, as for an id that does not exist. Ids are 128 random bits.
TEST_F(Loopback, AnotherClientCanNeitherStopASearchNorUseAPosition) {
  grpc::ClientContext context;
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  EXPECT_EQ(opening.search_id().size(), 2u + 32u) << opening.search_id();
  auto other = pb::Kibitzer::NewStub(NewChannel());
  {
    grpc::ClientContext c;
    Limit(&c);
    pb::StopRequest stop;
    stop.set_search_id(opening.search_id());
    pb::StopResponse stopped;
    const grpc::Status s = other->Stop(&c, stop, &stopped);
    EXPECT_EQ(s.error_code(), grpc::NOT_FOUND) << s.error_message();
  }
  pb::SetupPositionResponse held;
  pb::Position position;
  position.set_game("bridge");
  position.set_notation("N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K");
  position.set_seat("S");
  (*position.mutable_options())["contract"] = "1NT";
  (*position.mutable_options())["declarer"] = "S";
  (*position.mutable_options())["leader"] = "S";
  ASSERT_TRUE(Setup(position, &held).ok());
  EXPECT_EQ(held.position_id().size(), 2u + 32u) << held.position_id();
  {
    grpc::ClientContext c;
    Limit(&c);
    pb::DealRequest deal;
    deal.mutable_position()->set_position_id(held.position_id());
    pb::DealResponse layouts;
    const grpc::Status s = other->Deal(&c, deal, &layouts);
    EXPECT_EQ(s.error_code(), grpc::NOT_FOUND) << s.error_message();
    EXPECT_NE(s.error_message().find("position.position_id"), std::string::npos);
  }
  {
    grpc::ClientContext c;
    Limit(&c);
    pb::DealRequest deal;
    deal.mutable_position()->set_position_id(held.position_id());
    pb::DealResponse layouts;
    EXPECT_TRUE(stub_->Deal(&c, deal, &layouts).ok());  // its own client still can
  }
  StopAndFinish(*reader, opening);
}

// A server with a front door (the web gateway) that may name its sessions.
class LoopbackFrontDoor : public Loopback {
 protected:
  static constexpr const char* kSecret = "front-door-secret-0123456789";
  void SetUp() override {
    secret_file_ = ::testing::TempDir() + "front_door_secret";
    std::ofstream(secret_file_) << kSecret << "\n";
    Start({"--max-queries=4", "--max-queries-per-client=1", "--threads=2",
           "--front-door-secret=" + secret_file_});
  }
  // A call's context as the front door sends it for `session` ("" for none), with `secret`.
  void AsSession(grpc::ClientContext* c, const std::string& session,
                 const std::string& secret = kSecret) {
    Limit(c);
    if (!secret.empty()) c->AddMetadata("kibitzer-front-door", secret);
    if (!session.empty()) c->AddMetadata("kibitzer-session", session);
  }
  grpc::Status Quick(pb::Kibitzer::Stub* stub, const std::string& session,
                     const std::string& secret = kSecret) {
    grpc::ClientContext c;
    AsSession(&c, session, secret);
    pb::AnalyzeRequest quick;
    *quick.mutable_position() = Inline("x...o.... x");
    auto r = stub->Analyze(&c, quick);
    pb::SearchReport report;
    while (r->Read(&report)) {
    }
    return r->Finish();
  }
  grpc::Status StopAs(pb::Kibitzer::Stub* stub, const std::string& session, const std::string& id) {
    grpc::ClientContext c;
    AsSession(&c, session);
    pb::StopRequest stop;
    stop.set_search_id(id);
    pb::StopResponse stopped;
    return stub->Stop(&c, stop, &stopped);
  }
  std::string secret_file_;
};

// Over one connection, each session the front door names is a client of its own: its own share
// (session b is served while a uses a's one place), its own searches (b cannot stop a's), and the
// same session from another connection is the same client (it can). Only the secret lets a call
// name a session.
TEST_F(LoopbackFrontDoor, EachSessionIsAClientOfItsOwnOverOneConnection) {
  grpc::ClientContext context;
  AsSession(&context, "session-a");
  auto reader = stub_->Analyze(&context, LongSearch());
  pb::SearchReport opening;
  ASSERT_TRUE(reader->Read(&opening));

  EXPECT_EQ(Quick(stub_.get(), "session-a").error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(Quick(stub_.get(), "session-b").ok());
  EXPECT_EQ(StopAs(stub_.get(), "session-b", opening.search_id()).error_code(), grpc::NOT_FOUND);

  const grpc::Status no_secret = Quick(stub_.get(), "session-b", "");
  EXPECT_EQ(no_secret.error_code(), grpc::PERMISSION_DENIED) << no_secret.error_message();
  EXPECT_NE(no_secret.error_message().find("kibitzer-session"), std::string::npos);
  const grpc::Status wrong = Quick(stub_.get(), "session-b", "not-the-secret-0123456789");
  EXPECT_EQ(wrong.error_code(), grpc::UNAUTHENTICATED) << wrong.error_message();
  EXPECT_EQ(Quick(stub_.get(), "bad session").error_code(), grpc::INVALID_ARGUMENT);

  auto other = pb::Kibitzer::NewStub(NewChannel());
  EXPECT_TRUE(StopAs(other.get(), "session-a", opening.search_id()).ok());
  pb::SearchReport report;
  while (reader->Read(&report)) {
  }
  EXPECT_TRUE(reader->Finish().ok());
}

class LoopbackShortHandshake : public Loopback {
 protected:
  void SetUp() override { Start({"--handshake-timeout=200ms"}); }
};

// Connections that never begin HTTP/2 are closed by the server after the handshake timeout, so
// idle TCP connections cannot pile up toward the file limit; the server serves on.
TEST_F(LoopbackShortHandshake, ConnectionsThatSayNothingAreClosed) {
  const std::vector<int> sockets = IdleConnections(64);
  ASSERT_EQ(sockets.size(), 64u);
  for (const int fd : sockets) {
    // The server's end: its preface (the server speaks first in HTTP/2), then EOF or a reset
    // once it gives up on the handshake; a minute at most (a liveness guard, not a timing).
    char buffer[256];
    ssize_t got = 1;
    while (got > 0) {
      pollfd p{fd, POLLIN, 0};
      ASSERT_EQ(poll(&p, 1, 60'000), 1) << "the server kept an idle connection";
      got = recv(fd, buffer, sizeof buffer, 0);
    }
    close(fd);
  }
  EXPECT_TRUE(Serving());
}

// With the gate (its cap lowered to what 160 descriptors allow) and without it (gRPC's own
// listener).
class LoopbackFewFiles : public Loopback, public ::testing::WithParamInterface<const char*> {
 protected:
  void SetUp() override { Start({"--max-open-files=160", "--handshake-timeout=1s", GetParam()}); }
};

// A flood of connections would take every file descriptor. The gate takes only what its cap
// allows; without it gRPC 1.51's listener stops for good at the first failed accept, and once the
// connections close the server listens again (a new listener on the same port). Either way new
// clients are served once the flood ends, and the connections it had keep their calls.
TEST_P(LoopbackFewFiles, AFloodThatTakesEveryDescriptorLeavesTheServerServing) {
  ASSERT_TRUE(Serving());  // this connection is made before the flood
  const std::vector<int> sockets = IdleConnections(400);
  ASSERT_EQ(sockets.size(), 400u);
  for (const int fd : sockets) close(fd);
  EXPECT_TRUE(NewClientServedSoon()) << "the server stopped accepting connections";
  EXPECT_TRUE(Serving());  // the connection from before the flood
}

INSTANTIATE_TEST_SUITE_P(Doors, LoopbackFewFiles,
                         ::testing::Values("--max-connections=1000", "--max-connections=0"));

class LoopbackFewConnections : public Loopback {
 protected:
  void SetUp() override { Start({"--max-connections=4"}); }
};

// kibitzerd holds at most --max-connections at once: past them a new client fails at once
// (UNAVAILABLE, rather than waiting out its deadline), the connections it has go on, and once some
// close a new client is served again.
TEST_F(LoopbackFewConnections, PastTheCapANewClientFailsAtOnceAndIsServedOnceOthersClose) {
  ASSERT_TRUE(Serving());  // the fixture's connection: one of the four
  const std::vector<int> sockets = IdleConnections(40);
  ASSERT_EQ(sockets.size(), 40u);
  // Taken in the order they came: three of the idle ones, and then the cap is reached.
  auto late = pb::Kibitzer::NewStub(NewChannel());
  grpc::ClientContext context;
  Limit(&context);
  pb::EngineInfo info;
  const grpc::Status refused = late->GetEngineInfo(&context, pb::GetEngineInfoRequest(), &info);
  EXPECT_EQ(refused.error_code(), grpc::UNAVAILABLE) << refused.error_message();
  EXPECT_TRUE(Serving());
  for (const int fd : sockets) close(fd);
  // The gate counts the closed ones as it sees them go.
  EXPECT_TRUE(NewClientServedSoon()) << "no client was served after the others closed";
}

class LoopbackOneWorker : public Loopback {
 protected:
  void SetUp() override { Start({"--threads=1", "--time-slice=50ms"}); }
};

// One worker, busy with a long search: another connection's search still runs after a slice
// (the long one is paused meanwhile), and the long one then goes on until stopped.
TEST_F(LoopbackOneWorker, AnotherClientIsServedWhileALongSearchRuns) {
  grpc::ClientContext context;
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  QuickOnAnotherConnection();
  // The long search is still there, and stops when told.
  pb::StopResponse stopped;
  ASSERT_TRUE(StopSearch(opening.search_id(), &stopped).ok());
  pb::SearchReport report, final_report;
  while (reader->Read(&report)) final_report = report;
  EXPECT_TRUE(reader->Finish().ok());
  EXPECT_TRUE(final_report.final());
  EXPECT_EQ(final_report.stop_reason(), pb::STOP_REASON_STOPPED);
}

TEST_F(LoopbackOneSlot, ClientCancellationStopsTheSearch) {
  grpc::ClientContext context;
  pb::SearchReport opening;
  auto reader = StartLongSearch(&context, &opening);
  context.TryCancel();
  pb::SearchReport report;
  while (reader->Read(&report)) {
  }
  EXPECT_EQ(reader->Finish().error_code(), grpc::CANCELLED);
  // The only slot is free again once the server has stopped the search.
  EXPECT_TRUE(AdmittedSoon());
  pb::StopResponse stopped;
  EXPECT_EQ(StopSearch(opening.search_id(), &stopped).error_code(), grpc::NOT_FOUND);
}

TEST_F(LoopbackOneSlot, DeadlineIsHonoured) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + milliseconds(300));
  auto reader = stub_->Analyze(&context, LongSearch());
  pb::SearchReport report;
  while (reader->Read(&report)) {
  }
  EXPECT_EQ(reader->Finish().error_code(), grpc::DEADLINE_EXCEEDED);
  EXPECT_TRUE(AdmittedSoon());
}

struct BadCase {
  std::string name;
  std::function<grpc::Status(pb::Kibitzer::Stub&, grpc::ClientContext*)> call;
  grpc::StatusCode code;
  std::string field;
};

void PrintTo(const BadCase& c, std::ostream* os) { *os << c.name; }

grpc::Status RunAnalyze(pb::Kibitzer::Stub& stub, grpc::ClientContext* c,
                        const pb::AnalyzeRequest& r) {
  auto reader = stub.Analyze(c, r);
  pb::SearchReport report;
  while (reader->Read(&report)) {
  }
  return reader->Finish();
}

std::vector<BadCase> BadCases() {
  auto setup = [](pb::Position p) {
    return [p](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::SetupPositionRequest r;
      *r.mutable_position() = p;
      pb::SetupPositionResponse out;
      return stub.SetupPosition(c, r, &out);
    };
  };
  auto analyze = [](std::function<void(pb::AnalyzeRequest&)> edit) {
    return [edit](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::AnalyzeRequest r;
      *r.mutable_position() = Inline("");
      edit(r);
      return RunAnalyze(stub, c, r);
    };
  };
  auto deal = [](int count) {
    return [count](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::DealRequest r;
      *r.mutable_position() = Inline("");
      r.set_count(count);
      pb::DealResponse out;
      return stub.Deal(c, r, &out);
    };
  };
  auto stop = [](std::string id) {
    return [id](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::StopRequest r;
      r.set_search_id(id);
      pb::StopResponse out;
      return stub.Stop(c, r, &out);
    };
  };
  pb::Position chess = Inline("").position();
  chess.set_game("chess");
  pb::Position no_game = Inline("").position();
  no_game.clear_game();
  pb::Position malformed = Inline("xx?......").position();
  pb::Position illegal = Inline("").position();
  illegal.add_moves("b2");
  illegal.add_moves("b2");
  pb::Position oversize = Inline(std::string(100000, '.')).position();
  pb::Position huge_game = Inline("").position();
  huge_game.set_game(std::string(200000, 'g'));
  pb::Position forged_game = Inline("").position();
  forged_game.set_game("go\n2026-01-01T00:00:00.000Z Stop peer=forged status=OK");
  auto bridge_deal = [](std::string constraints) {
    return [constraints](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::DealRequest r;
      pb::Position* view = r.mutable_position()->mutable_position();
      view->set_game("bridge");
      view->set_notation("N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K");
      view->set_seat("S");
      (*view->mutable_options())["leader"] = "S";
      r.set_constraints(constraints);
      pb::DealResponse out;
      return stub.Deal(c, r, &out);
    };
  };
  auto scrabble = [](std::string notation, std::vector<std::string> moves = {}) {
    pb::Position p;
    p.set_game("scrabble");
    p.set_notation(std::move(notation));
    for (auto& m : moves) p.add_moves(m);
    return p;
  };
  const std::string empty_board = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
  const std::string gcg = "#player1 a A\n#player2 b B\n";
  auto scrabble_deal = [empty_board](std::string fixed) {
    return [empty_board, fixed](pb::Kibitzer::Stub& stub, grpc::ClientContext* c) {
      pb::DealRequest r;
      pb::Position* view = r.mutable_position()->mutable_position();
      view->set_game("scrabble");
      view->set_notation(empty_board + " AEINRST/ 0/0 0 lex SCOWL70;");
      r.add_fixed(fixed);
      pb::DealResponse out;
      return stub.Deal(c, r, &out);
    };
  };
  const auto inv = grpc::INVALID_ARGUMENT;
  return {
      {"ScrabbleBoardRows", setup(scrabble("15/15 AB/ 0/0 0")), inv,
       "position.notation: the board has 2 rows, not 15"},
      {"ScrabbleUnknownLexicon", setup(scrabble(empty_board + " AEINRST/ 0/0 0 lex NOPE;")), inv,
       "position.notation: lexicon: no lexicon named 'NOPE'"},
      {"ScrabbleIllegalMove",
       setup(scrabble(empty_board + " AELPRSY/ 0/0 0 lex SCOWL70;", {"8A PLAYERS"})), inv,
       "position.moves[0]: '8A PLAYERS' is not legal: the first play must cover H8"},
      {"ScrabbleNotAWord",
       setup(scrabble(empty_board + " AELPRSY/ 0/0 0 lex SCOWL70;", {"8H SPARLEY"})), inv,
       "position.moves[0]: '8H SPARLEY' is not legal: SPARLEY is not a word of SCOWL70"},
      {"ScrabbleGcgScore", setup(scrabble(gcg + ">a: AEINRST 8D RETAINS +60 60")), inv,
       "position.notation: line 3: 8D RETAINS scores 66, not 60"},
      {"ScrabbleGcgForgedNick", setup(scrabble(gcg + ">a\x1b[2J: AEINRST 8D RETAINS +66 66")), inv,
       "the nick 'a\\x1b[2J' is neither 'a' nor 'b'"},
      {"ScrabbleFixedOwnRack", scrabble_deal("1:Q"), inv, "fixed[0]: '1:Q' is not 2:TILES"},
      {"ScrabbleFixedTooMany", scrabble_deal("2:QQ"), inv, "fixed: QQ are not among the unseen"},
      {"UnknownGame", setup(chess), inv, "position.game: unknown game 'chess'"},
      {"MissingGame", setup(no_game), inv, "position.game: required"},
      {"MalformedBoard", setup(malformed), inv, "position.notation: character '?'"},
      {"IllegalMove", setup(illegal), inv, "position.moves[1]"},
      {"OversizeNotation", setup(oversize), inv, "position.notation: too long"},
      {"NegativeDepth", analyze([](auto& r) { r.mutable_limits()->set_depth(-1); }), inv,
       "limits.depth"},
      {"AbsurdDepth", analyze([](auto& r) { r.mutable_limits()->set_depth(1 << 30); }), inv,
       "limits.depth"},
      {"NegativeNodes", analyze([](auto& r) { r.mutable_limits()->set_nodes(-5); }), inv,
       "limits.nodes"},
      {"AbsurdTime", analyze([](auto& r) { r.mutable_limits()->set_time_ms(int64_t{1} << 40); }),
       inv, "limits.time_ms"},
      {"NegativeInterval", analyze([](auto& r) { r.set_progress_interval_ms(-1); }), inv,
       "progress_interval_ms"},
      {"AbsurdHash", analyze([](auto& r) { r.set_hash_mb(1 << 30); }), inv, "hash_mb"},
      {"SamplesOnAPerfectInformationGame",
       analyze([](auto& r) { r.mutable_limits()->set_samples(100); }), inv, "limits.samples"},
      {"AbsurdPriority", analyze([](auto& r) { r.set_priority(99); }), inv, "priority"},
      {"UnknownOption", analyze([](auto& r) { (*r.mutable_options())["bogus"] = "1"; }), inv,
       "options[bogus]"},
      {"IllegalCandidate", analyze([](auto& r) { r.mutable_limits()->add_candidate_moves("z9"); }),
       inv, "limits.candidate_moves[0]"},
      {"MissingPosition", analyze([](auto& r) { r.clear_position(); }), inv, "position: required"},
      {"UnknownPositionId",
       analyze([](auto& r) { r.mutable_position()->set_position_id("p-nope"); }), grpc::NOT_FOUND,
       "position.position_id"},
      {"InlineUnknownGame",
       analyze([](auto& r) { r.mutable_position()->mutable_position()->set_game("go"); }), inv,
       "position.position.game"},
      {"GameOver", analyze([](auto& r) { *r.mutable_position() = Inline("xxxoo...."); }), inv,
       "position: the game is over"},
      {"NegativeDealCount", deal(-1), inv, "count"},
      {"AbsurdDealCount", deal(1 << 30), inv, "count"},
      {"UnknownSearchId", stop("s-0000"), grpc::NOT_FOUND, "search_id"},
      {"EmptySearchId", stop(""), inv, "search_id: required"},
      {"HugeGameName", setup(huge_game), inv, "position.game: too long: 200000 bytes"},
      {"ForgedLogLineInGame", setup(forged_game), inv, "unknown game 'go\\n2026"},
      {"HugePositionId",
       analyze([](auto& r) { r.mutable_position()->set_position_id(std::string(200000, 'p')); }),
       inv, "position.position_id: too long"},
      {"HugeSearchId", stop(std::string(200000, 's')), inv, "search_id: too long"},
      {"OverflowingScript", bridge_deal("(4294967296 * 2147483648) / -1 > 0"), inv,
       "constraints: line 1, column 13: at '*': the value may overflow"},
      {"RemainderByMinusOne", bridge_deal("(4294967296 * 2147483648) % -1 > 0"), inv,
       "the value may overflow"},
      {"DeeplyNestedScript", bridge_deal(std::string(3000, '(') + "1" + std::string(3000, ')')),
       inv, "nested more than 100 deep"},
      {"ManyNots", bridge_deal(std::string(60000, '!') + "1"), inv, "nested more than 100 deep"},
  };
}

class LoopbackBadInput : public Loopback, public ::testing::WithParamInterface<BadCase> {};

TEST_P(LoopbackBadInput, IsAnsweredWithTheFieldAndTheServerGoesOn) {
  grpc::ClientContext context;
  Limit(&context);
  const grpc::Status status = GetParam().call(*stub_, &context);
  EXPECT_EQ(status.error_code(), GetParam().code) << status.error_message();
  EXPECT_NE(status.error_message().find(GetParam().field), std::string::npos)
      << status.error_message().substr(0, 300);
  // What a client sent is echoed cut and escaped: the message stays small, on one line.
  EXPECT_LT(status.error_message().size(), 1024u);
  EXPECT_EQ(status.error_message().find('\n'), std::string::npos);
  EXPECT_TRUE(Serving());
}

INSTANTIATE_TEST_SUITE_P(Cases, LoopbackBadInput, ::testing::ValuesIn(BadCases()),
                         [](const auto& param_info) { return param_info.param.name; });

TEST_F(Loopback, MessagesPastTheTransportLimitAreRefusedAndTheServerGoesOn) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "under ThreadSanitizer the uninstrumented client takes minutes to send 5 MB; "
                  "the release and AddressSanitizer runs check this";
#endif
  pb::SetupPositionResponse out;
  const grpc::Status status = Setup(Inline(std::string(5 << 20, '.')).position(), &out);
  EXPECT_EQ(status.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_TRUE(Serving());
}

class LoopbackSmallMemory : public Loopback {
 protected:
  void SetUp() override { Start({"--max-memory-mb=64", "--threads=2"}); }
};

// One budget bounds every search's tables together: a search whose tables (one per thread) do not
// fit is refused at once, saying how much it needs and how much is free; a smaller one runs.
TEST_F(LoopbackSmallMemory, ASearchWhoseTablesDoNotFitIsRefusedAtOnce) {
  pb::AnalyzeRequest request;
  pb::Position* view = request.mutable_position()->mutable_position();
  view->set_game("bridge");
  view->set_notation("N:AQ.2.A.J T.KQ.K.Q 32.3.2.A 5.J4.Q.K");
  view->set_seat("S");
  (*view->mutable_options())["leader"] = "S";
  request.mutable_limits()->set_samples(20);
  request.set_threads(2);
  request.set_hash_mb(48);
  const Stream refused = Search(request);
  EXPECT_EQ(refused.status.error_code(), grpc::RESOURCE_EXHAUSTED);
  EXPECT_NE(refused.status.error_message().find("memory: this search needs 97 MiB of tables; "
                                                "the server's 64 MiB budget"),
            std::string::npos)
      << refused.status.error_message();
  EXPECT_TRUE(refused.reports.empty());
  request.set_hash_mb(16);
  const Stream ran = Search(request);
  ASSERT_TRUE(ran.status.ok()) << ran.status.error_message();
  ExpectWellFormed(ran);
  EXPECT_EQ(ran.reports.back().stop_reason(), pb::STOP_REASON_SAMPLE_LIMIT);
  grpc::ClientContext context;
  Limit(&context);
  pb::EngineInfo info;
  ASSERT_TRUE(stub_->GetEngineInfo(&context, pb::GetEngineInfoRequest(), &info).ok());
  EXPECT_EQ(info.limits().max_memory_mb(), 64);
}

// A compressed request is refused without being inflated (a small gzip message can inflate to
// gigabytes), and the server goes on.
TEST_F(Loopback, CompressedRequestsAreRefused) {
  grpc::ClientContext context;
  Limit(&context);
  context.set_compression_algorithm(GRPC_COMPRESS_GZIP);
  pb::SetupPositionRequest request;
  *request.mutable_position() = Inline(std::string(2000, '.')).position();
  pb::SetupPositionResponse out;
  const grpc::Status status = stub_->SetupPosition(&context, request, &out);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.error_code(), grpc::INVALID_ARGUMENT) << status.error_message();
  EXPECT_TRUE(Serving());
}

// A request message that does not parse is answered INVALID_ARGUMENT naming the message type
// (gRPC alone answers UNIMPLEMENTED with no word), and the server goes on.
TEST_F(Loopback, ARequestThatDoesNotParseIsNamed) {
  grpc::ClientContext context;
  Limit(&context);
  const grpc::Status status =
      GenericUnary(channel_, &context, "/kibitzer.v1.Kibitzer/SetupPosition",
                   std::string("\xff\xff\xff\xff", 4), nullptr);
  EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT) << status.error_message();
  EXPECT_NE(status.error_message().find("does not parse as kibitzer.v1.SetupPositionRequest"),
            std::string::npos)
      << status.error_message();
  EXPECT_TRUE(Serving());
}

class LoopbackShortTtl : public Loopback {
 protected:
  void SetUp() override { Start({"--position-ttl=200ms"}); }
};

TEST_F(LoopbackShortTtl, ExpiredPositionIdIsNotFound) {
  pb::SetupPositionResponse setup;
  ASSERT_TRUE(Setup(Inline("").position(), &setup).ok());
  std::this_thread::sleep_for(milliseconds(600));
  grpc::ClientContext context;
  pb::DealRequest deal;
  deal.mutable_position()->set_position_id(setup.position_id());
  pb::DealResponse out;
  const grpc::Status status = stub_->Deal(&context, deal, &out);
  EXPECT_EQ(status.error_code(), grpc::NOT_FOUND);
  EXPECT_NE(status.error_message().find("expired"), std::string::npos);
}

TEST_F(Loopback, ManyClientsAtOnceAllGetTheirAnswers) {
  std::vector<std::thread> clients;
  std::atomic<int> correct{0};
  for (int c = 0; c < 8; ++c) {
    clients.emplace_back([&, c] {
      auto stub = pb::Kibitzer::NewStub(channel_);
      for (int i = 0; i < 3; ++i) {
        grpc::ClientContext context;
        context.set_deadline(std::chrono::system_clock::now() + kCallLimit);
        pb::BestMoveRequest request;
        *request.mutable_position() = Inline(c % 2 == 0 ? "xx.oo.... x" : "xx..o.... o");
        auto reader = stub->BestMove(&context, request);
        pb::SearchReport report, last;
        while (reader->Read(&report)) last = report;
        if (reader->Finish().ok() && last.final() && last.best_move() == "c1") ++correct;
      }
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_EQ(correct, 24);
}

TEST_F(Loopback, ShutdownGivesRunningStreamsTheirFinalReport) {
  grpc::ClientContext context;
  pb::SearchReport report;
  auto reader = StartLongSearch(&context, &report);
  int exit_code = -2;
  std::thread terminator([&] { exit_code = server_->Terminate(); });
  pb::SearchReport last;
  while (reader->Read(&report)) last = report;
  const grpc::Status status = reader->Finish();
  // Close the connection so the server need not wait out its grace period for an idle client.
  reader.reset();
  stub_.reset();
  channel_.reset();
  terminator.join();
  EXPECT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(last.final());
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_SHUTDOWN);
  EXPECT_EQ(exit_code, 0);
}

}  // namespace
}  // namespace kibitzer::testing
