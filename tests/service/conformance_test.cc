// The wire contract, held to for every game GetEngineInfo lists, through a real kibitzerd:
// - `seat` is that seat's knowledge: a whole layout with the seat named is analysed exactly as the
//   layout with the hands the seat cannot see left out (same seed), and not as the whole layout;
// - at a hidden seat's turn the legal moves are the viewer's, not the hidden hand's;
// - every value, metric and statistic carries a unit, every report the objective and target;
// - every refusal of the client's input carries a google.rpc.BadRequest naming the field.
// A game the server plays with no case here fails the test: a new game joins the contract.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/server_process.h"

namespace kibitzer::testing {
namespace {

namespace pb = ::kibitzer::v1;

// One game's positions for the contract.
struct GameCase {
  pb::Position whole;   // every hand given, `seat` the side to move
  pb::Position hidden;  // the same with the hands the seat cannot see left out
  pb::Position turn;    // every hand given, `seat` set, another (hidden) seat to move
  std::map<std::string, std::string> search_options;
};

pb::Position MakePosition(const std::string& game, const std::string& notation,
                          const std::string& seat, std::vector<std::string> moves = {},
                          std::map<std::string, std::string> options = {}) {
  pb::Position p;
  p.set_game(game);
  p.set_notation(notation);
  p.set_seat(seat);
  for (const std::string& m : moves) p.add_moves(m);
  for (const auto& [k, v] : options) (*p.mutable_options())[k] = v;
  return p;
}

constexpr char kBridgeDeal[] =
    "W:AKQ2.KJ3.T98.765 JT98.AQT9.AKQ.AK 765.8765.J76.QJT 43.42.5432.98432";
constexpr char kBigTwoDeal[] =
    "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
    "3S4C4H5D6D8C8S9DJCJHQDKDAS";
constexpr char kTarokHands[] =
    "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C "
    "SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C "
    "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C";
constexpr char kScrabbleBoard[] = "15/15/15/15/15/15/15/7A7/6A8/15/15/15/15/15/15";

std::map<std::string, GameCase> Cases() {
  std::map<std::string, GameCase> cases;
  const std::map<std::string, std::string> contract = {{"contract", "3NT"}, {"declarer", "S"}};
  cases["bridge"] = {MakePosition("bridge", kBridgeDeal, "W", {}, contract),
                     MakePosition("bridge", "W:AKQ2.KJ3.T98.765 - - -", "W", {}, contract),
                     // West leads, dummy follows: East (hidden from West) to play.
                     MakePosition("bridge", kBridgeDeal, "W", {"SA", "S8"}, contract),
                     {{"objective", "tricks"}}};
  const std::string fourth = "- - - 3S4C4H5D6D8C8S9DJCJHQDKDAS";
  cases["bigtwo"] = {MakePosition("bigtwo", kBigTwoDeal, "4", {"3C", "6C", "9H"}),
                     MakePosition("bigtwo", fourth, "4", {"3C", "6C", "9H"}, {{"leader", "1"}}),
                     MakePosition("bigtwo", kBigTwoDeal, "4", {"3C"}),
                     {}};
  const std::string talon = " QH,2H,3H,QS,7C,KH";
  const std::vector<std::string> hands = absl::StrSplit(kTarokHands, ' ');
  // Seat 2 bids first; seat 1 (forehand) is hidden from it.
  cases["tarok"] = {MakePosition("tarok", kTarokHands + talon, "2"),
                    MakePosition("tarok", absl::StrCat("- ", hands[1], " - -"), "2"),
                    // Klop: forehand (seat 1, hidden from seat 2) leads.
                    MakePosition("tarok", kTarokHands + talon, "2", {}, {{"contract", "klop"}}),
                    {}};
  const std::string racks = " 0/0 0 lex SCOWL70;";
  cases["scrabble"] = {
      MakePosition("scrabble", absl::StrCat(kScrabbleBoard, " EIORTUV/ADENRST", racks), "1"),
      MakePosition("scrabble", absl::StrCat(kScrabbleBoard, " EIORTUV/", racks), "1"),
      MakePosition("scrabble", absl::StrCat(kScrabbleBoard, " EIORTUV/ADENRST", racks), "1",
                   {"9G AT"}),
      {{"algorithm", "sim"}, {"plies", "1"}, {"candidates", "3"}}};
  cases["tictactoe"] = {MakePosition("tictactoe", "x...o.... x", ""), {}, {}, {}};
  return cases;
}

class Conformance : public ::testing::Test {
 protected:
  void SetUp() override {
    server_ = std::make_unique<ServerProcess>(std::vector<std::string>{"--threads=2"});
    ASSERT_TRUE(server_->started()) << "kibitzerd did not start";
    stub_ = pb::Kibitzer::NewStub(
        grpc::CreateChannel(server_->address(), grpc::InsecureChannelCredentials()));
  }
  static void Limit(grpc::ClientContext* c) {
    c->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  }
  grpc::Status Setup(const pb::Position& p, pb::SetupPositionResponse* out) {
    pb::SetupPositionRequest r;
    *r.mutable_position() = p;
    grpc::ClientContext c;
    Limit(&c);
    return stub_->SetupPosition(&c, r, out);
  }
  // Runs an analysis to its end: every report, and the call's status.
  grpc::Status Analyze(const pb::AnalyzeRequest& r, std::vector<pb::SearchReport>* reports) {
    grpc::ClientContext c;
    Limit(&c);
    auto reader = stub_->Analyze(&c, r);
    pb::SearchReport report;
    while (reader->Read(&report)) reports->push_back(report);
    return reader->Finish();
  }
  pb::AnalyzeRequest Request(const pb::Position& p, const GameCase& game, bool sampled) {
    pb::AnalyzeRequest r;
    *r.mutable_position()->mutable_position() = p;
    if (sampled) r.mutable_limits()->set_samples(8);
    r.set_seed(5);
    r.set_progress_interval_ms(0);
    for (const auto& [k, v] : game.search_options) (*r.mutable_options())[k] = v;
    return r;
  }

  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
};

// The BadRequest's first violation's field, or why there is none.
std::string ViolatedField(const grpc::Status& status) {
  google::rpc::Status details;
  if (!details.ParseFromString(status.error_details())) return "(no status details)";
  if (details.code() != status.error_code()) return "(details of another code)";
  for (const google::protobuf::Any& any : details.details()) {
    google::rpc::BadRequest bad;
    if (any.UnpackTo(&bad) && bad.field_violations_size() > 0) {
      if (bad.field_violations(0).description().empty()) return "(no description)";
      return bad.field_violations(0).field();
    }
  }
  return "(no BadRequest)";
}

// The values of a final report, move by move, for comparing two searches.
std::string Values(const pb::SearchReport& r) {
  std::vector<std::string> out;
  for (const pb::MoveValue& m : r.moves()) {
    out.push_back(absl::StrCat(m.move(), "=", m.value(), "±", m.std_error(), "/", m.samples()));
  }
  return absl::StrJoin(out, " ");
}

void ExpectUnits(const pb::SearchReport& r, const std::string& game) {
  EXPECT_NE(r.unit(), pb::VALUE_UNIT_UNSPECIFIED) << game;
  EXPECT_FALSE(r.objective().empty()) << game;
  for (const pb::MoveValue& m : r.moves()) {
    EXPECT_EQ(m.unit(), r.unit()) << game << " " << m.move();
    for (const pb::Statistic& s : m.metrics()) {
      EXPECT_NE(s.unit(), pb::VALUE_UNIT_UNSPECIFIED) << game << " " << m.move() << " " << s.name();
    }
  }
  for (const pb::Statistic& s : r.statistics()) {
    EXPECT_NE(s.unit(), pb::VALUE_UNIT_UNSPECIFIED) << game << " " << s.name();
  }
}

TEST_F(Conformance, EveryGameKeepsTheContract) {
  pb::EngineInfo info;
  {
    grpc::ClientContext c;
    Limit(&c);
    ASSERT_TRUE(stub_->GetEngineInfo(&c, pb::GetEngineInfoRequest(), &info).ok());
  }
  const std::map<std::string, GameCase> cases = Cases();
  ASSERT_GE(info.games_size(), 5);
  for (const pb::GameInfo& g : info.games()) {
    SCOPED_TRACE(g.name());
    const auto found = cases.find(g.name());
    ASSERT_NE(found, cases.end()) << "no conformance case for " << g.name();
    const GameCase& game = found->second;
    for (const std::string& seat : g.seats()) {
      EXPECT_FALSE(seat.empty());
      if (g.name() != "bridge" && g.name() != "tictactoe") {
        EXPECT_NE(seat, "0");
      }
    }

    if (g.hidden_information()) {
      // The seat's view of the whole layout is the view of the layout without the hidden hands.
      std::vector<pb::SearchReport> whole, hidden, full;
      ASSERT_TRUE(Analyze(Request(game.whole, game, true), &whole).ok());
      ASSERT_TRUE(Analyze(Request(game.hidden, game, true), &hidden).ok());
      pb::Position everything = game.whole;
      everything.clear_seat();
      ASSERT_TRUE(Analyze(Request(everything, game, false), &full).ok());
      ASSERT_FALSE(whole.empty());
      ASSERT_FALSE(hidden.empty());
      ASSERT_FALSE(full.empty());
      EXPECT_EQ(whole.back().stop_reason(), pb::STOP_REASON_SAMPLE_LIMIT) << whole.back().message();
      EXPECT_EQ(Values(whole.back()), Values(hidden.back()));
      EXPECT_NE(Values(whole.back()), Values(full.back()));
      EXPECT_EQ(whole.back().samples(), 8);
      for (const pb::SearchReport& r : whole) EXPECT_EQ(r.target().samples(), 8);
      for (const auto* reports : {&whole, &full}) {
        for (const pb::SearchReport& r : *reports) ExpectUnits(r, g.name());
      }

      // At a hidden seat's turn, the moves the viewer cannot rule out.
      pb::SetupPositionResponse viewed, open;
      ASSERT_TRUE(Setup(game.turn, &viewed).ok());
      pb::Position turn_open = game.turn;
      turn_open.clear_seat();
      ASSERT_TRUE(Setup(turn_open, &open).ok());
      EXPECT_EQ(viewed.side_to_move(), open.side_to_move());
      EXPECT_NE(viewed.side_to_move(), game.turn.seat());
      // (Scrabble's bag is hidden from every seat.)
      EXPECT_GT(viewed.knowledge().hidden_cards(), open.knowledge().hidden_cards());
      EXPECT_NE(absl::StrJoin(viewed.legal_moves(), " "), absl::StrJoin(open.legal_moves(), " "));
      // A layout Deal returns is a full position, seen by all.
      pb::DealRequest deal;
      *deal.mutable_position()->mutable_position() = game.whole;
      deal.set_count(2);
      pb::DealResponse layouts;
      grpc::ClientContext c;
      Limit(&c);
      ASSERT_TRUE(stub_->Deal(&c, deal, &layouts).ok());
      for (const pb::Position& layout : layouts.layouts()) EXPECT_TRUE(layout.seat().empty());
    } else {
      std::vector<pb::SearchReport> reports;
      ASSERT_TRUE(Analyze(Request(game.whole, game, false), &reports).ok());
      for (const pb::SearchReport& r : reports) ExpectUnits(r, g.name());
    }

    // Bad input: a BadRequest naming the field, by its path in the request.
    pb::Position bad = game.whole;
    bad.set_notation("%%% not a position");
    pb::SetupPositionResponse ignored;
    grpc::Status s = Setup(bad, &ignored);
    EXPECT_EQ(s.error_code(), grpc::INVALID_ARGUMENT);
    EXPECT_EQ(ViolatedField(s), "position.notation") << s.error_message();
    std::vector<pb::SearchReport> none;
    s = Analyze(Request(bad, game, false), &none);
    EXPECT_EQ(s.error_code(), grpc::INVALID_ARGUMENT);
    EXPECT_EQ(ViolatedField(s), "position.position.notation") << s.error_message();
    pb::AnalyzeRequest odd = Request(game.whole, game, g.hidden_information());
    (*odd.mutable_options())["no_such_option"] = "1";
    s = Analyze(odd, &none);
    EXPECT_EQ(ViolatedField(s), "options[no_such_option]") << s.error_message();
    pb::Position illegal = game.whole;
    illegal.add_moves("zz99");
    s = Setup(illegal, &ignored);
    EXPECT_EQ(ViolatedField(s), absl::StrCat("position.moves[", illegal.moves_size() - 1, "]"))
        << s.error_message();
    pb::AnalyzeRequest unknown;
    unknown.mutable_position()->set_position_id("p-no-such-position");
    s = Analyze(unknown, &none);
    EXPECT_EQ(s.error_code(), grpc::NOT_FOUND);
    EXPECT_EQ(ViolatedField(s), "position.position_id") << s.error_message();
  }
}

}  // namespace
}  // namespace kibitzer::testing
