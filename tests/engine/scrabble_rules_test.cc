// Scrabble's rules by hand (scoring, the end of the game), its notations in and out, bad input,
// the lexicon graph and the seat view's sampler.
#include <cmath>

#include "engine/games/scrabble/leaves/leave.h"
#include "engine/games/scrabble/sim/sampler.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

using testing::FromCgp;
using testing::GamePositions;
using testing::NewGame;
using testing::Scowl70;

// The board as CGP rows, empty except `rows` (row number 1..15 -> row text).
std::string Board(const std::map<int, std::string>& rows) {
  std::string out;
  for (int r = 1; r <= kDim; ++r) {
    if (r > 1) out += "/";
    auto it = rows.find(r);
    out += it == rows.end() ? "15" : it->second;
  }
  return out;
}

// The score of `text` by the rules' check, which the generator must give the same move too.
int Score(const Position& pos, const std::string& text) {
  absl::StatusOr<Move> m = pos.Parse(text, "move");
  EXPECT_TRUE(m.ok()) << m.status();
  if (!m.ok()) return -1;
  EXPECT_EQ(pos.WhyIllegal(&*m), "") << text;
  const std::vector<Move> all = AllMoves(pos);
  const auto it = std::find(all.begin(), all.end(), *m);
  EXPECT_NE(it, all.end()) << text << " not generated";
  if (it != all.end()) {
    EXPECT_EQ(it->score, m->score) << text;
  }
  return m->score;
}

std::string Why(const Position& pos, const std::string& text) {
  absl::StatusOr<Move> m = pos.Parse(text, "move");
  if (!m.ok()) return std::string(m.status().message());
  return pos.WhyIllegal(&*m);
}

TEST(ScrabbleScoring, ABingoOnTheCentreWithALetterPremium) {
  const Position pos = FromCgp(Board({}) + " AELPRSY/ 0/0 0");
  // P on D8 (double letter) 6, LAY 6, E on H8 (double word), RS 2: 15 x 2 + 50.
  EXPECT_EQ(Score(pos, "8D PLAYERS"), 80);
  EXPECT_EQ(Score(pos, "H4 PLAYERS"), 80);
}

TEST(ScrabbleScoring, AWordOnTwoDoubleWordSquaresCountsFourTimes) {
  const Position pos = FromCgp(Board({{5, "7Y7"}}) + " AELPRSZ/ 0/0 0");
  EXPECT_EQ(Score(pos, "5E PLAYERS"), 12 * 4);
}

TEST(ScrabbleScoring, TwoTripleWordsCountNineTimesAndAPremiumUnderAnOldTileCountsNot) {
  // The O on D1 (double letter) was there before: it counts once.
  const Position pos = FromCgp(Board({{1, "3O11"}}) + " ABELSTU/ 0/0 0");
  EXPECT_EQ(Score(pos, "1A ABSOLUTE"), 10 * 9 + 50);
}

TEST(ScrabbleScoring, CrossWordsAreAddedWithTheirPremiums) {
  // AX across on row 9 under TO: A on G9 (double letter) makes TA down, X makes OX down.
  const Position pos = FromCgp(Board({{8, "6TO7"}}) + " AEINRTX/ 0/0 0");
  EXPECT_EQ(Score(pos, "9G AX"), 10 + 3 + 9);
}

TEST(ScrabbleScoring, OneTileMakingTwoWordsAndABlankWorthNothing) {
  // HAT down on K5..K7 and CAT across on H8..J8: an S on K8 makes CATS and HATS.
  const std::string board = Board({{5, "10H4"}, {6, "10A4"}, {7, "10T4"}, {8, "7CAT5"}});
  const Position pos = FromCgp(board + " ?EIORSU/ 0/0 0");
  EXPECT_EQ(Score(pos, "8H CATS"), 6 + 7);
  EXPECT_EQ(Score(pos, "8H CATs"), 5 + 6);
  // Written down, it is the same placement: its main word is HATS.
  absl::StatusOr<Move> down = pos.Parse("K5 HATS", "move");
  ASSERT_TRUE(down.ok());
  EXPECT_EQ(pos.WhyIllegal(&*down), "");
  EXPECT_EQ(down->score, 13);
}

TEST(ScrabbleRules, IllegalMovesSayWhy) {
  const Position first = FromCgp(Board({}) + " AELPRSY/ 0/0 0");
  EXPECT_EQ(Why(first, "8A PLAYERS"), "the first play must cover H8");
  EXPECT_EQ(Why(first, "8H PLAYERZ"), "Z is not on the rack AELPRSY");
  EXPECT_EQ(Why(first, "8H SPARLEY"), "SPARLEY is not a word of SCOWL70");
  EXPECT_EQ(Why(first, "8H PLAYERs"), "a blank is not on the rack AELPRSY");
  EXPECT_EQ(Why(first, "-AEL"), "");
  const Position mid = FromCgp(Board({{8, "7CAT5"}}) + " EINRSTX/ 0/0 0");
  EXPECT_EQ(Why(mid, "1A TEN"), "it does not touch the tiles on the board");
  EXPECT_EQ(Why(mid, "8H XAT"), "move: '8H XAT' is not legal: square H8 is taken by C");
  EXPECT_EQ(Why(mid, "8I AT"),
            "move: '8I AT' is not the whole word: the tiles next to it belong to "
            "the main word");
  EXPECT_EQ(Why(mid, "8H CAT"), "move: '8H CAT' places no tile");
  EXPECT_EQ(Why(mid, "8P CAT"),
            "move: '8P CAT' does not start with a square (8D: row 8 from column "
            "D, across; D8: down)");
  EXPECT_EQ(Why(mid, "8M CATS"), "move: '8M CATS' runs off the board");
  EXPECT_EQ(Why(mid, "CAT"),
            "move: 'CAT' is not a move (write 8D WORD across from D8, D8 WORD down, "
            "-ABC to exchange, - to pass)");
  EXPECT_EQ(Why(mid, "-Q"), "Q is not on the rack EINRSTX");
  EXPECT_EQ(Why(mid, "-E1"), "move: '1' is not a tile (A..Z, or ? for a blank)");
}

