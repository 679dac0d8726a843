// PBN game records with tags, BBO LIN, auctions, and the refusals of malformed records.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/records/play_analysis.h"
#include "engine/games/bridge/records/record.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace kibitzer::bridge {
namespace {

using ::testing::HasSubstr;

constexpr char kDeal[] = "N:Q64.JT98742.7.T6 K2.AK.JT8542.954 T983.5.A93.AJ732 AJ75.Q63.KQ6.KQ8";

std::string Game(absl::string_view extra) {
  return absl::StrCat("[Event \"test\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n[Deal \"", kDeal,
                      "\"]\n", extra);
}

TEST(BridgeRecord, ReadsTagsAuctionAndAPlayRecordThatStopsMidTrick) {
  // North opens 3H and is doubled in 4H; East leads. Columns are E S W N in every trick: West
  // wins trick 1 with the SA and leads the S5 to trick 2, where the record stops.
  const std::string text = Game(
      "[Declarer \"N\"]\n[Contract \"4HX\"]\n"
      "[Auction \"N\"]\n3H 4D 4H X\nPass Pass Pass\n"
      "[Play \"E\"]\nSK S3 SA S4\n- - S5 -\n+\n*\n");
  absl::StatusOr<std::vector<GameRecord>> games = ParsePbnGames(text, "pbn");
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 1u);
  const GameRecord& g = games->front();
  EXPECT_EQ(g.dealer, kNorth);
  EXPECT_EQ(g.vulnerability, Vulnerability::kNorthSouth);
  ASSERT_TRUE(g.contract.has_value());
  EXPECT_EQ(FormatContract(*g.contract), "4HX");
  EXPECT_EQ(g.declarer, kNorth);
  EXPECT_EQ(g.auction.size(), 7u);
  EXPECT_TRUE(g.program_to_move);
  ASSERT_EQ(g.play.size(), 5u);
  EXPECT_EQ(CardName(g.play[2]), "SA");
  EXPECT_EQ(CardName(g.play[4]), "S5");
  absl::StatusOr<PlayPosition> p = PositionAfterPlay(g, "play");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->ew_tricks, 1);
  EXPECT_EQ(p->ToMove(), kNorth);
}

TEST(BridgeRecord, AFileHoldsManyGamesAndTagsMayBeInherited) {
  const std::string text = absl::StrCat(Game("[Contract \"3NT\"]\n[Declarer \"S\"]\n"), "\n",
                                        "[Deal \"#\"]\n[Dealer \"E\"]\n");
  absl::StatusOr<std::vector<GameRecord>> games = ParsePbnGames(text, "pbn");
  ASSERT_TRUE(games.ok()) << games.status();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ(FormatPbnDeal((*games)[1].deal), kDeal);
  EXPECT_EQ((*games)[1].dealer, kEast);
}

