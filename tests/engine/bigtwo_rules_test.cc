// Big Two rules: combinations, ranking, what may follow what, the opening, passing, scoring.
#include "engine/games/bigtwo/rules/plays.h"
#include "engine/games/bigtwo/rules/state.h"
#include "gtest/gtest.h"

namespace kibitzer::bigtwo {
namespace {

const Rules kTaiwan = Rules::ForVariant(Variant::kTaiwan);
const Rules kPagat = Rules::ForVariant(Variant::kPagat);

Move Of(const char* cards, const Rules& r = kTaiwan) {
  absl::StatusOr<Mask> m = ParseCards(cards, r.variant, "test");
  EXPECT_TRUE(m.ok()) << m.status();
  return Classify(*m, r);
}

TEST(BigTwoCards, CardOrderIsRankThenSuitInEachVariant) {
  EXPECT_LT(*ParseCard("3C", Variant::kTaiwan), *ParseCard("3D", Variant::kTaiwan));
  EXPECT_LT(*ParseCard("3H", Variant::kTaiwan), *ParseCard("3S", Variant::kTaiwan));
  EXPECT_LT(*ParseCard("AS", Variant::kTaiwan), *ParseCard("2C", Variant::kTaiwan));
  EXPECT_EQ(*ParseCard("3C", Variant::kTaiwan), 0);
  EXPECT_EQ(*ParseCard("3D", Variant::kPagat), 0);  // pagat: D < C
  EXPECT_LT(*ParseCard("9D", Variant::kPagat), *ParseCard("9C", Variant::kPagat));
  EXPECT_EQ(*ParseCard("10H", Variant::kTaiwan), *ParseCard("TH", Variant::kTaiwan));
  EXPECT_FALSE(ParseCard("1H", Variant::kTaiwan).ok());
  EXPECT_FALSE(ParseCard("3X", Variant::kTaiwan).ok());
  EXPECT_FALSE(ParseCards("3C3C", Variant::kTaiwan, "f").ok());
}

TEST(BigTwoCombinations, EachKindIsRecognised) {
  EXPECT_EQ(Of("7H").kind, Kind::kSingle);
  EXPECT_EQ(Of("7H7S").kind, Kind::kPair);
  EXPECT_FALSE(IsCombination(Of("7H8S")));
  EXPECT_FALSE(IsCombination(Of("7H7S7C")));  // no triple in taiwan
  EXPECT_EQ(Of("7H7S7C", kPagat).kind, Kind::kTriple);
  EXPECT_EQ(Of("3C4D5H6S7C").kind, Kind::kStraight);
  EXPECT_EQ(Of("3C4C5C6C7C").kind, Kind::kStraightFlush);  // never a plain straight
  EXPECT_FALSE(IsCombination(Of("3C5C7C9CJC")));           // no flush in taiwan
  EXPECT_EQ(Of("3C5C7C9CJC", kPagat).kind, Kind::kFlush);
  EXPECT_EQ(Of("8C8D8H4S4C").kind, Kind::kFullHouse);
  EXPECT_EQ(Of("8C8D8H8S4C").kind, Kind::kFourOfAKind);
  EXPECT_FALSE(IsCombination(Of("8C8D9H9S4C")));  // two pairs and a card
}

TEST(BigTwoCombinations, TaiwanStraightsRankFromA2345To23456) {
  const Move a2345 = Of("AC2D3D4D5C"), s34567 = Of("3C4D5H6S7C"), s10a = Of("TC JD QH KS AC"),
             s23456 = Of("2C3D4H5S6C");
  for (const Move& m : {a2345, s34567, s10a, s23456}) EXPECT_EQ(m.kind, Kind::kStraight);
  EXPECT_TRUE(Beats(s34567, a2345, kTaiwan));
  EXPECT_TRUE(Beats(s10a, s34567, kTaiwan));
  EXPECT_TRUE(Beats(s23456, s10a, kTaiwan));
  EXPECT_FALSE(Beats(a2345, s23456, kTaiwan));
  // J-Q-K-A-2, Q-K-A-2-3 and K-A-2-3-4 are not straights.
  EXPECT_FALSE(IsCombination(Of("JCQDKHAS2C")));
  EXPECT_FALSE(IsCombination(Of("QCKDAH2S3C")));
  EXPECT_FALSE(IsCombination(Of("KCAD2H3S4C")));
  // Same place: the suit of the last card as written (the 5 of A-2-3-4-5, the ace of 10-A).
  EXPECT_TRUE(Beats(Of("AC2C3C4C5D"), Of("AS2S3S4S5C"), kTaiwan));
  EXPECT_TRUE(Beats(Of("TCJCQCKCAS"), Of("TSJSQSKSAH"), kTaiwan));
  EXPECT_TRUE(Beats(Of("2C3C4C5C6H"), Of("2S3S4S5S6D"), kTaiwan));
  // Pagat (ace-high): A-2-3-4-5 and 2-3-4-5-6 are no straights.
  EXPECT_FALSE(IsCombination(Of("AC2D3D4D5C", kPagat)));
  EXPECT_FALSE(IsCombination(Of("2C3D4H5S6C", kPagat)));
  Rules wrap = kPagat;
  wrap.straights = Straights::kTaiwan;
  EXPECT_EQ(Of("2C3D4H5S6C", wrap).kind, Kind::kStraight);
}

TEST(BigTwoRanking, SinglesAndPairsCompareByRankThenHigherSuit) {
  EXPECT_TRUE(Beats(Of("AS"), Of("AH"), kTaiwan));
  EXPECT_TRUE(Beats(Of("2C"), Of("AS"), kTaiwan));
  EXPECT_TRUE(Beats(Of("AHAS"), Of("KCKS"), kTaiwan));
  EXPECT_TRUE(Beats(Of("9C9S"), Of("9D9H"), kTaiwan));  // the spade decides
  EXPECT_FALSE(Beats(Of("9D9H"), Of("9C9S"), kTaiwan));
  EXPECT_TRUE(Beats(Of("9C", kPagat), Of("9D", kPagat), kPagat));
  EXPECT_FALSE(Beats(Of("9C"), Of("9D"), kTaiwan));
}

TEST(BigTwoRanking, FullHouseByItsThreeAndFourByItsFour) {
  EXPECT_TRUE(Beats(Of("4C4D4H3S3C"), Of("3D3H3S2C2D"), kTaiwan));
  EXPECT_FALSE(Beats(Of("3D3H3S2C2D"), Of("4C4D4H3S3C"), kTaiwan));
  EXPECT_TRUE(Beats(Of("4C4D4H4S3C"), Of("3C3D3H3SKC"), kTaiwan));  // the fifth card is nothing
}

TEST(BigTwoRanking, TaiwanPlaysFollowTheirOwnKindAndMonstersBeatAnything) {
  const Move four = Of("8C8D8H8S4C"), flush_run = Of("3H4H5H6H7H");
  EXPECT_FALSE(Beats(Of("8C8D8H4S4C"), Of("3C4D5H6S7C"), kTaiwan));  // full house on straight
  EXPECT_FALSE(Beats(Of("9H9S"), Of("KC"), kTaiwan));
  EXPECT_TRUE(Beats(four, Of("2S"), kTaiwan));
  EXPECT_TRUE(Beats(four, Of("2H2S"), kTaiwan));
  EXPECT_TRUE(Beats(four, Of("2C3D4H5S6C"), kTaiwan));
  EXPECT_TRUE(Beats(flush_run, four, kTaiwan));  // straight flush beats four of a kind
  EXPECT_FALSE(Beats(four, flush_run, kTaiwan));
  EXPECT_FALSE(Beats(Of("2S"), four, kTaiwan));  // on a monster only a higher monster
  EXPECT_TRUE(Beats(Of("9C9D9H9S3C"), four, kTaiwan));
}

TEST(BigTwoRanking, PagatFiveCardHandsBeatLowerCategoriesOnly) {
  const Move straight = Of("3C4D5H6S7C", kPagat), flush = Of("3C5C7C9CJC", kPagat),
             full = Of("8C8D8H4S4C", kPagat), four = Of("8C8D8H8S4C", kPagat),
             sf = Of("3H4H5H6H7H", kPagat);
  EXPECT_TRUE(Beats(flush, straight, kPagat));
  EXPECT_TRUE(Beats(full, flush, kPagat));
  EXPECT_TRUE(Beats(four, full, kPagat));
  EXPECT_TRUE(Beats(sf, four, kPagat));
  EXPECT_FALSE(Beats(four, Of("2S", kPagat), kPagat));  // no monsters over singles or pairs
  EXPECT_TRUE(Beats(Of("3C5C7C9CKC", kPagat), flush, kPagat));
  EXPECT_TRUE(Beats(Of("5S5H5C", kPagat), Of("4S4H4C", kPagat), kPagat));
}

State Start(const Rules& r, std::array<const char*, 4> hands) {
  std::array<Mask, kMaxPlayers> h{};
  Mask all = 0;
  for (int p = 0; p < r.players; ++p) {
    h[p] = *ParseCards(hands[p], r.variant, "hand");
    all |= h[p];
  }
  const int lowest = __builtin_ctzll(all);
  int leader = 0;
  for (int p = 0; p < r.players; ++p) leader = (h[p] >> lowest & 1) ? p : leader;
  return State(r, h, static_cast<uint8_t>((1 << r.players) - 1), leader, lowest);
}

std::vector<std::string> Legal(const State& s) {
  Move moves[kMaxMoves];
  std::vector<Move> v(moves, moves + s.GenerateMoves(moves));
  std::sort(v.begin(), v.end(), PlayLess);
  std::vector<std::string> out;
  for (const Move& m : v) out.push_back(FormatPlay(m, s.rules().variant));
  return out;
}

const std::array<const char*, 4> kHands = {
    "3C5C5H5S6H7C7D7STSQHQSKC2H", "6C8D8H9CTCTDTHJDKSACAD2D2S", "3D3H4D4S6S7H9H9SJSQCKHAH2C",
    "3S4C4H5D6D8C8S9DJCJHQDKDAS"};

TEST(BigTwoPlay, TheHolderOf3COpensAndThePlayMustIncludeIt) {
  State s = Start(kTaiwan, kHands);
  EXPECT_EQ(s.CurrentPlayer(), 0);
  EXPECT_EQ(Legal(s), std::vector<std::string>{"3C"});
  Rules pagat = kPagat;
  State p = Start(pagat, kHands);
  EXPECT_EQ(p.CurrentPlayer(), 2);  // 3D leads in pagat
  for (const std::string& m : Legal(p)) EXPECT_NE(m.find("3D"), std::string::npos) << m;
}

TEST(BigTwoPlay, PassingAndTheNewLead) {
  State s = Start(kTaiwan, kHands);
  s.Play(Of("3C"));
  EXPECT_EQ(Legal(s).back(), "pass");
  s.Play(Move{});    // seat 2 passes
  s.Play(Of("4D"));  // seat 3
  s.Play(Move{});    // seat 4
  s.Play(Of("QH"));  // seat 1: a pass does not stop a player later in the round
  EXPECT_EQ(s.CurrentPlayer(), 1);
  s.Play(Move{});
  s.Play(Move{});
  s.Play(Move{});
  EXPECT_TRUE(s.Leading());
  EXPECT_EQ(s.CurrentPlayer(), 0);  // the last to play leads anything
  for (const std::string& m : Legal(s)) EXPECT_NE(m, "pass");
  // Undo restores each step.
  s.Undo(Move{});
  EXPECT_FALSE(s.Leading());
  EXPECT_EQ(s.CurrentPlayer(), 3);
}

TEST(BigTwoPlay, APassCanBeFinalForTheRound) {
  Rules r = kTaiwan;
  r.pass_is_final = true;
  State s = Start(r, kHands);
  s.Play(Of("3C"));
  s.Play(Move{});  // seat 2 is out of this round
  s.Play(Of("4D"));
  s.Play(Of("5D"));
  s.Play(Of("6H"));
  EXPECT_EQ(s.CurrentPlayer(), 1);
  EXPECT_EQ(Legal(s), std::vector<std::string>{"pass"});
}

TEST(BigTwoPlay, ADragonWinsAtOnce) {
  State s = Start(kTaiwan, {"3C4D5H6S7C8D9HTSJCQDKHAS2C", "3D4H5S6C7D8H9STCJDQHKSAC2D",
                            "3H4S5C6D7H8S9CTDJHQSKCAD2H", "3S4C5D6H7S8C9DTHJSQCKDAH2S"});
  const std::vector<std::string> legal = Legal(s);
  EXPECT_NE(std::find(legal.begin(), legal.end(), "3C4D5H6S7C8D9HTSJCQDKHAS2C"), legal.end());
  s.Play(Of("3C4D5H6S7C8D9HTSJCQDKHAS2C"));
  EXPECT_TRUE(s.IsTerminal());
  EXPECT_EQ(s.winner(), 0);
}

TEST(BigTwoScoring, EachLoserPaysACardTheWinnerTakesTheSum) {
  EXPECT_EQ(State::Penalty(3, false), 3);
  EXPECT_EQ(State::Penalty(9, true), 9);
  EXPECT_EQ(State::Penalty(10, true), 20);
  EXPECT_EQ(State::Penalty(12, true), 24);
  EXPECT_EQ(State::Penalty(13, true), 39);
  EXPECT_EQ(State::Penalty(13, false), 13);
  // Seat 1 sheds a card a round, everyone else passing: the others keep all 13 cards.
  for (bool multipliers : {false, true}) {
    Rules r = kTaiwan;
    r.multipliers = multipliers;
    State s = Start(r, kHands);
    Move moves[kMaxMoves];
    while (!s.IsTerminal()) {
      ASSERT_GT(s.GenerateMoves(moves), 0);
      if (s.CurrentPlayer() == 0) {
        const Mask h = s.hand(0);
        s.Play(Classify(h & -h, r));
      } else {
        s.Play(Move{});
      }
    }
    int points[kMaxPlayers];
    s.Returns(points);
    const int each = multipliers ? 39 : 13;
    EXPECT_EQ(points[1], -each);
    EXPECT_EQ(points[2], -each);
    EXPECT_EQ(points[3], -each);
    EXPECT_EQ(points[0], 3 * each);
  }
}

}  // namespace
}  // namespace kibitzer::bigtwo