TEST(ScrabbleRules, ExchangesNeedSevenTilesInTheBagUnlessTheOptionSaysOtherwise) {
  // Every tile but the two racks and five in the bag on the board is out of the bag: build one
  // by playing a seeded game until the bag holds fewer than 7.
  Position pos = NewGame(3);
  while (pos.bag_size() >= 7) pos.Apply(AllMoves(pos).front());
  if (pos.over()) GTEST_SKIP() << "the game ended first";
  const Rack& rack = pos.side(pos.to_move()).rack;
  int kind = 0;
  while (rack.count[kind] == 0) ++kind;
  EXPECT_EQ(Why(pos, std::string("-") + RackChar(kind)),
            "an exchange needs at least 7 tiles in the bag, and " + std::to_string(pos.bag_size()) +
                " are left");
}

TEST(ScrabbleRules, PlayingOutGainsTwiceTheOtherRackOrOnceAndTheOtherLosesIt) {
  for (bool classic : {false, true}) {
    Rules rules;
    rules.classic_end = classic;
    for (uint64_t seed = 1; seed < 40; ++seed) {
      Position pos = NewGame(seed, rules);
      std::array<int, 2> moves{};
      while (!pos.over()) {
        const Move m = AllMoves(pos).front();
        moves[pos.to_move()] += m.score;
        pos.Apply(m);
      }
      if (pos.zero_turns() >= rules.scoreless_turns) continue;
      // The last player to move played out; the other still holds tiles.
      const RecordLine* last = nullptr;
      for (const RecordLine& l : pos.record()) {
        if (l.move[0] != '(') last = &l;
      }
      const int out = last->seat, other = 1 - out;
      const int v = pos.side(other).rack.Points();
      ASSERT_EQ(pos.side(out).size, 0);
      EXPECT_EQ(pos.score(out), moves[out] + (classic ? v : 2 * v)) << seed;
      EXPECT_EQ(pos.score(other), moves[other] - (classic ? v : 0)) << seed;
    }
  }
}

TEST(ScrabbleRules, SixScorelessTurnsEndTheGameAndEachLosesHisRack) {
  Position pos = NewGame(9);
  const std::array<int, 2> racks = {pos.side(0).rack.Points(), pos.side(1).rack.Points()};
  for (int i = 0; i < 5; ++i) pos.Apply(Move{});
  EXPECT_FALSE(pos.over());
  pos.Apply(Move{});
  ASSERT_TRUE(pos.over());
  EXPECT_EQ(pos.score(0), -racks[0]);
  EXPECT_EQ(pos.score(1), -racks[1]);
  Rules four;
  four.scoreless_turns = 4;
  Position short_game = NewGame(9, four);
  for (int i = 0; i < 4; ++i) short_game.Apply(Move{});
  EXPECT_TRUE(short_game.over());
}

// Placing and taking back tiles refreshes only the squares they can change; the board must be
// the one a refresh of every square gives, on positions of seeded games and moves of all kinds;
// and every line the move does not list as changed (LinesChangedBy) is as it was.
TEST(ScrabbleBoard, PlacingAndTakingBackTilesKeepsEverySquareAsARefreshFromScratch) {
  const Kwg& kwg = *testing::Scowl70();
  const auto same_line = [](const scrabble::Board& a, const scrabble::Board& b, int dir, int line) {
    for (int pos = 0; pos < kDim; ++pos) {
      if (a.At(dir, line, pos) != b.At(dir, line, pos) ||
          a.CrossSet(dir, line, pos) != b.CrossSet(dir, line, pos) ||
          a.CrossScore(dir, line, pos) != b.CrossScore(dir, line, pos) ||
          a.HasCross(dir, line, pos) != b.HasCross(dir, line, pos) ||
          a.Anchor(dir, line, pos) != b.Anchor(dir, line, pos)) {
        return false;
      }
    }
    return true;
  };
  const auto expect_same = [](const scrabble::Board& a, const scrabble::Board& b,
                              const char* what) {
    for (int dir = 0; dir < 2; ++dir) {
      for (int line = 0; line < kDim; ++line) {
        for (int pos = 0; pos < kDim; ++pos) {
          ASSERT_EQ(a.At(dir, line, pos), b.At(dir, line, pos)) << what;
          ASSERT_EQ(a.CrossSet(dir, line, pos), b.CrossSet(dir, line, pos))
              << what << " dir " << dir << " line " << line << " pos " << pos;
          ASSERT_EQ(a.CrossScore(dir, line, pos), b.CrossScore(dir, line, pos)) << what;
          ASSERT_EQ(a.HasCross(dir, line, pos), b.HasCross(dir, line, pos)) << what;
          ASSERT_EQ(a.Anchor(dir, line, pos), b.Anchor(dir, line, pos))
              << what << " dir " << dir << " line " << line << " pos " << pos;
        }
      }
    }
  };
  core::Rng rng(17);
  int checked = 0;
  for (const Position& pos : testing::GamePositions(testing::Cases(6), 61)) {
    const std::vector<Move> moves = AllMoves(pos);
    for (int k = 0; k < 4; ++k) {
      const Move& m = moves[rng.Below(moves.size())];
      if (m.kind != Move::kPlace) continue;
      scrabble::Board board = pos.board();
      board.Place(m, kwg);
      scrabble::Board fresh = board;
      fresh.Refresh(kwg);
      expect_same(board, fresh, "placed");
      const uint32_t changed = board.LinesChangedBy(m);
      for (int dir = 0; dir < 2; ++dir) {
        for (int line = 0; line < kDim; ++line) {
          if ((changed & LineBit(dir, line)) == 0) {
            EXPECT_TRUE(same_line(board, pos.board(), dir, line)) << dir << " " << line;
          }
        }
      }
      // Only the lines around the move: along it, its own and those of the two squares past the
      // run across each tile placed; across it, one a square it covers and the two past its ends.
      if (!pos.board().empty()) {
        EXPECT_LE(__builtin_popcount(changed), 1 + 2 * m.placed + m.length + 2);
      }
      board.Unplace(m, kwg);
      expect_same(board, pos.board(), "taken back");
      // The search's make and undo: what the move overwrote is put back as it was.
      scrabble::Board::Saved saved;
      board.Place(m, kwg, &saved);
      expect_same(board, fresh, "placed, saving");
      board.Unplace(m, kwg, saved);
      expect_same(board, pos.board(), "put back");
      ++checked;
    }
  }
  EXPECT_GT(checked, testing::Cases(6) * 20);
}