// Each game on its own: a game in the middle that does not make sense is its own error, and a
// game written out on its own (FormatPbnGame) reads back as the same game, tags inherited from the
// game before included, and its play's columns by the opening leader.
TEST(BridgeRecord, GamesReadOneByOneAndEachWrittenOnItsOwn) {
  const std::string text = absl::StrCat(
      Game("[Contract \"3NT\"]\n[Declarer \"S\"]\n"), "\n",
      "[Deal \"#\"]\n[Contract \"5C\"]\n[Declarer \"Z\"]\n\n",
      // Inherits the deal, dealer and vulnerability; West leads (North declares).
      "[Deal \"#\"]\n[Declarer \"N\"]\n[Contract \"4HX\"]\n[Play \"E\"]\nSK S3 SA S4\n- - S5 -\n");
  absl::StatusOr<std::vector<PbnGame>> each = ParsePbnGamesEach(text, "pbn");
  ASSERT_TRUE(each.ok()) << each.status();
  ASSERT_EQ(each->size(), 3u);
  EXPECT_TRUE((*each)[0].record.ok());
  ASSERT_FALSE((*each)[1].record.ok());
  EXPECT_THAT((*each)[1].record.status().message(), HasSubstr("game 2"));
  EXPECT_THAT((*each)[1].text, HasSubstr("[Contract \"5C\"]"));
  ASSERT_TRUE((*each)[2].record.ok()) << (*each)[2].record.status();
  // The whole file read at once stops at the bad game.
  EXPECT_FALSE(ParsePbnGames(text, "pbn").ok());

  const GameRecord& g = *(*each)[2].record;
  const std::string alone = FormatPbnGame(g);
  EXPECT_THAT(alone, HasSubstr("[Play \"E\"]\nSK S3 SA S4\n- - S5 -\n"));
  absl::StatusOr<std::vector<GameRecord>> back = ParsePbnGames(alone, "alone");
  ASSERT_TRUE(back.ok()) << back.status() << "\n" << alone;
  ASSERT_EQ(back->size(), 1u);
  const GameRecord& b = back->front();
  EXPECT_EQ(FormatPbnDeal(b.deal), kDeal);
  EXPECT_EQ(b.known, 0xF);
  EXPECT_EQ(b.dealer, kNorth);
  EXPECT_EQ(b.vulnerability, Vulnerability::kNorthSouth);
  EXPECT_EQ(FormatContract(*b.contract), "4HX");
  EXPECT_EQ(b.declarer, kNorth);
  EXPECT_EQ(b.play, g.play);

  // A hand not known stays '-'.
  GameRecord hidden = b;
  hidden.known = 0x7;
  EXPECT_THAT(FormatPbnGame(hidden), HasSubstr(" -\"]"));
  back = ParsePbnGames(FormatPbnGame(hidden), "hidden");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->front().known, 0x7);
}

TEST(BridgeRecord, TheAuctionFixesContractAndDeclarer) {
  absl::StatusOr<std::optional<AuctionResult>> r =
      RunAuction({"1H", "Pass", "2H", "2S", "4H", "X", "Pass", "Pass", "Pass"}, kNorth, "auction");
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_TRUE(r->has_value());
  EXPECT_EQ(FormatContract((*r)->contract), "4HX");
  EXPECT_EQ((*r)->declarer, kNorth);  // first to name hearts for North-South
  r = RunAuction({"Pass", "Pass", "Pass", "Pass"}, kEast, "auction");
  ASSERT_TRUE(r.ok() && r->has_value());
  EXPECT_TRUE((*r)->contract.passed_out());
  r = RunAuction({"1NT", "Pass"}, kEast, "auction");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->has_value());  // not over yet
}

TEST(BridgeRecord, PlayRecordColumnsFollowEachTricksLeader) {
  const std::string text = Game(
      "[Declarer \"S\"]\n[Contract \"3NT\"]\n"
      "[Play \"W\"]\nSA S4 SK S3\nS5 SQ S2 S8\n-  H2 - -\n");
  absl::StatusOr<std::vector<GameRecord>> games = ParsePbnGames(text, "pbn");
  ASSERT_TRUE(games.ok()) << games.status();
  const GameRecord& g = games->front();
  // Trick 1: W SA, N S4, E SK, S S3: West wins and leads S5; N plays SQ and wins trick 2:
  // then North leads H2 in trick 3, and the record stops there.
  ASSERT_EQ(g.play.size(), 9u);
  EXPECT_EQ(CardName(g.play[4]), "S5");
  EXPECT_EQ(CardName(g.play[8]), "H2");
  absl::StatusOr<PlayPosition> p = PositionAfterPlay(g, "play");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->table_count, 1);
  EXPECT_EQ(p->ToMove(), kEast);
}

TEST(BridgeRecord, LinGivesDealerVulnerabilityAuctionAndPlay) {
  // South's, West's and North's hands; East's is the rest.
  const std::string lin =
      "pn|a,b,c,d|md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|e|"
      "mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|pc|s3|";
  absl::StatusOr<GameRecord> g = ParseGameRecord(lin, "lin");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->dealer, kNorth);
  EXPECT_EQ(g->vulnerability, Vulnerability::kEastWest);
  EXPECT_EQ(FormatPbnDeal(g->deal), kDeal);
  ASSERT_TRUE(g->contract.has_value());
  EXPECT_EQ(FormatContract(*g->contract), "4H");
  EXPECT_EQ(g->declarer, kNorth);
  EXPECT_EQ(g->play.size(), 2u);
}

