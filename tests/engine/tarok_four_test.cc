// Four-player tarok: one test per rule of docs/tarok.md's four-player section, the partnership
// through the solver and a seat's view, and the match.
#include <algorithm>
#include <set>

#include "engine/core/rng.h"
#include "engine/games/tarok/match.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tarok/view/view.h"
#include "gtest/gtest.h"
#include "tests/engine/tarok_positions.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::tarok {
namespace {

int Card(const char* text) { return *ParseCard(text, "test"); }

std::vector<std::string> Names(const Round& r) {
  std::vector<std::string> out;
  for (const Move& m : r.LegalMoves()) out.push_back(MoveText(m));
  return out;
}

// A four-player deal whose seat `holder` holds king `king` (seeded search over deals).
DealCards DealWithKing(int king, int holder, uint64_t first_seed) {
  for (uint64_t seed = first_seed;; ++seed) {
    const DealCards d = RandomDeal(seed, 4);
    if (d.hands[holder] & Bit(king)) return d;
  }
}

// Plays `r` to the end with random legal moves.
void PlayRandomly(Round& r, core::Rng& rng) {
  while (r.phase() != Phase::kDone) {
    const std::vector<Move> moves = r.LegalMoves();
    r.Apply(moves[rng.Below(moves.size())]);
  }
}

TEST(TarokFour, TwelveCardsToEachOfFourAndSixToTheTalon) {
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    const DealCards d = RandomDeal(seed, 4);
    EXPECT_EQ(d.players, 4);
    Mask all = 0;
    for (int p = 0; p < 4; ++p) {
      EXPECT_EQ(std::popcount(d.hands[p]), 12);
      EXPECT_NE(d.hands[p] & kTaroks, 0u) << "a hand without taroks is redealt";
      EXPECT_EQ(all & d.hands[p], 0u);
      all |= d.hands[p];
    }
    for (int8_t c : d.talon) all |= Bit(c);
    EXPECT_EQ(all, kAllCards);
  }
}

TEST(TarokFour, OthersBidFirstAndForehandMayBidKlopOrThreeOnlyAfterAllPass) {
  Round r(Rules{}, RandomDeal(uint64_t{7}, 4));
  EXPECT_EQ(r.ToMove(), 1);
  const std::vector<std::string> first = {"pass",        "two",          "one",    "solo_three",
                                          "solo_two",    "solo_one",     "beggar", "solo_without",
                                          "open_beggar", "colour_valat", "valat"};
  EXPECT_EQ(Names(r), first);
  for (int i = 0; i < 3; ++i) r.Apply(Move{Move::kPass});
  EXPECT_EQ(r.ToMove(), 0);
  const std::vector<std::string> forehand = {
      "klop",     "three",  "two",          "one",         "solo_three",   "solo_two",
      "solo_one", "beggar", "solo_without", "open_beggar", "colour_valat", "valat"};
  EXPECT_EQ(Names(r), forehand);
}

TEST(TarokFour, TheSoloContractsAreNotInTheThreePlayerGame) {
  Round r(Rules{}, RandomDeal(uint64_t{7}));
  for (const std::string& name : Names(r)) EXPECT_EQ(name.find("solo_t"), std::string::npos);
  EXPECT_EQ(Names(r).size(), 8u);
}

TEST(TarokFour, TheDeclarerOfThreeTwoOrOneCallsAKingThenTakesATalonGroup) {
  const DealCards d = RandomDeal(uint64_t{11}, 4);
  for (Contract c : {Contract::kThree, Contract::kTwo, Contract::kOne}) {
    Round r(Rules{}, d, c, 2);
    ASSERT_EQ(r.phase(), Phase::kKing) << ContractName(c);
    EXPECT_EQ(r.ToMove(), 2);
    EXPECT_EQ(Names(r), (std::vector<std::string>{"KH", "KD", "KS", "KC"}));
    r.Apply(Move::Card(Card("KS")));
    EXPECT_EQ(r.called_king(), Card("KS"));
    ASSERT_EQ(r.phase(), Phase::kTalon);
    EXPECT_EQ(static_cast<int>(r.LegalMoves().size()), 6 / TalonTake(c));
  }
}

TEST(TarokFour, TheSolosTakeTheTalonWithoutAKing) {
  const DealCards d = RandomDeal(uint64_t{11}, 4);
  const Contract solos[] = {Contract::kSoloThree, Contract::kSoloTwo, Contract::kSoloOne};
  for (Contract c : solos) {
    Round r(Rules{}, d, c, 1);
    ASSERT_EQ(r.phase(), Phase::kTalon) << ContractName(c);
    EXPECT_EQ(static_cast<int>(r.LegalMoves().size()), 6 / TalonTake(c));
    core::Rng rng(3);
    PlayRandomly(r, rng);
    EXPECT_EQ(r.play().partner(), -1);
    // Only the declarer scores.
    for (int p = 0; p < 4; ++p) {
      if (p != 1) {
        EXPECT_EQ(r.Scores()[p], 0);
      }
    }
  }
}