TEST(ScrabbleNotation, CgpSetsUpTheSamePositionAgain) {
  for (const Position& pos : GamePositions(2, 21)) {
    const std::string cgp = FormatCgp(pos);
    const Position again = FromCgp(cgp);
    EXPECT_EQ(FormatCgp(again), cgp);
    EXPECT_EQ(again.bag_size(), pos.bag_size());
  }
}

// The Scrabble game behind the interface, on the build's lexica.
class ScrabbleGameTest : public ::testing::Test {
 protected:
  ScrabbleGameTest() : game_(std::make_shared<const LexiconStore>(testing::LexiconDir())) {}
  absl::StatusOr<std::unique_ptr<core::GameState>> Setup(const std::string& notation,
                                                         core::OptionMap options = {}) const {
    core::PositionSpec spec;
    spec.notation = notation;
    spec.options = std::move(options);
    return game_.Setup(spec);
  }
  const Position& Of(const core::GameState& s) const {
    return static_cast<const ScrabbleState&>(s).position();
  }
  // Runs a prepared search to its end, no progress wanted.
  static core::Report RunToEnd(core::SearchTask& task) {
    core::StopToken never;
    core::SearchControl control(core::Limits{}, &never);
    struct Sink : core::ProgressSink {
      void OnProgress(const core::Report&) override {}
      void OnFinished(const core::Report&) override {}
    } sink;
    return task.Run(control, sink);
  }
  // `search` run to its end on `pos` seen by its side to move (SCOWL70), or why it was refused.
  absl::StatusOr<core::Report> SearchSeatView(const Position& pos, const core::SearchSpec& search) {
    core::PositionSpec position;
    position.notation = FormatCgp(pos);
    position.options = {{"lexicon", "SCOWL70"}};
    position.seat = "1";  // the CGP lists the side to move first
    auto state = game_.Setup(position);
    if (!state.ok()) return state.status();
    absl::StatusOr<std::unique_ptr<core::SearchTask>> task = game_.PrepareSearch(**state, search);
    if (!task.ok()) return task.status();
    return RunToEnd(**task);
  }
  ScrabbleGame game_;
};

TEST_F(ScrabbleGameTest, AGcgRecordReplaysToItsScoresAndIsWrittenBackTheSame) {
  Position pos = NewGame(17);
  pos = FromCgp(FormatCgp(pos));  // the same start, a fresh record
  Position played = NewGame(17);
  while (!played.over()) played.Apply(AllMoves(played)[played.record().size() % 3]);
  const std::string gcg = FormatGcg(played, {"ann", "bob"});
  core::PositionSpec spec;
  spec.notation = gcg;
  spec.options["lexicon"] = "SCOWL70";
  auto state = game_.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status() << "\n" << gcg;
  const Position& replayed = Of(**state);
  EXPECT_TRUE(replayed.over());
  EXPECT_EQ(replayed.score(0), played.score(0));
  EXPECT_EQ(replayed.score(1), played.score(1));
  EXPECT_EQ(FormatCgp(replayed).substr(0, FormatCgp(replayed).find(' ')),
            FormatCgp(played).substr(0, FormatCgp(played).find(' ')));
  EXPECT_EQ((*state)->Record(), gcg);

  // A score or a total the record misstates is refused on its line.
  std::string wrong = gcg;
  const size_t line = wrong.find("\n>ann:");
  const size_t plus = wrong.find(" +", line);
  wrong.insert(plus + 2, "1");
  spec.notation = wrong;
  auto refused = game_.Setup(spec);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("notation: line 5: "), std::string::npos)
      << refused.status();
}

