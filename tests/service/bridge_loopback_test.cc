// The Bridge service through a real kibitzerd: tables and par, card values of many positions,
// play analysis, bad input naming its field, and calls stopped by their deadline.
#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/server_process.h"

namespace kibitzer::testing {
namespace {

namespace pb = ::kibitzer::v1;
using std::chrono::milliseconds;

constexpr auto kCallLimit = std::chrono::seconds(120);

std::vector<std::vector<std::string>> DataFields(const std::string& name, size_t count) {
  std::ifstream in(std::string(KIBITZER_TEST_DATA) + "/bridge/" + name);
  std::vector<std::vector<std::string>> out;
  std::string line;
  while (out.size() < count && std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') out.push_back(absl::StrSplit(line, '\t'));
  }
  return out;
}

class BridgeLoopback : public ::testing::Test {
 protected:
  void Start(const std::vector<std::string>& flags) {
    server_ = std::make_unique<ServerProcess>(flags);
    ASSERT_TRUE(server_->started()) << "kibitzerd did not start";
    channel_ = grpc::CreateChannel(server_->address(), grpc::InsecureChannelCredentials());
    stub_ = pb::Bridge::NewStub(channel_);
  }
  void SetUp() override { Start({"--threads=2"}); }
  void Limit(grpc::ClientContext* c) {
    c->set_deadline(std::chrono::system_clock::now() + kCallLimit);
  }

  grpc::Status Tables(const pb::SolveTablesRequest& request, pb::SolveTablesResponse* out) {
    grpc::ClientContext context;
    Limit(&context);
    return stub_->SolveTables(&context, request, out);
  }

  std::unique_ptr<ServerProcess> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<pb::Bridge::Stub> stub_;
};

TEST_F(BridgeLoopback, TablesAndParOfManyDealsMatchDds) {
  const auto lines = DataFields("dd_tables_public.txt", 3);
  pb::SolveTablesRequest request;
  for (const auto& f : lines) request.add_deals(f[0]);
  pb::SolveTablesResponse response;
  const grpc::Status status = Tables(request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.tables_size(), 3);
  for (int i = 0; i < 3; ++i) {
    const pb::DoubleDummyTable& t = response.tables(i);
    EXPECT_EQ(t.deal(), lines[i][0]);
    EXPECT_EQ(absl::StrJoin(t.tricks(), " "), lines[i][1]);
    EXPECT_EQ(std::to_string(t.par_score()), lines[i][2]);
    EXPECT_EQ(absl::StrJoin(t.par_contracts(), ","), lines[i][3]);
    EXPECT_EQ(t.dealer(), "N");
    EXPECT_EQ(t.vulnerable(), "None");
  }
  EXPECT_GT(response.nodes(), 0);
}

TEST_F(BridgeLoopback, BoardsGiveEveryCardsValue) {
  // The first reference position with no card on the table, given as the engine's notation.
  const auto lines = DataFields("dd_solveboard_public.txt", 100);
  pb::SolveBoardsRequest request;
  std::vector<std::string> expected;
  for (const auto& f : lines) {
    if (f[2] != "-" || request.positions_size() == 2) continue;
    pb::Position* p = request.add_positions();
    p->set_game("bridge");
    p->set_notation(f[0]);
    (*p->mutable_options())["trump"] = f[1];
    (*p->mutable_options())["leader"] = f[3];
    expected.push_back(f[4]);
  }
  ASSERT_EQ(request.positions_size(), 2);
  grpc::ClientContext context;
  Limit(&context);
  pb::SolveBoardsResponse response;
  const grpc::Status status = stub_->SolveBoards(&context, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.boards_size(), 2);
  for (int i = 0; i < 2; ++i) {
    std::vector<std::string> got;
    for (const pb::CardValue& c : response.boards(i).cards()) {
      got.push_back(c.card() + ":" + std::to_string(c.tricks()));
    }
    EXPECT_EQ(absl::StrJoin(got, " "), expected[i]);
  }
}

TEST_F(BridgeLoopback, PlayAnalysisMarksEveryCard) {
  pb::AnalyzePlayRequest request;
  request.set_record(
      "[Deal \"N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8\"]\n"
      "[Declarer \"W\"]\n[Contract \"3NT\"]\n[Play \"N\"]\nH7 HA H5 H3\nD7 DJ DA D6\n");
  grpc::ClientContext context;
  Limit(&context);
  pb::AnalyzePlayResponse response;
  const grpc::Status status = stub_->AnalyzePlay(&context, request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.contract(), "3NT");
  EXPECT_EQ(response.declarer(), "W");
  EXPECT_EQ(response.start_tricks(), 11);  // West in NT, DDS's table
  ASSERT_EQ(response.cards_size(), 8);
  int before = response.start_tricks();
  for (const pb::PlayedCard& c : response.cards()) {
    EXPECT_EQ(c.tricks_before(), before);
    EXPECT_GE(c.cost(), 0);
    before = c.tricks_after();
  }
  EXPECT_GT(response.nodes(), 0);
}

struct Bad {
  std::string name;
  std::function<grpc::Status(pb::Bridge::Stub&, grpc::ClientContext*)> call;
  std::string field;
};

TEST_F(BridgeLoopback, BadInputNamesItsFieldAndTheServerGoesOn) {
  auto tables = [](std::vector<std::string> deals, std::string dealer, std::string vul) {
    return [=](pb::Bridge::Stub& stub, grpc::ClientContext* c) {
      pb::SolveTablesRequest r;
      for (const auto& d : deals) r.add_deals(d);
      r.set_dealer(dealer);
      r.set_vulnerable(vul);
      pb::SolveTablesResponse out;
      return stub.SolveTables(c, r, &out);
    };
  };
  const std::string deal = "N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8";
  const std::vector<Bad> cases = {
      {"no deals", tables({}, "", ""), "deals"},
      {"bad second deal", tables({deal, "N:AK.QJ"}, "", ""), "deals[1]"},
      {"end position", tables({"N:A... K... Q... J..."}, "", ""), "deals[0]: a table needs"},
      {"card twice",
       tables({"N:AQ64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8"}, "", ""),
       "deals[0]"},
      {"dealer", tables({deal}, "Q", ""), "dealer"},
      {"vulnerable", tables({deal}, "", "Some"), "vulnerable"},
      {"game of a board",
       [](pb::Bridge::Stub& stub, grpc::ClientContext* c) {
         pb::SolveBoardsRequest r;
         r.add_positions()->set_game("tictactoe");
         pb::SolveBoardsResponse out;
         return stub.SolveBoards(c, r, &out);
       },
       "positions[0].game"},
      {"revoke in the record",
       [deal](pb::Bridge::Stub& stub, grpc::ClientContext* c) {
         pb::AnalyzePlayRequest r;
         r.set_record("[Deal \"" + deal +
                      "\"]\n[Declarer \"W\"]\n[Contract \"3NT\"]\n[Play \"N\"]\nH7 HA S3 H3\n");
         pb::AnalyzePlayResponse out;
         return stub.AnalyzePlay(c, r, &out);
       },
       "record: Play: trick 1"},
      {"no contract",
       [deal](pb::Bridge::Stub& stub, grpc::ClientContext* c) {
         pb::AnalyzePlayRequest r;
         r.set_record("[Deal \"" + deal + "\"]\n");
         pb::AnalyzePlayResponse out;
         return stub.AnalyzePlay(c, r, &out);
       },
       "record: play analysis needs the contract"},
  };
  for (const Bad& b : cases) {
    grpc::ClientContext context;
    Limit(&context);
    const grpc::Status status = b.call(*stub_, &context);
    EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT) << b.name;
    EXPECT_NE(status.error_message().find(b.field), std::string::npos)
        << b.name << ": " << status.error_message();
  }
  pb::SolveTablesRequest ok;
  ok.add_deals(deal);
  pb::SolveTablesResponse response;
  EXPECT_TRUE(Tables(ok, &response).ok());
}

class BridgeLoopbackOneSlot : public BridgeLoopback {
 protected:
  void SetUp() override { Start({"--threads=1", "--max-queries=1"}); }
};

TEST_F(BridgeLoopbackOneSlot, ADeadlineStopsABigBatchAndFreesItsSlot) {
  const auto lines = DataFields("dd_tables_public.txt", 200);
  pb::SolveTablesRequest big;
  for (const auto& f : lines) big.add_deals(f[0]);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + milliseconds(500));
  pb::SolveTablesResponse response;
  EXPECT_EQ(stub_->SolveTables(&context, big, &response).error_code(), grpc::DEADLINE_EXCEEDED);
  // The one slot is free again once the server has stopped the batch.
  pb::SolveTablesRequest small;
  small.add_deals(lines[0][0]);
  bool admitted = false;
  for (int i = 0; i < 200 && !admitted; ++i) {
    const grpc::Status s = Tables(small, &response);
    admitted = s.ok();
    if (!admitted) {
      ASSERT_EQ(s.error_code(), grpc::RESOURCE_EXHAUSTED) << s.error_message();
      std::this_thread::sleep_for(milliseconds(50));
    }
  }
  EXPECT_TRUE(admitted);
}