TEST(TarokFour, TheCalledKingsHolderIsThePartnerAndBothScoreAlike) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    const int king = Card("KC");
    const DealCards d = DealWithKing(king, 3, seed * 100);
    Round r(Rules{}, d, Contract::kTwo, 0);
    r.Apply(Move::Card(king));
    core::Rng rng(seed);
    PlayRandomly(r, rng);
    EXPECT_EQ(r.play().partner(), 3);
    const auto scores = r.Scores();
    EXPECT_EQ(scores[0], scores[3]);
    EXPECT_EQ(scores[1], 0);
    EXPECT_EQ(scores[2], 0);
    // The two sides' card points make the whole pack.
    EXPECT_EQ(r.CardPoints(0), r.CardPoints(3));
    EXPECT_EQ(r.CardPoints(1), r.CardPoints(2));
    if (r.play().TricksDone() == 12) {
      EXPECT_EQ(r.CardPoints(0) + r.CardPoints(1), 70);
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(TarokFour, ThePartnerIsHiddenFromTheOthersUntilTheKingFalls) {
  const int king = Card("KD");
  const DealCards d = DealWithKing(king, 2, 500);
  Round full(Rules{}, d, Contract::kThree, 0);
  std::vector<Move> moves = {Move::Card(king), Move::Talon(0)};
  for (const Move& m : moves) full.Apply(m);
  // Discards by the rules, then play until the king falls.
  core::Rng rng(5);
  bool fallen = false;
  while (full.phase() != Phase::kDone && !fallen) {
    const std::vector<Move> legal = full.LegalMoves();
    Move m = legal[rng.Below(legal.size())];
    if (full.phase() == Phase::kPlay && full.play().ToMove() != 2) {
      // Seat 1 and 3 (players 1, 3) and the declarer look before each card.
      const Round declarer_view = SeatView(full, moves, 0);
      const Round other_view = SeatView(full, moves, 1);
      const Round partner_view = SeatView(full, moves, 2);
      EXPECT_EQ(declarer_view.play().partner(), -1);
      EXPECT_EQ(other_view.play().partner(), -1);
      EXPECT_EQ(partner_view.play().partner(), 2) << "the partner knows his king";
    }
    if (full.phase() == Phase::kPlay && m.code == king) fallen = true;
    full.Apply(m);
    moves.push_back(m);
  }
  ASSERT_TRUE(fallen);
  // Once the king is played, every seat knows.
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(SeatView(full, moves, seat).play().partner(), 2) << seat;
  }
}

TEST(TarokFour, AKingCalledFromTheTalonWinsTheTalonsOtherCards) {
  // One trick left: the declarer (0) leads the called king of hearts he took from the talon.
  std::array<Mask, kMaxPlayers> hands = {Bit(Card("KH")), Bit(Card("4H")), Bit(Card("3H")),
                                         Bit(Card("2H"))};
  const Mask rest = Bit(Card("KS")) | Bit(Card("QS")) | Bit(Card("7C"));
  std::array<int8_t, 6> no_talon;
  no_talon.fill(-1);
  PlayState s(4, Contract::kThree, 0, hands, 0, no_talon, {}, rest);
  s.CallKing(Card("KH"), true);
  EXPECT_EQ(s.partner(), -1) << "the declarer plays alone";
  EXPECT_EQ(s.SideWon(1) & rest, rest);
  for (int i = 0; i < 4; ++i) s.Play(Lowest(s.Legal()));
  EXPECT_TRUE(s.IsOver() || s.TricksDone() == 1);
  EXPECT_EQ(s.won(0) & rest, rest);
  EXPECT_EQ(s.rest(), 0u);
}

TEST(TarokFour, TheTrulaInATrickOfFourGoesToPagat) {
  const int8_t cards[4] = {static_cast<int8_t>(kMond), static_cast<int8_t>(Card("KH")),
                           static_cast<int8_t>(kSkis), static_cast<int8_t>(kPagat)};
  EXPECT_EQ(PlayState::WinningIndex(Contract::kThree, cards, 4), 3);
  EXPECT_EQ(PlayState::TrickWinner(Contract::kThree, cards, 1, 4), 0);
}

