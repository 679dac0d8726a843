// Scrabble through a real kibitzerd whose lexica come from --lexicon-dir: a lexicon built from a
// word list, named in the position, every play ranked with progress, the greedy best move, and
// a seat view's deal with a fixed tile.
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "kibitzer/v1/kibitzer.grpc.pb.h"
#include "tests/service/server_process.h"

namespace kibitzer::testing {
namespace {

namespace pb = ::kibitzer::v1;

constexpr char kEmptyBoard[] = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

class ScrabbleLoopback : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("kibitzer-lexica-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    const std::string words = (dir_ / "tiny.txt").string();
    std::ofstream(words) << "cat\ncats\nscat\ncast\nacts\nat\nta\nact\n";
    ASSERT_TRUE(scrabble::BuildLexiconFile(words, "tiny", dir_.string()).ok());
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--threads=2", "--lexicon-dir=" + dir_.string()});
    ASSERT_TRUE(server_->started()) << "kibitzerd did not start";
    stub_ = pb::Kibitzer::NewStub(
        grpc::CreateChannel(server_->address(), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  void Limit(grpc::ClientContext* c) {
    c->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
  }
  static pb::Position Position() {
    pb::Position p;
    p.set_game("scrabble");
    p.set_notation(std::string(kEmptyBoard) + " ACEIOST/ 0/0 0 lex tiny;");
    return p;
  }
  std::vector<pb::SearchReport> Search(bool best, const std::string& algorithm) {
    grpc::ClientContext c;
    Limit(&c);
    std::vector<pb::SearchReport> reports;
    pb::SearchReport report;
    if (best) {
      pb::BestMoveRequest r;
      *r.mutable_position()->mutable_position() = Position();
      (*r.mutable_options())["algorithm"] = algorithm;
      auto reader = stub_->BestMove(&c, r);
      while (reader->Read(&report)) reports.push_back(report);
      EXPECT_TRUE(reader->Finish().ok());
    } else {
      pb::AnalyzeRequest r;
      *r.mutable_position()->mutable_position() = Position();
      (*r.mutable_options())["algorithm"] = algorithm;
      (*r.mutable_options())["top"] = "5";
      r.set_progress_interval_ms(0);
      auto reader = stub_->Analyze(&c, r);
      while (reader->Read(&report)) reports.push_back(report);
      EXPECT_TRUE(reader->Finish().ok());
    }
    return reports;
  }

  std::filesystem::path dir_;
  std::unique_ptr<ServerProcess> server_;
  std::unique_ptr<pb::Kibitzer::Stub> stub_;
};

TEST_F(ScrabbleLoopback, ALexiconFromTheDirectoryIsNamedSetUpAnalysedAndDealt) {
  {
    grpc::ClientContext c;
    Limit(&c);
    pb::GetEngineInfoRequest r;
    pb::EngineInfo info;
    ASSERT_TRUE(stub_->GetEngineInfo(&c, r, &info).ok());
    bool found = false;
    for (const pb::GameInfo& g : info.games()) {
      if (g.name() != "scrabble") continue;
      found = true;
      EXPECT_NE(g.description().find("Lexica on this server: TINY"), std::string::npos);
    }
    EXPECT_TRUE(found);
  }
  pb::SetupPositionResponse held;
  {
    pb::SetupPositionRequest r;
    *r.mutable_position() = Position();
    grpc::ClientContext c;
    Limit(&c);
    const grpc::Status s = stub_->SetupPosition(&c, r, &held);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_EQ(held.side_to_move(), "1");
  EXPECT_EQ(held.position().notation(), std::string(kEmptyBoard) + " ACEIOST/ 0/0 0 lex TINY;");
  // Every word of the lexicon that the rack can make, across and down, through H8.
  std::set<std::string> words;
  for (const std::string& m : held.legal_moves()) {
    if (m[0] != '-') words.insert(m.substr(m.find(' ') + 1));
  }
  EXPECT_EQ(words,
            (std::set<std::string>{"ACT", "ACTS", "AT", "CAST", "CAT", "CATS", "SCAT", "TA"}));

  const std::vector<pb::SearchReport> greedy = Search(true, "greedy");
  ASSERT_GE(greedy.size(), 2u);
  const pb::SearchReport& best = greedy.back();
  EXPECT_TRUE(best.final());
  EXPECT_EQ(best.stop_reason(), pb::STOP_REASON_COMPLETED);
  const std::string word = best.best_move().substr(best.best_move().find(' ') + 1);
  EXPECT_EQ(word.size(), 4u) << best.best_move();
  EXPECT_EQ(best.moves(0).value(), 12);  // four one-point letters on the double word

  const std::vector<pb::SearchReport> ranked = Search(false, "static");
  ASSERT_GE(ranked.size(), 2u);
  EXPECT_EQ(ranked.front().sequence(), 0);
  const pb::SearchReport& last = ranked.back();
  EXPECT_TRUE(last.final());
  ASSERT_EQ(last.moves_size(), 5);
  for (const pb::MoveValue& m : last.moves()) {
    ASSERT_EQ(m.metrics_size(), 3);
    EXPECT_EQ(m.metrics(0).name(), "score");
    EXPECT_NEAR(m.value(), m.metrics(0).value() + m.metrics(1).value(), 1e-9);
  }

  pb::DealRequest deal;
  deal.mutable_position()->set_position_id(held.position_id());
  deal.add_fixed("2:QZ");
  deal.set_count(3);
  deal.set_seed(4);
  pb::DealResponse layouts;
  {
    grpc::ClientContext c;
    Limit(&c);
    const grpc::Status s = stub_->Deal(&c, deal, &layouts);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  ASSERT_EQ(layouts.layouts_size(), 3);
  for (const pb::Position& layout : layouts.layouts()) {
    const std::string& n = layout.notation();
    const std::string racks =
        n.substr(n.find(' ') + 1, n.find(' ', n.find(' ') + 1) - n.find(' ') - 1);
    EXPECT_EQ(racks.substr(0, 8), "ACEIOST/");
    EXPECT_NE(racks.find('Q'), std::string::npos) << n;
    EXPECT_NE(racks.find('Z'), std::string::npos) << n;
    EXPECT_NE(n.find(" bag "), std::string::npos) << n;
  }
}

}  // namespace
}  // namespace kibitzer::testing
