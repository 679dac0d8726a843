// Big Two through a real kibitzerd: a seat's view set up, its hidden hands dealt with a fixed
// card, every play analysed by Monte Carlo with progress, and bad input naming its field.
#include <map>
#include <string>
#include <vector>

#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/server_process.h"

namespace kibitzer::testing {
namespace {

namespace pb = ::kibitzer::v1;

constexpr char kDeal[] =
    "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
    "3S4C4H5D6D8C8S9DJCJHQDKDAS";

class BigTwoLoopback : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(std::vector<std::string>{"--threads=2"});
    ASSERT_TRUE(server_->started()) << "kibitzerd did not start";
    stub_ = pb::Kibitzer::NewStub(
        grpc::CreateChannel(server_->address(), grpc::InsecureChannelCredentials()));
  }
  void Limit(grpc::ClientContext* c) {
    c->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  }
  // Seat 4's view after 3C 6C 9H: seat 4 to move, seats 1-3 hidden.
  static pb::Position View() {
    pb::Position p;
    p.set_game("bigtwo");
    p.set_notation(kDeal);
    p.set_seat("4");
    (*p.mutable_options())["leader"] = "1";
    for (const char* m : {"3C", "6C", "9H"}) p.add_moves(m);
    return p;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
};

TEST_F(BigTwoLoopback, ASeatsViewIsSetUpDealtAndAnalysed) {
  pb::SetupPositionRequest setup;
  *setup.mutable_position() = View();
  pb::SetupPositionResponse held;
  {
    grpc::ClientContext c;
    Limit(&c);
    const grpc::Status s = stub_->SetupPosition(&c, setup, &held);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(held.side_to_move(), "4");
  EXPECT_EQ(held.position().notation(), "- - - 3S4C4H5D6D8C8S9DJCJHQDKDAS");
  EXPECT_EQ(std::vector<std::string>(held.legal_moves().begin(), held.legal_moves().end()),
            (std::vector<std::string>{"JC", "JH", "QD", "KD", "AS", "pass"}));
  EXPECT_EQ(held.knowledge().hidden_cards(), 36);

  pb::DealRequest deal;
  deal.mutable_position()->set_position_id(held.position_id());
  deal.add_fixed("2:2S");
  deal.set_count(5);
  deal.set_seed(3);
  pb::DealResponse layouts;
  {
    grpc::ClientContext c;
    Limit(&c);
    const grpc::Status s = stub_->Deal(&c, deal, &layouts);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  ASSERT_EQ(layouts.layouts_size(), 5);
  for (const pb::Position& layout : layouts.layouts()) {
    // Seat 4's hand as dealt, seat 2's hand holds the fixed 2S and the 6C it played.
    const std::string n = layout.notation();
    EXPECT_EQ(n.substr(n.rfind(' ') + 1), "3S4C4H5D6D8C8S9DJCJHQDKDAS");
    const std::string second = n.substr(n.find(' ') + 1, 26);
    EXPECT_NE(second.find("2S"), std::string::npos) << n;
    EXPECT_NE(second.find("6C"), std::string::npos) << n;
  }

  pb::AnalyzeRequest analyze;
  analyze.mutable_position()->set_position_id(held.position_id());
  analyze.mutable_limits()->set_samples(40);
  analyze.set_seed(7);
  analyze.set_progress_interval_ms(0);
  grpc::ClientContext c;
  Limit(&c);
  auto reader = stub_->Analyze(&c, analyze);
  pb::SearchReport report, first, last;
  int reports = 0;
  while (reader->Read(&report)) {
    if (reports == 0) first = report;
    last = report;
    ++reports;
  }
  ASSERT_TRUE(reader->Finish().ok());
  // The opening report and exactly one final one; progress between them may be coalesced while
  // a write is in flight, so its count is not fixed.
  EXPECT_GE(reports, 2);
  EXPECT_EQ(first.sequence(), 0);
  EXPECT_FALSE(first.final());
  EXPECT_TRUE(last.final());
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_SAMPLE_LIMIT);
  EXPECT_EQ(last.samples(), 40);
  EXPECT_EQ(last.moves_size(), 6);
  for (const pb::MoveValue& m : last.moves()) EXPECT_EQ(m.samples(), 40u) << m.move();
  EXPECT_EQ(last.best_move(), last.moves(0).move());
}

TEST_F(BigTwoLoopback, BadInputNamesItsField) {
  struct Case {
    std::string notation, move;
    std::map<std::string, std::string> options;
    std::string field;
  };
  const std::vector<Case> cases = {
      {"3C5C 6C8D - -", "", {}, "hand 1 has 2 cards"},
      {kDeal, "4D", {}, "moves[0]: '4D' is not legal"},
      {kDeal, "3C3C", {}, "moves[0]: 3C is given twice"},
      {kDeal, "", {{"players", "5"}}, "options[players]"},
      {kDeal, "", {{"straights", "round"}}, "options[straights]"},
      {"- - - 3S4C4H5D6D8C8S9DJCJHQDKDAS", "", {}, "options[leader]"},
      // The lowest card of the four hands leads, and the seat named does not hold it.
      {"- - - 3S4C4H5D6D8C8S9DJCJHQDKDAS",
       "",
       {{"leader", "4"}},
       "options[leader]: seat 4 does not hold 3C"},
      // Three players: the leader holds the lowest card dealt, and the 26 hidden cards would
      // have to be above its lowest, the QS.
      {"2S2H2D2CASAHADACKSKHKDKCQS - -",
       "",
       {{"players", "3"}, {"leader", "1"}},
       "options[leader]: seat 1 leads, so its QS is the lowest card dealt"},
  };
  for (const Case& k : cases) {
    pb::SetupPositionRequest r;
    r.mutable_position()->set_game("bigtwo");
    r.mutable_position()->set_notation(k.notation);
    if (!k.move.empty()) r.mutable_position()->add_moves(k.move);
    for (const auto& [key, value] : k.options)
      (*r.mutable_position()->mutable_options())[key] = value;
    pb::SetupPositionResponse out;
    grpc::ClientContext c;
    Limit(&c);
    const grpc::Status s = stub_->SetupPosition(&c, r, &out);
    EXPECT_EQ(s.error_code(), grpc::INVALID_ARGUMENT) << k.field;
    EXPECT_NE(s.error_message().find(k.field), std::string::npos) << s.error_message();
  }
}

}  // namespace
}  // namespace kibitzer::testing