TEST(TarokFour, RandomGamesScoreAsTheRulesSay) {
  // Two by player 0 calling a king, played randomly, checked term by term against the rules.
  Rules rules;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    core::Rng rng(seed);
    Round r(rules, RandomDeal(rng, 4), Contract::kTwo, 0);
    PlayRandomly(r, rng);
    const PlayState& s = r.play();
    Mask ours = 0;
    Mask theirs = s.rest();
    int our_tricks = 0;
    for (int p = 0; p < 4; ++p) {
      const bool on_side = p == 0 || (r.deal().hands[p] & Bit(r.called_king())) != 0;
      (on_side ? ours : theirs) |= s.won(p);
      if (on_side) our_tricks += s.TricksWon(p);
    }
    if (our_tricks == 0 || our_tricks == 12) continue;
    const int points = CountCards(ours);
    int expected = (points >= 36 ? 1 : -1) * (20 + std::abs(points - 35));
    if ((ours & kTrula) == kTrula) expected += 10;
    if ((theirs & kTrula) == kTrula) expected -= 10;
    if ((ours & kKings) == kKings) expected += 10;
    if ((theirs & kKings) == kKings) expected -= 10;
    const bool we_won_last = s.OnDeclarerSide(s.LastTrickWinner());
    if (s.LastWinningCard() == kPagat) expected += we_won_last ? 25 : -25;
    if (s.LastTrick() & Bit(r.called_king())) expected += we_won_last ? 10 : -10;
    bool mond_was_theirs = false;
    for (int p = 1; p < 4; ++p) {
      if (!s.OnDeclarerSide(p) && (r.deal().hands[p] & Bit(kMond))) mond_was_theirs = true;
    }
    if (!mond_was_theirs && (theirs & Bit(kMond))) expected -= 20;
    EXPECT_EQ(r.Scores()[0], expected) << "seed " << seed;
    EXPECT_EQ(points + CountCards(theirs), 70);
    ++checked;
  }
  EXPECT_GT(checked, 150);
}

// A random four-player position `tricks_left` tricks from the end, after the talon exchange.
PlayState RandomEnding(core::Rng& rng, Contract c, int tricks_left) {
  const DealCards d = RandomDeal(rng, 4);
  Round r(Rules{}, d, c, c == Contract::kKlop ? -1 : static_cast<int>(rng.Below(4)));
  while (r.phase() != Phase::kDone &&
         !(r.phase() == Phase::kPlay && r.play().TricksDone() == 12 - tricks_left)) {
    const std::vector<Move> moves = r.LegalMoves();
    r.Apply(moves[rng.Below(moves.size())]);
  }
  return r.play();
}

TEST(TarokFour, TheSolverAgreesWithPlainMinimaxForEitherSide) {
  const Contract contracts[] = {Contract::kKlop,       Contract::kThree,  Contract::kTwo,
                                Contract::kSoloOne,    Contract::kBeggar, Contract::kSoloWithout,
                                Contract::kColourValat};
  core::Rng rng(2026);
  Solver solver(14);
  int compared = 0;
  for (int i = 0; i < 70; ++i) {
    const Contract c = contracts[i % 7];
    const PlayState s = RandomEnding(rng, c, 3);
    if (s.IsOver()) continue;
    const int perspective = static_cast<int>(rng.Below(4));
    ASSERT_EQ(solver.Solve(s, perspective), PlainMinimax(s, perspective))
        << ContractName(c) << " " << i;
    for (const CardValue& cv : solver.SolveAll(s, perspective)) {
      PlayState child = s;
      child.Play(cv.card);
      ASSERT_EQ(cv.value, PlainMinimax(child, perspective)) << ContractName(c) << " " << i;
    }
    ++compared;
  }
  EXPECT_GT(compared, 50);
}

TEST(TarokFour, AnalyzeFromASeatValuesEveryLegalCard) {
  const TarokGame game;
  core::Rng rng(9);
  for (int tries = 0; tries < 200; ++tries) {
    std::optional<Round> round;
    const auto spec = MoversView(
        game, rng, 30, [](const Round& r) { return std::popcount(r.play().Legal()) > 1; }, &round,
        4);
    if (!spec.has_value()) continue;
    core::SearchSpec search;
    search.limits.samples = 6;
    search.seed = 4;
    const core::Report report = testing::RunSearch(game, *spec, search);
    ASSERT_EQ(report.stop_reason, core::StopReason::kSampleLimit) << report.message;
    EXPECT_EQ(report.samples, 6u);
    EXPECT_EQ(static_cast<int>(report.moves.size()), std::popcount(round->play().Legal()));
    return;
  }
  FAIL() << "no four-player position with a choice";
}

TEST(TarokFour, AMatchOfFourPlaysEveryDealFromEverySeat) {
  MatchOptions o;
  o.deals = 1;
  o.seed = 3;
  o.threads = 1;
  for (const char* p : {"seed:2", "random", "random", "random"}) {
    absl::StatusOr<PlayerOptions> po = ParsePlayer(p, "players");
    ASSERT_TRUE(po.ok()) << po.status();
    o.players.push_back(*po);
  }
  const absl::StatusOr<MatchResult> result = PlayMatch(o, {});
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->games, 4);
  ASSERT_EQ(result->players.size(), 4u);
  for (const PlayerResult& p : result->players) EXPECT_EQ(p.games, 4);
}

}  // namespace
}  // namespace kibitzer::tarok
