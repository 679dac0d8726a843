// Tarok through a real kibitzerd: a game played move by move from the legal moves the server
// gives, a seat's view dealt with a fixed card and analysed by Monte Carlo, a bid chosen by
// simulation, and bad input naming its field.
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
    "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C "
    "SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C "
    "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH";

class TarokLoopback : public ::testing::Test {
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
  grpc::Status Setup(const pb::Position& p, pb::SetupPositionResponse* out) {
    pb::SetupPositionRequest r;
    *r.mutable_position() = p;
    grpc::ClientContext c;
    Limit(&c);
    return stub_->SetupPosition(&c, r, out);
  }
  // Reads a search stream to its end; returns the final report.
  template <typename Reader>
  pb::SearchReport Drain(Reader& reader, int* reports) {
    pb::SearchReport report, last;
    *reports = 0;
    while (reader->Read(&report)) {
      last = report;
      ++*reports;
    }
    EXPECT_TRUE(reader->Finish().ok());
    return last;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
};

TEST_F(TarokLoopback, AGameIsPlayedThenASeatsViewIsDealtAndAnalysed) {
  pb::Position p;
  p.set_game("tarok");
  p.set_notation(kDeal);
  for (const char* m : {"pass", "pass", "klop"}) p.add_moves(m);
  // Eleven tricks with the first legal card each time.
  pb::SetupPositionResponse held;
  for (int i = 0; i < 33; ++i) {
    ASSERT_TRUE(Setup(p, &held).ok());
    ASSERT_GT(held.legal_moves_size(), 0);
    p.add_moves(held.legal_moves(0));
  }
  ASSERT_TRUE(Setup(p, &held).ok());
  const std::string mover = held.side_to_move();
  ASSERT_FALSE(mover.empty());

  // Every card known: exact values.
  pb::AnalyzeRequest exact;
  *exact.mutable_position()->mutable_position() = p;
  {
    grpc::ClientContext c;
    Limit(&c);
    auto reader = stub_->Analyze(&c, exact);
    int reports = 0;
    const pb::SearchReport last = Drain(reader, &reports);
    EXPECT_TRUE(last.final());
    EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_COMPLETED);
    EXPECT_EQ(last.moves_size(), held.legal_moves_size());
    for (const pb::MoveValue& m : last.moves()) EXPECT_EQ(m.bound(), pb::BOUND_EXACT);
  }

  // The mover's view: three hidden places (two hands and the talon cards not yet given away).
  p.set_seat(mover);
  pb::SetupPositionResponse view;
  ASSERT_TRUE(Setup(p, &view).ok());
  EXPECT_GT(view.knowledge().hidden_cards(), 0);
  pb::DealRequest deal;
  deal.mutable_position()->set_position_id(view.position_id());
  deal.set_count(4);
  deal.set_seed(9);
  pb::DealResponse layouts;
  {
    grpc::ClientContext c;
    Limit(&c);
    ASSERT_TRUE(stub_->Deal(&c, deal, &layouts).ok());
  }
  ASSERT_EQ(layouts.layouts_size(), 4);
  for (const pb::Position& layout : layouts.layouts()) {
    pb::SetupPositionResponse again;
    EXPECT_TRUE(Setup(layout, &again).ok()) << layout.notation();
  }

  pb::AnalyzeRequest analyze;
  analyze.mutable_position()->set_position_id(view.position_id());
  analyze.mutable_limits()->set_samples(10);
  analyze.set_seed(7);
  analyze.set_progress_interval_ms(0);
  grpc::ClientContext c;
  Limit(&c);
  auto reader = stub_->Analyze(&c, analyze);
  int reports = 0;
  const pb::SearchReport last = Drain(reader, &reports);
  EXPECT_GE(reports, 2);
  EXPECT_TRUE(last.final());
  EXPECT_EQ(last.stop_reason(), pb::STOP_REASON_SAMPLE_LIMIT);
  EXPECT_EQ(last.samples(), 10);
  for (const pb::MoveValue& m : last.moves()) EXPECT_EQ(m.samples(), 10u) << m.move();
}

TEST_F(TarokLoopback, ABidIsChosenBySimulation) {
  pb::BestMoveRequest r;
  pb::Position* p = r.mutable_position()->mutable_position();
  p->set_game("tarok");
  p->set_notation(kDeal);
  p->set_seat("2");
  r.mutable_limits()->set_samples(20);
  grpc::ClientContext c;
  Limit(&c);
  auto reader = stub_->BestMove(&c, r);
  int reports = 0;
  const pb::SearchReport last = Drain(reader, &reports);
  ASSERT_TRUE(last.final());
  const std::vector<std::string> bids = {"pass",         "two",         "one",          "beggar",
                                         "solo_without", "open_beggar", "colour_valat", "valat"};
  EXPECT_NE(std::find(bids.begin(), bids.end(), last.best_move()), bids.end()) << last.best_move();
}

TEST_F(TarokLoopback, BadInputNamesItsField) {
  struct Case {
    std::string notation, move, option_key, option_value, field;
  };
  const std::vector<Case> cases = {
      {"XXI,XX - - -", "", "", "", "notation: hand 1 has 2 cards"},
      {kDeal, "three", "", "", "moves[0]: 'three' is not legal"},
      {kDeal, "", "contract", "two", "options[declarer]"},
      {kDeal, "", "preset", "x", "options[preset]: unknown option"},
      {kDeal, "", "klop_limit", "40", "options[klop_limit]"},
  };
  for (const Case& k : cases) {
    pb::Position p;
    p.set_game("tarok");
    p.set_notation(k.notation);
    if (!k.move.empty()) p.add_moves(k.move);
    if (!k.option_key.empty()) (*p.mutable_options())[k.option_key] = k.option_value;
    pb::SetupPositionResponse out;
    const grpc::Status s = Setup(p, &out);
    EXPECT_EQ(s.error_code(), grpc::INVALID_ARGUMENT) << k.field;
    EXPECT_NE(s.error_message().find(k.field), std::string::npos) << s.error_message();
  }
}

}  // namespace
}  // namespace kibitzer::testing