// Records as games are written: a phony played and withdrawn ("--", the player's turn lost), a
// challenge bonus, a time penalty, a rack given as only the tiles played, a note over two lines.
// Every stated score and total is checked, and the record is written back with them.
TEST_F(ScrabbleGameTest, ARecordWithChallengesAndPartialRacksReplays) {
  const std::string gcg =
      "#player1 a A\n#player2 b B\n"
      "#note a note\n  that goes on\n"
      ">a: AEINRST 8H AEINRST +66 66\n"  // not a word: challenged off
      ">a: AEINRST -- -66 0\n"
      ">b: AEINRST 8D RETAINS +66 66\n"
      ">b: (challenge) +5 71\n"
      ">a: O D7 OR +2 2\n"  // only the tile played is given
      ">a: (time) -10 -8\n";
  auto state = Setup(gcg, {{"lexicon", "SCOWL70"}});
  ASSERT_TRUE(state.ok()) << state.status();
  const Position& pos = Of(**state);
  EXPECT_EQ(pos.score(0), -8);
  EXPECT_EQ(pos.score(1), 71);
  EXPECT_EQ(pos.to_move(), 1);
  EXPECT_EQ(pos.zero_turns(), 0);
  const std::string written = (*state)->Record();
  for (const char* line : {">a: AEINRST 8H AEINRST +66 66", ">a: AEINRST -- -66 0",
                           ">b: (challenge) +5 71", ">a: (time) -10 -8"}) {
    EXPECT_NE(written.find(line), std::string::npos) << line << "\n" << written;
  }
  // A withdrawn play's score must be the one taken back, and a '--' needs a play to take back.
  for (const auto& [bad, want] : std::vector<std::pair<std::string, std::string>>{
           {"#player1 a A\n#player2 b B\n>a: AEINRST 8H AEINRST +66 66\n>a: AEINRST -- -60 6",
            "line 4: the play taken back scored 66, so -66, not -60"},
           {"#player1 a A\n#player2 b B\n>a: AEINRST -- -66 0", "line 3: '--' takes back"},
           {"#player1 a A\n#player2 b B\n>a: AEINRST 8H AEINRST +66 66",
            "AEINRST is not a word"}}) {
    auto refused = Setup(bad, {{"lexicon", "SCOWL70"}});
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_NE(refused.status().message().find(want), std::string::npos) << refused.status();
  }
}

TEST_F(ScrabbleGameTest, BadPositionsAreRefusedWithTheirReason) {
  const std::string empty = Board({});
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"15/15 AB/ 0/0 0", "notation: the board has 2 rows, not 15"},
      {empty + " AB 0/0 0", "notation: racks 'AB': write the mover's and the opponent's"},
      {empty + " A1/ 0/0 0", "notation: rack 1: '1' is not a tile"},
      {empty + " AEINRST/ 0 0", "notation: scores '0': write the mover's and the opponent's"},
      // The most negative int is out of range too (no std::abs overflow).
      {empty + " AEINRST/ 0/-2147483648 0", "notation: scores '0/-2147483648': write the"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 -2147483648",
       "the total '-2147483648' is not a number"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +-2147483648 66",
       "the score '+-2147483648' is not +N or -N"},
      {empty + " AEINRST/ 0/0 x", "notation: scoreless turns 'x': a count from 0"},
      {empty + " AEINRST/ 0/0 0 lex NOPE;", "notation: lexicon: no lexicon named 'NOPE'"},
      {empty + " AEINRST/ 0/0 0 foo bar;", "notation: opcode 'foo bar' is not known"},
      {empty + " AEINRST/ 0/0 0 lex SCOWL70", "notation: an opcode ends with ';'"},
      {Board({{1, "16"}}) + " A/ 0/0 0", "notation: board row 1 '16' has more than 15 squares"},
      {Board({{1, "14"}}) + " A/ 0/0 0", "notation: board row 1 '14' has 14 squares, not 15"},
      {Board({{1, "QQ13"}}) + " A/ 0/0 0",
       "notation: 2 Qs on the board and the racks; the tile set has 1"},
      {empty + " AEI/ 0/0 0",
       "notation: seat 1's rack AEI has 3 tiles, but with 90 tiles in the bag"},
      {empty + " AEINRST/ 0/0 0 bag ZZ;",
       "notation: opcode bag: the bag's order can be given only with both racks"},
      {"#player1 a A\n#player2 b B\n>c: AEINRST 8D RETAINS +66 66",
       "notation: line 3 '>c: AEINRST 8D RETAINS +66 66': the nick 'c' is neither 'a' nor 'b'"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +60 60",
       "notation: line 3: 8D RETAINS scores 66, not 60"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +66 70",
       "notation: line 3: the total after it is 66, not 70"},
      {"#player1 a A\n#player2 b B\n>b: AEINRST 8D RETAINS +66 66",
       "notation: line 3: seat 1 (a) is to move, not b"},
      {"#player1 a A\n#player2 b B\n>a: 8D RETAINS +66 66",
       "notation: line 3: the rack before the move is needed"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS 66 66",
       "the score '66' is not +N or -N"},
      {"#player1 a A\n#player2 b B\nhello", "a move line starts with '>'"},
      {"#player1 a A\n#player2 b B\n>a: AEINRST (AB) +4 4",
       "is an end-of-game adjustment, but the game has not ended"},
  };
  for (const auto& [notation, want] : cases) {
    auto s = Setup(notation, {{"lexicon", "SCOWL70"}});
    if (notation.find("lex NOPE") != std::string::npos ||
        notation.find("lex SCOWL70") != std::string::npos) {
      s = Setup(notation);
    }
    ASSERT_FALSE(s.ok()) << notation;
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find(want), std::string::npos)
        << s.status().message() << "\nwanted: " << want;
  }
  auto lexicon = Setup(empty + " AEINRST/ 0/0 0", {{"lexicon", "NOPE"}});
  ASSERT_FALSE(lexicon.ok());
  EXPECT_NE(lexicon.status().message().find("options[lexicon]: no lexicon named 'NOPE' (known: "),
            std::string::npos)
      << lexicon.status();
  core::PositionSpec moves;
  moves.notation = empty + " AEINRST/ 0/0 0 lex SCOWL70;";
  moves.moves = {"8D RETAINS", "-", "+QU"};  // seat 2's pass from a rack not known is a move
  auto after = game_.Setup(moves);
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.status().message(),
            "moves[2]: '+QU' tells the tiles a seat drew: name the seat (Position.seat)");
}