// One front door: the Bridge calls are jobs of the same runner as the searches, so with one
// place a running search leaves a table call none (and the call gets it once the search ends).
TEST_F(BridgeLoopbackOneSlot, ASearchAndABridgeCallShareTheServersPlaces) {
  auto kibitzer = pb::Kibitzer::NewStub(channel_);
  pb::AnalyzeRequest search;
  pb::Position* p = search.mutable_position()->mutable_position();
  p->set_game("tictactoe");
  p->set_variant("4x4");
  (*search.mutable_options())["use_tt"] = "false";  // far longer than the test
  search.set_progress_interval_ms(20);
  grpc::ClientContext stream_context;
  auto reader = kibitzer->Analyze(&stream_context, search);
  pb::SearchReport report;
  ASSERT_TRUE(reader->Read(&report));  // admitted: it holds the one place
  const auto lines = DataFields("dd_tables_public.txt", 1);
  pb::SolveTablesRequest small;
  small.add_deals(lines[0][0]);
  pb::SolveTablesResponse response;
  const grpc::Status busy = Tables(small, &response);
  EXPECT_EQ(busy.error_code(), grpc::RESOURCE_EXHAUSTED) << busy.error_message();
  stream_context.TryCancel();
  while (reader->Read(&report)) {
  }
  reader->Finish();
  bool admitted = false;
  for (int i = 0; i < 200 && !admitted; ++i) {
    const grpc::Status s = Tables(small, &response);
    admitted = s.ok();
    if (!admitted) std::this_thread::sleep_for(milliseconds(50));
  }
  EXPECT_TRUE(admitted);
}

}  // namespace
}  // namespace kibitzer::testing
