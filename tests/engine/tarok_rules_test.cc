// Tarok rules: the spec's counting facts, bidding facts and fixture (OpenSpiel rng_seed 634317),
// trick legality and winners, and scoring.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/games/tarok/rules/cards.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/rules/round.h"

namespace kibitzer::tarok {
namespace {

Mask Cards(const std::string& text) {
  absl::StatusOr<Mask> m = ParseCards(text, "test");
  EXPECT_TRUE(m.ok()) << m.status();
  return m.ok() ? *m : 0;
}

int Card(const std::string& text) { return Lowest(Cards(text)); }

DealCards Fixture() {
  DealCards d;
  d.hands[0] = Cards("II IIII V VIII XI XIX mond JH NH 4D 8S JS KS 10C JC NC");
  d.hands[1] = Cards("III VII XII XIII XIV XX skis 1H 3D ND QD KD 7S NS 8C QC");
  d.hands[2] = Cards("pagat VI IX X XV XVI XVII XVIII 4H 2D 1D JD 9S 10S 9C KC");
  const char* talon[6] = {"QH", "2H", "3H", "QS", "7C", "KH"};
  for (int i = 0; i < 6; ++i) d.talon[i] = static_cast<int8_t>(Card(talon[i]));
  return d;
}

std::vector<std::string> Names(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (const Move& m : moves) {
    if (m.IsCard()) {
      out.push_back(CardName(m.code));
    } else if (m.IsBid()) {
      out.push_back(ContractName(m.contract()));
    } else if (m.code == Move::kPass) {
      out.push_back("pass");
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> Sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(TarokCards, CountingFacts) {
  EXPECT_EQ(CountCards(kAllCards), 70);
  EXPECT_EQ(CountCards(0), 0);
  EXPECT_EQ(CountCards(Cards("II")), 0);
  EXPECT_EQ(CountCards(Cards("II III")), 1);
  EXPECT_EQ(CountCards(Cards("mond")), 4);
  EXPECT_EQ(CountCards(Cards("mond JD")), 6);
  EXPECT_EQ(CountCards(Cards("XIV mond JD")), 6);
  EXPECT_EQ(CountCards(Cards("XIV mond JD QD")), 9);
  EXPECT_EQ(CountCards(Cards("II JC QC mond KC")), 14);
  EXPECT_EQ(std::popcount(kAllCards), 54);
}

TEST(TarokCards, NotationRoundTrips) {
  for (int c = 0; c < kNumCards; ++c) {
    absl::StatusOr<int> back = ParseCard(CardName(c), "card");
    ASSERT_TRUE(back.ok()) << CardName(c);
    EXPECT_EQ(*back, c);
  }
  EXPECT_EQ(Card("IIII"), 3);
  EXPECT_EQ(Card("TC"), Card("10C"));
  EXPECT_FALSE(ParseCard("5H", "moves[0]").ok());
  EXPECT_NE(ParseCard("1S", "moves[0]").status().message().find("moves[0]"), std::string::npos);
  EXPECT_FALSE(ParseCards("KH KH", "hand").ok());
  // Red pips rank backwards: 1 beats 2 beats 3 beats 4.
  EXPECT_GT(Card("1H"), Card("2H"));
  EXPECT_GT(Card("2H"), Card("4H"));
  EXPECT_GT(Card("10S"), Card("7S"));
}

TEST(TarokBidding, FixtureFirstBids) {
  Round r(Rules{}, Fixture());
  EXPECT_EQ(r.ToMove(), 1);
  EXPECT_EQ(Names(r.LegalMoves()), Sorted({"pass", "two", "one", "beggar", "solo_without",
                                           "open_beggar", "colour_valat", "valat"}));
  r.Apply(Move{Move::kPass});
  EXPECT_EQ(r.ToMove(), 2);
  r.Apply(Move{Move::kPass});
  EXPECT_EQ(r.ToMove(), 0);
  EXPECT_EQ(Names(r.LegalMoves()), Sorted({"klop", "three", "two", "one", "beggar", "solo_without",
                                           "open_beggar", "colour_valat", "valat"}));
  r.Apply(Move::Bid(Contract::kKlop));
  EXPECT_EQ(r.phase(), Phase::kPlay);
  EXPECT_EQ(r.contract(), Contract::kKlop);
  EXPECT_EQ(r.ToMove(), 0);
}

TEST(TarokBidding, EqualBidOnlyFromAnEarlierSeatAndTheHolderNamesTheContract) {
  Round r(Rules{}, Fixture());
  r.Apply(Move::Bid(Contract::kTwo));  // P1
  // P2 sits later than P1: two is not enough.
  std::vector<std::string> p2 = Names(r.LegalMoves());
  EXPECT_EQ(std::count(p2.begin(), p2.end(), "two"), 0);
  EXPECT_EQ(std::count(p2.begin(), p2.end(), "one"), 1);
  r.Apply(Move{Move::kPass});  // P2
  // Forehand sits earlier than P1: he may hold two.
  std::vector<std::string> p0 = Names(r.LegalMoves());
  EXPECT_EQ(std::count(p0.begin(), p0.end(), "two"), 1);
  EXPECT_EQ(std::count(p0.begin(), p0.end(), "three"), 0);
  r.Apply(Move::Bid(Contract::kTwo));  // P0
  EXPECT_EQ(r.ToMove(), 1);
  p2 = Names(r.LegalMoves());
  EXPECT_EQ(std::count(p2.begin(), p2.end(), "two"), 0);
  r.Apply(Move{Move::kPass});  // P1
  EXPECT_EQ(r.phase(), Phase::kNaming);
  EXPECT_EQ(r.ToMove(), 0);
  EXPECT_EQ(Names(r.LegalMoves()).size(), 7u);  // two .. valat, no pass
  r.Apply(Move::Bid(Contract::kOne));
  EXPECT_EQ(r.contract(), Contract::kOne);
  EXPECT_EQ(r.declarer(), 0);
  EXPECT_EQ(r.phase(), Phase::kTalon);
  EXPECT_EQ(r.LegalMoves().size(), 6u);
}

// The klop facts of the fixture: P0 leads.
std::vector<std::string> AfterLead(const std::vector<std::string>& plays) {
  Round r(Rules{}, Fixture(), Contract::kKlop, -1);
  for (const std::string& p : plays) r.Apply(Move::Card(Card(p)));
  return Names(r.LegalMoves());
}

TEST(TarokPlay, FixtureKlop) {
  EXPECT_EQ(AfterLead({"mond"}), Sorted({"SK"}));
  EXPECT_EQ(AfterLead({"mond", "SK"}), Sorted({"I"}));
  {
    Round r(Rules{}, Fixture(), Contract::kKlop, -1);
    for (const char* c : {"mond", "SK", "I"}) r.Apply(Move::Card(Card(c)));
    EXPECT_EQ(r.play().LastTrickWinner(), 2);                       // the emperor trick: pagat wins
    EXPECT_EQ(r.play().won(2) & Bit(Card("QH")), Bit(Card("QH")));  // the first talon card
  }
  EXPECT_EQ(AfterLead({"XIX"}), Sorted({"XX", "SK"}));
  EXPECT_EQ(AfterLead({"XIX", "SK"}), Sorted({"VI", "IX", "X", "XV", "XVI", "XVII", "XVIII"}));
  EXPECT_EQ(AfterLead({"V"}), Sorted({"VII", "XII", "XIII", "XIV", "XX", "SK"}));
  EXPECT_EQ(AfterLead({"V", "VII"}), Sorted({"IX", "X", "XV", "XVI", "XVII", "XVIII"}));
  EXPECT_EQ(AfterLead({"JS"}), Sorted({"NS"}));
  EXPECT_EQ(AfterLead({"JS", "NS"}), Sorted({"9S", "10S"}));
}

// Where one must beat (klop and the beggars), pagat is legal only as the only card, on lead too
// (the spec: "Pagat is not legal unless it is your only legal card"); elsewhere it may be led.
TEST(TarokPlay, PagatIsNoLeadWhereOneMustBeatUnlessItIsTheOnlyCard) {
  const Mask hand = Cards("pagat XX 4H");
  for (Contract c : {Contract::kKlop, Contract::kBeggar, Contract::kOpenBeggar}) {
    const Round r(Rules{}, Fixture(), c, c == Contract::kKlop ? -1 : 2);
    EXPECT_EQ(r.play().LegalCards(hand), Cards("XX 4H")) << ContractName(c);
    EXPECT_EQ(r.play().LegalCards(Cards("pagat")), Cards("pagat")) << ContractName(c);
  }
  // The beggar's declarer (player 2, who leads) holds pagat: his first lead is any other card.
  const Round beggar(Rules{}, Fixture(), Contract::kBeggar, 2);
  ASSERT_EQ(beggar.ToMove(), 2);
  EXPECT_EQ(beggar.play().Legal(), Fixture().hands[2] & ~Bit(kPagat));
  const Round solo(Rules{}, Fixture(), Contract::kSoloWithout, 2);  // no need to beat
  EXPECT_EQ(solo.play().LegalCards(hand), hand);
}

TEST(TarokPlay, FixtureKlopLaterDiamondLead) {
  DealCards d = Fixture();
  // Once P0's only diamond has gone: P2 leads 2D.
  d.hands[0] &= ~Bit(Card("4D"));
  PlayState s(3, Contract::kKlop, -1, d.hands, 2, d.talon, {});
  s.Play(Card("2D"));
  Mask expected = d.hands[0] & kTaroks;
  EXPECT_EQ(s.Legal(), expected);
  s.Play(Card("II"));
  EXPECT_EQ(s.Legal(), Cards("3D ND QD KD"));
}

TEST(TarokPlay, FixtureTwoByP2) {
  Round r(Rules{}, Fixture());
  r.Apply(Move{Move::kPass});          // P1
  r.Apply(Move::Bid(Contract::kTwo));  // P2
  r.Apply(Move{Move::kPass});          // P0
  ASSERT_EQ(r.phase(), Phase::kNaming);
  r.Apply(Move::Bid(Contract::kTwo));
  ASSERT_EQ(r.phase(), Phase::kTalon);
  EXPECT_EQ(r.LegalMoves().size(), 3u);
  r.Apply(Move::Talon(0));
  EXPECT_EQ(r.hand(2) & Cards("QH 2H"), Cards("QH 2H"));
  // Kings and trula may not be discarded; taroks only when nothing else can be.
  std::vector<std::string> discards = Names(r.LegalMoves());
  EXPECT_EQ(std::count(discards.begin(), discards.end(), "KC"), 0);
  EXPECT_EQ(std::count(discards.begin(), discards.end(), "X"), 0);
  EXPECT_EQ(std::count(discards.begin(), discards.end(), "9S"), 1);
  r.Apply(Move::Card(Card("9S")));
  r.Apply(Move::Card(Card("10S")));
  ASSERT_EQ(r.phase(), Phase::kPlay);
  EXPECT_EQ(r.ToMove(), 0);  // forehand leads in two
  for (const char* c : {"4D", "3D", "2D"}) r.Apply(Move::Card(Card(c)));
  EXPECT_EQ(r.play().LastTrickWinner(), 2);
  // The discards count for P2; the talon he did not take for the opponents.
  EXPECT_EQ(r.play().won(2) & Cards("9S 10S"), Cards("9S 10S"));
  EXPECT_EQ(r.play().rest(), Cards("3H QS 7C KH"));
  EXPECT_EQ(r.play().SideWon(0) & Cards("3H QS 7C KH"), Cards("3H QS 7C KH"));
}

TEST(TarokPlay, ColourValatTaroksWinOnlyWhenLed) {
  // P1 leads KD, P2 follows 1D, P0 (no diamond left) trumps with II: P1 still wins.
  int8_t t[3] = {static_cast<int8_t>(Card("KD")), static_cast<int8_t>(Card("1D")),
                 static_cast<int8_t>(Card("II"))};
  EXPECT_EQ(PlayState::TrickWinner(Contract::kColourValat, t, 1, 3), 1);
  EXPECT_EQ(PlayState::TrickWinner(Contract::kThree, t, 1, 3), 0);
  // In colour valat a led tarok still wins with the highest tarok.
  int8_t u[3] = {static_cast<int8_t>(Card("V")), static_cast<int8_t>(Card("KD")),
                 static_cast<int8_t>(Card("X"))};
  EXPECT_EQ(PlayState::TrickWinner(Contract::kColourValat, u, 1, 3), 0);
  // The emperor trick is not won by pagat in colour valat after a suit lead... with no suit led
  // it is.
  int8_t e[3] = {static_cast<int8_t>(Card("SK")), static_cast<int8_t>(Card("I")),
                 static_cast<int8_t>(Card("mond"))};
  EXPECT_EQ(PlayState::TrickWinner(Contract::kColourValat, e, 0, 3), 1);
  EXPECT_EQ(PlayState::TrickWinner(Contract::kThree, e, 0, 3), 1);
}

// A deal in which P0 wins every trick whatever anyone plays: the 15 highest taroks and KH;
// P1 and P2 share the other taroks and no heart... P2 holds the hearts.
DealCards AllTricksDeal() {
  DealCards d;
  d.hands[0] = Cards("SK mond XX XIX XVIII XVII XVI XV XIV XIII XII XI X IX VIII KH");
  Mask rest = kAllCards & ~d.hands[0];
  const Mask hearts = SuitMask(0) & rest;
  d.hands[2] = hearts | Cards("I II III IV V VI VII");  // 7 hearts + 7 taroks
  rest &= ~d.hands[2];
  // Two more for P2, sixteen for P1, six to the talon, from the suits left.
  int k = 0;
  for (Mask m = rest; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    if (k < 2) {
      d.hands[2] |= Bit(c);
    } else if (k < 18) {
      d.hands[1] |= Bit(c);
    } else {
      d.talon[k - 18] = static_cast<int8_t>(c);
    }
    ++k;
  }
  return d;
}

// Plays out with each player's lowest legal card (the moves do not matter in AllTricksDeal).
Round PlayOut(Round r) {
  while (r.phase() != Phase::kDone) r.Apply(r.LegalMoves().front());
  return r;
}

TEST(TarokPlay, BeatersAreTheCardsThatBeatTheTricksBest) {
  // For every lead, every best card so far (the lead or a card that beat it) and every other
  // card: Beats and Beaters agree, in a contract where taroks always win and in colour valat.
  for (const Contract c : {Contract::kThree, Contract::kColourValat}) {
    for (int lead = 0; lead < kNumCards; ++lead) {
      for (int winning = 0; winning < kNumCards; ++winning) {
        if (winning != lead && !PlayState::Beats(c, winning, lead, lead)) continue;
        const Mask beaters = PlayState::Beaters(c, winning, lead);
        for (int card = 0; card < kNumCards; ++card) {
          if (card == lead || card == winning) continue;
          ASSERT_EQ(PlayState::Beats(c, card, winning, lead), (beaters & Bit(card)) != 0)
              << ContractName(c) << " lead " << CardName(lead) << " best " << CardName(winning)
              << " card " << CardName(card);
        }
      }
    }
  }
}

TEST(TarokScoring, ValatsAndBeggar) {
  const DealCards d = AllTricksDeal();
  ASSERT_EQ(std::popcount(d.hands[1]), 16);
  ASSERT_EQ(std::popcount(d.hands[2]), 16);
  Rules rules;
  EXPECT_EQ(PlayOut(Round(rules, d, Contract::kValat, 0)).Scores()[0], 500);
  EXPECT_EQ(PlayOut(Round(rules, d, Contract::kColourValat, 0)).Scores()[0], 125);
  Round beggar = PlayOut(Round(rules, d, Contract::kBeggar, 0));
  EXPECT_EQ(beggar.play().TricksDone(), 1);  // ends at the declarer's first trick
  EXPECT_EQ(beggar.Scores()[0], -70);
  EXPECT_EQ(beggar.Scores()[1], 0);
  // Silent valat in a normal contract: 250 in place of everything else.
  EXPECT_EQ(PlayOut(Round(rules, d, Contract::kSoloWithout, 0)).Scores()[0], 250);
  Rules announced = rules;
  announced.announced = kBonusValat;
  EXPECT_EQ(PlayOut(Round(announced, d, Contract::kSoloWithout, 0)).Scores()[0], 500);
  Rules kontra = rules;
  kontra.kontra = 2;
  kontra.radelc = true;
  EXPECT_EQ(PlayOut(Round(kontra, d, Contract::kValat, 0)).Scores()[0], 2000);
  // Klop: P0 takes everything, more than 35: -70, the others 0.
  const Round klop = PlayOut(Round(rules, d, Contract::kKlop, -1));
  EXPECT_EQ(klop.Scores()[0], -70);
  EXPECT_EQ(klop.Scores()[1], 0);
  EXPECT_EQ(klop.Scores()[2], 0);
}

TEST(TarokScoring, SilentValatAgainstTheDeclarer) {
  // P1 declares on AllTricksDeal: forehand P0 leads and takes all 16 tricks.
  const DealCards d = AllTricksDeal();
  Rules rules;
  for (Contract c : {Contract::kThree, Contract::kTwo, Contract::kOne}) {
    const Round r = PlayOut(Round(rules, d, c, 1));
    EXPECT_EQ(r.play().TricksWon(1), 0);
    EXPECT_EQ(r.Scores()[1], -250) << ContractName(c);
    EXPECT_EQ(r.Scores()[0], 0);
  }
}

TEST(TarokScoring, RandomGamesFollowTheFormula) {
  // Random seeded games of three by P0, checked against the rule text term by term.
  Rules rules;
  int checked = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    core::Rng rng(seed);
    Round r(rules, RandomDeal(rng), Contract::kThree, 0);
    while (r.phase() != Phase::kDone) {
      std::vector<Move> moves = r.LegalMoves();
      r.Apply(moves[rng.Below(moves.size())]);
    }
    const PlayState& s = r.play();
    if (s.TricksWon(0) == 0 || s.TricksWon(0) == kTricks) continue;
    const int points = CountCards(s.won(0));
    const Mask theirs = s.won(1) | s.won(2) | s.rest();
    int expected = (points >= 36 ? 1 : -1) * (10 + std::abs(points - 35));
    if ((s.won(0) & kTrula) == kTrula) expected += 10;
    if ((theirs & kTrula) == kTrula) expected -= 10;
    if ((s.won(0) & kKings) == kKings) expected += 10;
    if ((theirs & kKings) == kKings) expected -= 10;
    if (s.LastWinningCard() == kPagat) expected += s.LastTrickWinner() == 0 ? 25 : -25;
    const bool mond_was_ours = (r.deal().hands[1] | r.deal().hands[2]) & Bit(kMond);
    if (!mond_was_ours && (theirs & Bit(kMond))) expected -= 20;
    EXPECT_EQ(r.Scores()[0], expected) << "seed " << seed;
    EXPECT_EQ(CountCards(s.won(0)) + CountCards(theirs), 70);
    ++checked;
  }
  EXPECT_GT(checked, 150);
}

}  // namespace
}  // namespace kibitzer::tarok

namespace kibitzer::tarok {
namespace {

// Random seeded games of `c` by player 0 under `rules`, played with random legal moves.
template <typename Check>
int ForRandomGames(const Rules& rules, Contract c, uint64_t first_seed, Check check) {
  int n = 0;
  for (uint64_t seed = first_seed; seed < first_seed + 150; ++seed) {
    core::Rng rng(seed);
    Round r(rules, RandomDeal(rng), c, c == Contract::kKlop ? -1 : 0);
    while (r.phase() != Phase::kDone) {
      std::vector<Move> moves = r.LegalMoves();
      r.Apply(moves[rng.Below(moves.size())]);
    }
    n += check(r);
  }
  return n;
}

TEST(TarokScoring, OptionsChangeTheScoreAsTheRulesSay) {
  Rules base;
  Rules opts = base;
  opts.round_difference = true;
  opts.mond_penalty = 21;
  opts.values[static_cast<int>(Contract::kTwo)] = 30;
  opts.announced = kBonusTrula | kBonusKings | kBonusPagatUltimo;
  // The same deals and moves under both rule sets: only the score differs.
  const int checked = ForRandomGames(opts, Contract::kTwo, 500, [&](const Round& r) {
    const PlayState& s = r.play();
    if (s.TricksWon(0) == 0 || s.TricksWon(0) == kTricks) return 0;
    const int points = CountCards(s.won(0));
    const Mask theirs = s.won(1) | s.won(2) | s.rest();
    const int diff = (std::abs(points - 35) + 2) / 5 * 5;  // rounded to the nearest 5
    int expected = (points >= 36 ? 1 : -1) * (30 + diff);
    // Announced bonuses count double, and double against when not made by the declarer.
    expected += (s.won(0) & kTrula) == kTrula ? 20 : -20;
    expected += (s.won(0) & kKings) == kKings ? 20 : -20;
    const bool ultimo = s.LastWinningCard() == kPagat && s.LastTrickWinner() == 0;
    expected += ultimo ? 50 : -50;
    const bool mond_was_ours = (r.deal().hands[1] | r.deal().hands[2]) & Bit(kMond);
    if (!mond_was_ours && (theirs & Bit(kMond))) expected -= 21;
    EXPECT_EQ(r.Scores()[0], expected);
    EXPECT_EQ(diff % 5, 0);
    return 1;
  });
  EXPECT_GT(checked, 100);
}

TEST(TarokScoring, KlopLimitsAndTheEmptyHanded) {
  for (int limit : {35, 36}) {
    Rules rules;
    rules.klop_limit = limit;
    ForRandomGames(rules, Contract::kKlop, 900, [&](const Round& r) {
      const std::array<int, kMaxPlayers> scores = r.Scores();
      bool any_over = false;
      int empty = -1;
      for (int p = 0; p < kPlayers; ++p) {
        any_over |= r.CardPoints(p) >= limit;
        if (r.play().TricksWon(p) == 0) empty = p;
      }
      for (int p = 0; p < kPlayers; ++p) {
        if (any_over) {
          EXPECT_EQ(scores[p], r.CardPoints(p) >= limit ? -70 : 0);
        } else if (empty >= 0) {
          EXPECT_EQ(scores[p], p == empty ? 70 : 0);
        } else {
          EXPECT_EQ(scores[p], -r.CardPoints(p));
        }
      }
      // Klop piles count the talon given away: all 70 points are shared.
      EXPECT_EQ(
          r.CardPoints(0) + r.CardPoints(1) + r.CardPoints(2),
          CountCards(r.play().won(0)) + CountCards(r.play().won(1)) + CountCards(r.play().won(2)));
      EXPECT_EQ(std::popcount(r.play().won(0) | r.play().won(1) | r.play().won(2)), 54);
      return 1;
    });
  }
}

TEST(TarokPlay, FirstLeadByPreset) {
  const DealCards d = RandomDeal(3);
  Rules openspiel;
  Rules seed = *RulesFromOptions("seed2002", {}, "options");
  EXPECT_TRUE(seed.declarer_leads);
  EXPECT_EQ(seed.Value(Contract::kSoloWithout), 50);
  // Normal contracts: forehand leads in openspiel, the declarer in seed2002; klop: forehand.
  Round three(openspiel, d, Contract::kThree, 2);
  three.Apply(Move::Talon(0));
  while (three.phase() == Phase::kDiscard) three.Apply(three.LegalMoves().front());
  EXPECT_EQ(three.ToMove(), 0);
  Round three_seed(seed, d, Contract::kThree, 2);
  three_seed.Apply(Move::Talon(0));
  while (three_seed.phase() == Phase::kDiscard) three_seed.Apply(three_seed.LegalMoves().front());
  EXPECT_EQ(three_seed.ToMove(), 2);
  EXPECT_EQ(Round(seed, d, Contract::kKlop, -1).ToMove(), 0);
  for (Contract c : {Contract::kBeggar, Contract::kSoloWithout, Contract::kOpenBeggar,
                     Contract::kColourValat, Contract::kValat}) {
    EXPECT_EQ(Round(openspiel, d, c, 1).ToMove(), 1) << ContractName(c);
  }
}

}  // namespace
}  // namespace kibitzer::tarok