// A one-tile play forming words both ways may be written either way, as GCG records do; it is the
// same play (the move generator's, across), accepted as a candidate and scored the same.
TEST_F(ScrabbleGameTest, AOneTilePlayIsTheSamePlayWrittenEitherWay) {
  const std::string notation =
      "15/15/15/15/15/15/15/7A7/6A8/15/15/15/15/15/15 EIORTUV/ 0/0 0 lex SCOWL70;";
  auto state = Setup(notation);
  ASSERT_TRUE(state.ok()) << state.status();
  const Position& pos = Of(**state);
  absl::StatusOr<Move> down = pos.Parse("H8 AT", "m");
  absl::StatusOr<Move> across = pos.Parse("9G AT", "m");
  ASSERT_TRUE(down.ok()) << down.status();
  ASSERT_TRUE(across.ok()) << across.status();
  EXPECT_EQ(*down, *across);
  EXPECT_EQ(pos.Format(*down), "9G AT");
  core::SearchSpec spec;
  spec.options = {{"algorithm", "greedy"}};
  spec.limits.candidate_moves = {"H8 AT"};
  auto task = game_.PrepareSearch(**state, spec);
  ASSERT_TRUE(task.ok()) << task.status();
  const core::Report r = RunToEnd(**task);
  ASSERT_EQ(r.moves.size(), 1u);
  EXPECT_EQ(r.moves[0].move, "9G AT");
  EXPECT_EQ(r.moves[0].value, 4);
}

// Quackle writes the tiles a play goes through in parentheses; the same play as with the letters
// or '.', and a parenthesis over an empty square or left open is refused with its reason.
TEST_F(ScrabbleGameTest, QuacklesPlayedThroughFormIsTheSamePlay) {
  const std::string notation =
      "15/15/15/15/15/15/15/7A7/6A8/15/15/15/15/15/15 EIORTUV/ 0/0 0 lex SCOWL70;";
  auto state = Setup(notation);
  ASSERT_TRUE(state.ok()) << state.status();
  const Position& pos = Of(**state);
  absl::StatusOr<Move> plain = pos.Parse("H7 TAV", "m");
  absl::StatusOr<Move> dotted = pos.Parse("H7 T.V", "m");
  absl::StatusOr<Move> quackle = pos.Parse("H7 T(A)V", "m");
  ASSERT_TRUE(plain.ok()) << plain.status();
  ASSERT_TRUE(quackle.ok()) << quackle.status();
  EXPECT_EQ(*quackle, *plain);
  EXPECT_EQ(*quackle, *dotted);
  EXPECT_EQ(quackle->placed, 2);
  const struct {
    const char* text;
    const char* why;
  } bad[] = {{"H7 (T)AV", "(T) on the empty square H7"},
             {"H7 T(AV", "unbalanced parentheses"},
             {"H7 TA)V", "unbalanced parentheses"},
             {"H7 T(E)V", "is taken by A"}};
  for (const auto& b : bad) {
    absl::StatusOr<Move> m = pos.Parse(b.text, "m");
    ASSERT_FALSE(m.ok()) << b.text;
    EXPECT_NE(m.status().message().find(b.why), absl::string_view::npos) << m.status();
  }
}