struct Refusal {
  std::string text;
  std::string reason;
};

TEST(BridgeRecord, EveryMalformedRecordIsRefusedWithItsReason) {
  const std::string twice = absl::StrReplaceAll(kDeal, {{"Q64.", "Q6K."}});  // SK in N and E
  const std::vector<Refusal> cases = {
      {absl::StrCat("[Deal \"", twice, "\"]\n"), "appears twice"},
      {"[Deal \"N:AKQJT98765432.A.. 2.KQJT98765432.. .2.AKQJT98765432. "
       ".43.2.AKQJT98765432\"]\n",
       "has 14 cards"},
      {"[Deal \"N:AK... QJ... T9... 8...\"]\n", "unequal hands"},
      {Game("[Dealer \"Q\"]\n"), "'Q' is not a seat"},
      {Game("[Contract \"8H\"]\n"), "is not a contract"},
      {Game("[Contract \"4Z\"]\n"), "is not a contract"},
      {Game("[Vulnerable \"Some\"]\n"), "is not a vulnerability"},
      {Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nSA S4 HA S3\n"), "a revoke"},
      {Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nSA SK S2 S3\n"),
       "does not hold it"},
      {Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"N\"]\nS4 SK S3 SA\n"),
       "the opening lead is W's"},
      {Game("[Play \"W\"]\nSA S4 SK S3\n"), "needs the contract and declarer"},
      {Game("[Auction \"N\"]\n1H 1S 1D\n"), "insufficient"},
      {Game("[Auction \"N\"]\n1H Pass X\n"), "double needs an undoubled bid of the opponents"},
      {Game("[Auction \"N\"]\n1H Pass Pass Pass 2H\n"), "the auction is over"},
      {Game("[Auction \"N\"]\n1H Banana\n"), "is not a call"},
      {Game("[Contract \"4S\"]\n[Auction \"N\"]\n1H Pass Pass Pass\n"),
       "the contract is 4S but the auction ends in 1H"},
      {"md|5SA,,,", "md starts with the dealer"},
      {"md|3SAK,SQ,SJ,|", "East's hand may be left out only"},
      {"Deal N:...", "comes before any tag"},
      {"[Deal N:AKQ]", "is not a tag"},
  };
  for (const Refusal& c : cases) {
    absl::StatusOr<GameRecord> g = ParseGameRecord(c.text, "notation");
    ASSERT_FALSE(g.ok()) << c.text;
    EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument) << c.text;
    EXPECT_THAT(std::string(g.status().message()), HasSubstr(c.reason)) << c.text;
    EXPECT_THAT(std::string(g.status().message()), HasSubstr("notation")) << c.text;
  }
}

TEST(BridgeRecord, PlayAnalysisMarksTheCardsThatCostATrick) {
  // 3NT by South; West leads the SA (from AJ75, giving declarer nothing) ...
  const std::string text =
      Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nSA S4 SK S3\nS5 SQ S2 S8\n");
  absl::StatusOr<GameRecord> g = ParseGameRecord(text, "pbn");
  ASSERT_TRUE(g.ok()) << g.status();
  DoubleDummySolver solver;
  absl::StatusOr<PlayAnalysis> a = AnalysePlay(solver, *g);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->steps.size(), 8u);
  // The value before the first card is the table's: South in NT takes 2 tricks (DDS, line 1).
  EXPECT_EQ(a->start, 2);
  int before = a->start;
  for (const PlayStep& s : a->steps) {
    EXPECT_EQ(s.before, before);
    const bool declaring = IsNorthSouth(s.seat);
    EXPECT_EQ(s.cost, declaring ? s.before - s.after : s.after - s.before);
    EXPECT_GE(s.cost, 0);
    // The value after a card is the best of its values from that seat's point of view.
    before = s.after;
  }
}

// A claim (LIN mc, PBN Result with the play stopped early): declarer's tricks in all, which
// must be possible where the play stopped; the analysis values it double dummy from there.
TEST(BridgeRecord, ClaimsAreReadCheckedAndValued) {
  const std::string lin =
      "md|3ST983H5DA93CAJ732,SAJ75HQ63DKQ6CKQ8,SQ64HJT98742D7CT6,|sv|e|"
      "mb|3H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|SK|pc|S3|pc|SA|pc|S4|mc|";
  absl::StatusOr<GameRecord> g = ParseGameRecord(lin + "9|", "lin");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->claim, 9);
  DoubleDummySolver solver;
  absl::StatusOr<PlayAnalysis> a = AnalysePlay(solver, *g);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->claim, 9);
  ASSERT_EQ(a->steps.size(), 4u);
  EXPECT_EQ(a->claim_double_dummy, a->steps.back().after);
  // North declares; after one trick won by West, North-South may take 0 to 12 more.
  for (const char* bad : {"13|", "x|"}) {
    absl::StatusOr<GameRecord> refused = ParseGameRecord(lin + bad, "notation");
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_THAT(std::string(refused.status().message()), HasSubstr("notation: mc")) << bad;
  }
  // PBN: the Result tag, written back when the game is written on its own.
  const std::string pbn =
      Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"3\"]\n[Play \"W\"]\nSA S4 SK S3\n");
  absl::StatusOr<GameRecord> p = ParseGameRecord(pbn, "pbn");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->claim, 3);
  EXPECT_THAT(FormatPbnGame(*p), HasSubstr("[Result \"3\"]"));
  absl::StatusOr<GameRecord> beyond =
      ParseGameRecord(absl::StrReplaceAll(pbn, {{"[Result \"3\"]", "[Result \"13\"]"}}), "pbn");
  ASSERT_FALSE(beyond.ok());
  EXPECT_THAT(std::string(beyond.status().message()), HasSubstr("pbn: Result: 13 tricks"));
}

}  // namespace
}  // namespace kibitzer::bridge

namespace kibitzer::bridge {
namespace {

TEST(BridgeRecord, ABridgePositionMayBeAGameRecord) {
  BridgeGame game;
  core::PositionSpec spec;
  spec.notation =
      Game("[Declarer \"S\"]\n[Contract \"3NT\"]\n[Play \"W\"]\nSA S4 SK S3\nS5 - - -\n");
  absl::StatusOr<std::unique_ptr<core::GameState>> state = game.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  const PlayPosition& p = static_cast<const BridgeState&>(**state).position();
  EXPECT_EQ(p.trump, kNoTrump);
  EXPECT_EQ(p.table_count, 1);
  EXPECT_EQ(p.ToMove(), kNorth);
  EXPECT_EQ((*state)->SideToMove(), "N");
  // As BridgeComposer and dealer write it: "%" directive lines and a comment before the tags.
  core::PositionSpec headed = spec;
  headed.notation = "% PBN 2.1\n% EXPORT\n{made with dealer}\n" + spec.notation;
  absl::StatusOr<std::unique_ptr<core::GameState>> from_headed = game.Setup(headed);
  ASSERT_TRUE(from_headed.ok()) << from_headed.status();
  EXPECT_EQ(static_cast<const BridgeState&>(**from_headed).position().table_count, 1);
  EXPECT_TRUE(LooksLikeRecord(headed.notation));
  EXPECT_FALSE(LooksLikeRecord("N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 -"));
  EXPECT_FALSE(LooksLikeRecord("% only a directive\n"));
  // The record's contract sets the strain: a trump option as well is refused, by name.
  spec.options["trump"] = "S";
  state = game.Setup(spec);
  ASSERT_FALSE(state.ok());
  EXPECT_THAT(std::string(state.status().message()), HasSubstr("options[trump]"));
}

}  // namespace
}  // namespace kibitzer::bridge