// A seat follows a live game from its own view: the other side's plays come from a rack it does
// not know, its own leave stays known after its move, and +TILES tells the tiles it drew.
TEST_F(ScrabbleGameTest, ASeatFollowsALiveGameFromItsOwnView) {
  core::PositionSpec spec;
  spec.notation = Board({}) + " AEINRST/ 0/0 0 lex SCOWL70;";
  spec.seat = "1";
  spec.moves = {"8D RETAINS"};
  auto state = game_.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_FALSE(Of(**state).side(0).known);  // it drew seven tiles it has not told
  EXPECT_EQ(Of(**state).side(0).size, 7);
  spec.moves.push_back("+AEIOU?Z");
  spec.moves.push_back("E7 HEN");  // seat 2, from a rack seat 1 does not know
  state = game_.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  const Position& after = Of(**state);
  EXPECT_EQ(after.to_move(), 0);
  ASSERT_TRUE(after.side(0).known);
  EXPECT_EQ(FormatRack(after.side(0).rack), "AEIOUZ?");
  EXPECT_FALSE(after.side(1).known);
  const std::vector<std::string> legal = (*state)->LegalMoves();
  ASSERT_FALSE(legal.empty());
  core::SearchSpec search;
  search.options = {{"algorithm", "static"}};
  ASSERT_TRUE(game_.PrepareSearch(**state, search).ok());

  // Its own play: the leave stays known, the draw is not, until told.
  spec.moves.push_back(legal.front());
  state = game_.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  const Side& mine = Of(**state).side(0);
  const int placed = 7 - mine.rack.size;
  ASSERT_GT(placed, 0);
  EXPECT_FALSE(mine.known);
  EXPECT_EQ(mine.size, 7);
  // The canonical form of a rack partly known is the position as given.
  EXPECT_EQ((*state)->Normalized().moves, spec.moves);
  // The other side plays on (a pass), then the seat tells its draw from the unseen tiles.
  spec.moves.push_back("-");
  const Rack pool = Of(**state).Pool();
  std::string drawn;
  for (int k = 0; k < kTileKinds && static_cast<int>(drawn.size()) < placed; ++k) {
    for (int n = 0; n < pool.count[k] && static_cast<int>(drawn.size()) < placed; ++n) {
      drawn.push_back(RackChar(k));
    }
  }
  spec.moves.push_back("+" + drawn);
  state = game_.Setup(spec);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_TRUE(Of(**state).side(0).known);
  EXPECT_EQ(Of(**state).side(0).rack.size, 7);
  ASSERT_TRUE(game_.PrepareSearch(**state, search).ok());
  // Telling more than it drew is refused, naming the move.
  spec.moves.push_back("+E");
  state = game_.Setup(spec);
  ASSERT_FALSE(state.ok());
  EXPECT_NE(state.status().message().find(absl::StrCat("moves[", spec.moves.size() - 1, "]")),
            std::string::npos)
      << state.status();
}

TEST_F(ScrabbleGameTest, AnalysisRanksEveryPlayByEquityOrByScore) {
  auto state = Setup(Board({}) + " AEINRSQ/ 0/0 0 lex SCOWL70;");
  ASSERT_TRUE(state.ok()) << state.status();
  const auto run = [&](const std::string& algorithm) {
    core::SearchSpec spec;
    spec.options["algorithm"] = algorithm;
    spec.options["top"] = "1000";
    auto task = game_.PrepareSearch(**state, spec);
    EXPECT_TRUE(task.ok()) << task.status();
    return RunToEnd(**task);
  };
  const core::Report greedy = run("greedy");
  const core::Report equity = run("static");
  ASSERT_FALSE(greedy.moves.empty());
  for (size_t i = 1; i < greedy.moves.size(); ++i) {
    EXPECT_GE(greedy.moves[i - 1].value, greedy.moves[i].value);
    EXPECT_GE(equity.moves[i - 1].value, equity.moves[i].value);
  }
  // Equity gets rid of the Q (its leave value is the lowest).
  const auto leave_of = [&](const std::string& text) {
    absl::StatusOr<Move> m = Of(**state).Parse(text, "m");
    Rack leave = Of(**state).side(0).rack;
    leave.RemoveAll(m->Used());
    return leave;
  };
  EXPECT_EQ(leave_of(equity.best_move).count[17], 0) << equity.best_move;
  EXPECT_EQ(greedy.moves.front().value, AllMoves(Of(**state)).front().score);
  EXPECT_EQ(equity.moves.front().metrics[2].value,
            equity.moves.front().metrics[0].value + equity.moves.front().metrics[1].value);
  EXPECT_EQ(equity.moves.front().metrics[1].value,
            LeaveValue(Of(**state).leaves(), leave_of(equity.best_move), Of(**state).bag_size()));
}

// options[infer] reads the other side's last play (the last of Position.moves here) and draws
// the other rack around what it kept; it is refused, naming it, where there is nothing to read.
TEST_F(ScrabbleGameTest, InferenceReadsTheOtherSidesLastPlay) {
  Position start = NewGame(23);
  start.Apply(AllMoves(start).front());  // the CGP lists the mover first: it is seat 1 there
  core::PositionSpec spec;
  spec.notation = FormatCgp(start);
  spec.options["lexicon"] = "SCOWL70";
  auto full = game_.Setup(spec);
  ASSERT_TRUE(full.ok()) << full.status();
  const std::vector<Move> replies = AllMoves(Of(**full));
  spec.moves = {Of(**full).Format(replies.front())};  // seat 1 plays, seat 2 is to move
  spec.seat = "2";
  auto view = game_.Setup(spec);
  ASSERT_TRUE(view.ok()) << view.status();
  const auto run = [&](const core::GameState& state, core::OptionMap options) {
    core::SearchSpec search;
    search.options = std::move(options);
    search.limits.samples = 20;
    search.seed = 4;
    return game_.PrepareSearch(state, search);
  };
  auto task = run(**view, {{"infer", "true"}, {"infer_tolerance", "1000"}, {"candidates", "3"}});
  ASSERT_TRUE(task.ok()) << task.status();
  const core::Report r = RunToEnd(**task);
  EXPECT_EQ(r.moves.size(), 3u);
  EXPECT_EQ(r.samples, 20u);
  const std::map<std::pair<const core::GameState*, std::string>, std::string> refused = {
      {{view->get(), "static"}, "options[infer]: is for algorithm=sim"},
      {{full->get(), "sim"}, "options[infer]: needs the other side's last play"},
  };
  for (const auto& [what, want] : refused) {
    auto bad = run(*what.first, {{"infer", "true"}, {"algorithm", what.second}});
    ASSERT_FALSE(bad.ok()) << want;
    EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(bad.status().message().find(want), std::string::npos) << bad.status();
  }
  spec.seat.clear();  // both racks known: nothing to infer
  auto known = game_.Setup(spec);
  ASSERT_TRUE(known.ok());
  EXPECT_NE(run(**known, {{"infer", "true"}}).status().message().find("nothing to infer"),
            std::string::npos);
}

// options[objective]=latewin, to_end and late_bag act in the late game only: with at most
// late_bag tiles in the bag latewin is win's search (the same plays, values and nodes) and to_end
// plays on (more nodes); before it both are the plain search; late_bag alone is refused.
TEST_F(ScrabbleGameTest, TheLateGameOptionsActOnlyInTheLateGame) {
  const auto run = [&](const Position& pos, core::OptionMap options) {
    core::SearchSpec search;
    search.options = std::move(options);
    search.options.insert({{"algorithm", "sim"}, {"plies", "1"}, {"candidates", "4"}});
    search.limits.samples = 20;
    search.seed = 6;
    return SearchSeatView(pos, search);
  };
  const auto same = [](const core::Report& a, const core::Report& b) {
    if (a.moves.size() != b.moves.size() || a.nodes != b.nodes) return false;
    for (size_t i = 0; i < a.moves.size(); ++i) {
      if (a.moves[i].move != b.moves[i].move || a.moves[i].value != b.moves[i].value) return false;
    }
    return true;
  };
  bool early_seen = false, late_seen = false;
  for (const Position& pos : testing::GamePositions(1, 77)) {
    const bool late = pos.bag_size() <= kLateBag;
    if (pos.bag_size() == 0 || AllMoves(pos).size() < 4 || (late ? late_seen : early_seen)) {
      continue;
    }
    const auto spread = run(pos, {}), win = run(pos, {{"objective", "win"}}),
               late_win = run(pos, {{"objective", "latewin"}}),
               to_end = run(pos, {{"to_end", "true"}}),
               all_late = run(pos, {{"objective", "latewin"}, {"late_bag", "100"}});
    ASSERT_TRUE(spread.ok() && win.ok() && late_win.ok() && to_end.ok() && all_late.ok());
    EXPECT_FALSE(same(*spread, *win));  // the values differ: points, chances
    EXPECT_TRUE(same(*late_win, late ? *win : *spread)) << pos.bag_size();
    EXPECT_TRUE(same(*all_late, *win)) << pos.bag_size();
    if (late) {
      EXPECT_GT(to_end->nodes, spread->nodes);
    } else {
      EXPECT_TRUE(same(*to_end, *spread));
    }
    (late ? late_seen : early_seen) = true;
  }
  EXPECT_TRUE(early_seen && late_seen);
  const auto alone = run(testing::GamePositions(1, 77).front(), {{"late_bag", "20"}});
  ASSERT_FALSE(alone.ok());
  EXPECT_EQ(alone.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(alone.status().message().find("options[late_bag]"), std::string::npos);
}

// With no samples asked for, Analyze values every candidate on 100 layouts; a racing search
// (BestMove, or options[race]) goes on to up to 400 where its candidates stay close.
TEST_F(ScrabbleGameTest, ARacingSimulationTakesMoreLayoutsByDefault) {
  const auto run = [&](const Position& pos, core::SearchMode mode, core::OptionMap options) {
    core::SearchSpec search;
    search.mode = mode;
    search.options = std::move(options);
    search.options.insert({{"algorithm", "sim"}, {"plies", "1"}, {"candidates", "3"}});
    search.seed = 2;
    absl::StatusOr<core::Report> report = SearchSeatView(pos, search);
    EXPECT_TRUE(report.ok()) << report.status();
    return report.value_or(core::Report{});
  };
  int past_100 = 0, checked = 0;
  for (const Position& pos : testing::GamePositions(3, 40)) {
    if (pos.bag_size() <= kLateBag || AllMoves(pos).size() < 3 || checked == 6) continue;
    ++checked;
    EXPECT_EQ(run(pos, core::SearchMode::kAnalyze, {}).samples, 100u);
    const core::Report best = run(pos, core::SearchMode::kBestMove, {});
    const core::Report raced = run(pos, core::SearchMode::kAnalyze, {{"race", "95"}});
    EXPECT_LE(best.samples, 400u);
    EXPECT_EQ(best.samples, raced.samples);
    past_100 += best.samples > 100;
  }
  EXPECT_EQ(checked, 6);
  EXPECT_GT(past_100, 0);
}

TEST_F(ScrabbleGameTest, ASeatViewSamplesTheOtherRackFromTheUnseenTilesWithTheFixedOnes) {
  auto state = Setup(Board({{8, "7CAT5"}}) + " AEINRST/ 0/0 0 lex SCOWL70;");
  ASSERT_TRUE(state.ok());
  const Position& pos = Of(**state);
  absl::StatusOr<RackSampler> sampler = RackSampler::Make(pos, 0, {"2:QZ"});
  ASSERT_TRUE(sampler.ok()) << sampler.status();
  Rack unseen = pos.Unseen(0);
  unseen.RemoveAll(sampler->fixed());
  std::array<double, kTileKinds> seen{};
  constexpr int kSamples = 4000;
  for (int i = 0; i < kSamples; ++i) {
    core::Rng rng = core::Rng::ForStream(5, static_cast<uint64_t>(i));
    Rack rack;
    std::vector<uint8_t> bag;
    sampler->Draw(rng, &rack, &bag);
    ASSERT_EQ(rack.size, kRackSize);
    ASSERT_GE(rack.count[17], 1);
    ASSERT_GE(rack.count[26], 1);
    Rack all = rack;
    for (uint8_t k : bag) all.Add(k);
    ASSERT_TRUE(all == pos.Unseen(0));
    Rack free = rack;
    free.RemoveAll(sampler->fixed());
    for (int k = 0; k < kTileKinds; ++k) seen[k] += free.count[k];
  }
  // Each tile's share of the five free places is its share of the unseen tiles.
  for (int k = 0; k < kTileKinds; ++k) {
    const double p = double(unseen.count[k]) / unseen.size;
    const double expected = 5.0 * p * kSamples;
    const double sd = std::sqrt(5.0 * kSamples * p * (1 - p)) + 1;
    EXPECT_NEAR(seen[k], expected, 5 * sd) << RackChar(k);
  }
  // Through Deal: layouts are full positions that set up, the same for the same seed.
  core::PositionSpec view = (*state)->Normalized();
  view.seat = "1";
  auto seat = game_.Setup(view);
  ASSERT_TRUE(seat.ok()) << seat.status();
  core::DealSpec deal;
  deal.count = 5;
  deal.seed = 3;
  deal.fixed = {"2:Q"};
  auto a = game_.Deal(**seat, deal);
  auto b = game_.Deal(**seat, deal);
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->layouts.size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(a->layouts[i].notation, b->layouts[i].notation);
    auto layout = game_.Setup(a->layouts[i]);
    ASSERT_TRUE(layout.ok()) << layout.status();
    EXPECT_EQ(Of(**layout).side(1).rack.count[17], 1);
    EXPECT_TRUE(Of(**layout).bag_known());
  }
  deal.fixed = {"1:Q"};
  EXPECT_EQ(game_.Deal(**seat, deal).status().message(),
            "fixed[0]: '1:Q' is not 2:TILES (tiles fixed to the rack of seat 2, the one the "
            "view does not see)");
  deal.fixed = {"2:QQ"};
  EXPECT_NE(game_.Deal(**seat, deal).status().message().find("fixed: QQ are not among the unseen"),
            std::string::npos);
}

TEST(ScrabbleLexicon, AWordListBecomesAGraphThatKnowsExactlyItsWords) {
  const std::vector<std::string> words = {"AA", "AB", "ABA", "BA", "CAB", "CABS", "SCAB", "ZZZ"};
  std::string text;
  for (std::string w : words) {
    for (char& c : w) c = static_cast<char>(c - 'A' + 'a');
    text += w + "\r\n";
  }
  absl::StatusOr<std::vector<std::string>> parsed = ParseWordList(text + "ab\n");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, words);
  const Kwg kwg = BuildKwg(*parsed);
  EXPECT_EQ(kwg.words(), words.size());
  for (const std::string& w : words) EXPECT_TRUE(kwg.ContainsText(w)) << w;
  for (const char* w : {"A", "B", "AAA", "CA", "CABSS", "SCA", "ZZ", "BAA"}) {
    EXPECT_FALSE(kwg.ContainsText(w)) << w;
  }
  absl::StatusOr<Kwg> again = Kwg::Parse(kwg.Serialize());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->Serialize(), kwg.Serialize());
  std::string cut = kwg.Serialize();
  cut.pop_back();
  EXPECT_FALSE(Kwg::Parse(cut).ok());
  EXPECT_EQ(Kwg::Parse("hello").status().message(), "not a kibitzer lexicon file (bad header)");

  EXPECT_EQ(ParseWordList("cat\ndo g\n").status().message(),
            "line 2: 'do g' is not a word of 2 to 15 letters A..Z");
  EXPECT_EQ(ParseWordList("cat\n\ndog\n").status().message(),
            "line 2: empty is not a word of 2 to 15 letters A..Z");
  EXPECT_EQ(ParseWordList("a\n").status().message(),
            "line 1: 'a' is not a word of 2 to 15 letters A..Z");
  EXPECT_EQ(ParseWordList("abcdefghijklmnop\n").status().message(),
            "line 1: 'abcdefghijklmnop' is not a word of 2 to 15 letters A..Z");
  EXPECT_EQ(ParseWordList("").status().message(), "the word list has no words");
}

TEST(ScrabbleLexicon, TheBuiltLexiconHoldsEveryWordOfItsList) {
  ASSERT_NE(Scowl70(), nullptr);
  const std::vector<std::string>& words = testing::Scowl70Words();
  EXPECT_EQ(words.size(), 110334u);
  EXPECT_EQ(Scowl70()->words(), 110334u);
  for (const std::string& w : words) ASSERT_TRUE(Scowl70()->ContainsText(w)) << w;
  // A word with its last letter changed is in the list exactly when the graph says so.
  const std::unordered_set<std::string> set(words.begin(), words.end());
  for (size_t i = 0; i < words.size(); i += 7) {
    std::string w = words[i];
    w.back() = static_cast<char>('A' + (w.back() - 'A' + 1) % 26);
    EXPECT_EQ(Scowl70()->ContainsText(w), set.count(w) == 1) << w;
  }
}

}  // namespace
}  // namespace kibitzer::scrabble
