// The pre-endgame solver (peg) against an enumeration built here: every tile the side to move
// cannot see put in the bag in turn (by tile, not by kind), the play made, and the endgame it
// reaches valued by plain minimax. The positions are built by hand: a board nearly full, a small
// lexicon, and racks mostly of tiles that cannot be played, so that minimax can afford them.
#include <map>

#include "engine/games/scrabble/endgame/peg.h"
#include "engine/games/scrabble/endgame/peg_task.h"
#include "engine/games/scrabble/lexicon/kwg.h"
#include "engine/games/scrabble/notation/notation.h"
#include "gtest/gtest.h"
#include "tests/engine/scrabble_fixture.h"
#include "tests/engine/scrabble_minimax.h"
#include "tests/engine/test_sink.h"

namespace kibitzer::scrabble {
namespace {

std::shared_ptr<const Kwg> SmallLexicon() {
  static const auto kwg = std::make_shared<const Kwg>(
      BuildKwg({"AS", "AT", "OS", "SO", "TA", "TO", "TAO", "OAT", "SOT", "OX", "AX", "ZO"}));
  return kwg;
}

Rules TwoScoreless() {
  Rules r;
  r.scoreless_turns = 2;  // keeps plain minimax's chains of passes short
  return r;
}

// A position whose tiles not in `mover`, `other` and `bag` fill rows 1..5 of the board, with
// `bottom` on the bottom row from A15 (26 tiles in all with the racks and the bag): the plays are
// made above it.
Position Build(const std::string& mover, const std::string& other, const std::string& bag,
               const std::string& bottom, int mover_score, int other_score) {
  Rack pool = FullBag();
  for (const std::string* s : {&mover, &other, &bag, &bottom}) {
    for (const char c : *s) pool.Remove(KindOfRackChar(c));
  }
  std::string top;  // the rest, blanks as lower-case e
  for (int k = 0; k < kTileKinds; ++k) {
    for (int n = 0; n < pool.count[k]; ++n) top.push_back(k == kBlank ? 'e' : RackChar(k));
  }
  EXPECT_EQ(top.size(), 75u) << "rows 1..5 take 75 tiles";
  std::string rows;
  for (int r = 0; r < 5; ++r) rows += top.substr(static_cast<size_t>(r) * 15, 15) + "/";
  rows += "15/15/15/15/15/15/15/15/15/" + bottom + std::to_string(15 - bottom.size());
  const std::string text = rows + " " + mover + "/" + other + " " + std::to_string(mover_score) +
                           "/" + std::to_string(other_score) + " 0";
  Position pos(SmallLexicon(), "SMALL", TwoScoreless());
  absl::StatusOr<Cgp> cgp = ParseCgp(text, "notation");
  EXPECT_TRUE(cgp.ok()) << cgp.status();
  const absl::Status s = ApplyCgp(*cgp, &pos, "notation");
  EXPECT_TRUE(s.ok()) << s << " " << text;
  return pos;
}

struct Tally {
  uint64_t win = 0, draw = 0, loss = 0;
  std::map<std::string, int> by_draw;  // the outcome of each kind of draw
};

// Every way the unseen tiles split into the bag and the other rack, each tile its own.
Tally Enumerate(const Position& pos, const Move& m) {
  const int me = pos.to_move(), other = 1 - me;
  const Rack unseen = pos.Unseen(me);
  std::vector<uint8_t> tiles;
  for (int k = 0; k < kTileKinds; ++k) tiles.insert(tiles.end(), unseen.count[k], uint8_t(k));
  const int n = pos.bag_size();
  Tally t;
  testing::Minimax minimax{pos.kwg(), pos.rules()};
  for (size_t i = 0; i < tiles.size(); ++i) {
    for (size_t j = n == 2 ? i + 1 : tiles.size() - 1; j < tiles.size(); ++j) {
      Rack bag;
      bag.Add(tiles[i]);
      if (n == 2) bag.Add(tiles[j]);
      Rack rack = unseen;
      rack.RemoveAll(bag);
      Position layout = pos;
      layout.HideFrom(me);
      layout.SetRack(other, rack);
      std::vector<uint8_t> order = {tiles[i]};
      if (n == 2) order.push_back(tiles[j]);
      EXPECT_TRUE(layout.SetBag(order, "bag").ok());
      layout.Apply(m);
      int spread = layout.score(me) - layout.score(other);
      if (!layout.over()) {
        Board board = layout.board();
        Rack racks[2] = {layout.side(0).rack, layout.side(1).rack};
        spread -= minimax.Value(board, racks, other, layout.zero_turns());
      }
      const int outcome = spread > 0 ? 1 : spread < 0 ? -1 : 0;
      (outcome > 0 ? t.win : outcome == 0 ? t.draw : t.loss) += 1;
      t.by_draw[FormatRack(bag)] = outcome;
    }
  }
  return t;
}

void ExpectAgreement(const Position& pos, int* mixed) {
  const std::vector<Move> plays = PegSolver::Plays(pos);
  ASSERT_FALSE(plays.empty()) << FormatCgp(pos);
  PegSolver solver(pos, 12);
  core::StopToken never;
  core::SearchControl control(core::Limits{}, &never);
  // Every play, or in the sanitizer runs a share of them spread over the list.
  const size_t stride =
      plays.size() / static_cast<size_t>(testing::Cases(static_cast<int>(plays.size())));
  for (size_t i = 0; i < plays.size(); i += std::max<size_t>(1, stride)) {
    const Move& m = plays[i];
    const PegPlay p = solver.Solve(m, control, 0);
    ASSERT_TRUE(p.complete);
    const Tally t = Enumerate(pos, m);
    EXPECT_EQ(p.win_ways, t.win) << pos.Format(m);
    EXPECT_EQ(p.draw_ways, t.draw) << pos.Format(m);
    EXPECT_EQ(p.loss_ways, t.loss) << pos.Format(m);
    ASSERT_EQ(p.outcome.size(), solver.draws().size());
    for (size_t d = 0; d < p.outcome.size(); ++d) {
      EXPECT_EQ(p.outcome[d], t.by_draw.at(solver.draws()[d].text))
          << pos.Format(m) << " with " << solver.draws()[d].text << " in the bag";
    }
    *mixed += (t.win > 0) + (t.loss > 0) + (t.draw > 0) > 1;
  }
}

TEST(ScrabblePeg, AgreesWithEveryDrawSolvedByMinimax) {
  int mixed = 0;  // plays whose outcome depends on the draw: the check is not trivial
  // One tile in the bag, then two; the scores close, so that the tiles stuck decide.
  ExpectAgreement(Build("ATVVWYY", "OSJKXZW", "E", "OTASEOSATO", 300, 296), &mixed);
  ExpectAgreement(Build("ATSVWYY", "OJKXZWV", "E", "OTASEOSATO", 300, 290), &mixed);
  ExpectAgreement(Build("ATVVWYY", "OSJKXZW", "EO", "TASEOSATO", 300, 303), &mixed);
  EXPECT_GT(mixed, 0);
}

// The task: plays ranked by their chance of winning, the draws as metrics, and a play that
// cannot beat the best given up (an upper bound) unless the client named it.
TEST(ScrabblePeg, TheTaskRanksByWinsAndCutsThePlaysThatCannotBeatTheBest) {
  const Position pos = Build("ATVVWYY", "OSJKXZW", "E", "OTASEOSATO", 300, 296);
  std::vector<Move> plays = PegSolver::Plays(pos);
  auto task = MakePegTask(pos, plays, PegTaskOptions{.table_log2 = 12});
  core::StopToken never;
  core::SearchControl control(core::Limits{}, &never);
  kibitzer::testing::CollectingSink sink;
  const core::Report r = task->Run(control, sink);
  ASSERT_FALSE(r.moves.empty());
  EXPECT_EQ(r.best_move, r.moves.front().move);
  double last = 2;
  for (const core::MoveValue& mv : r.moves) {
    if (mv.bound != core::Bound::kExact) continue;
    EXPECT_LE(mv.value, last);
    last = mv.value;
  }
  // The best's value is its enumerated chance.
  PegSolver solver(pos, 12);
  Move best;
  for (const Move& m : plays) {
    if (pos.Format(m) == r.best_move) best = m;
  }
  const Tally t = Enumerate(pos, best);
  EXPECT_DOUBLE_EQ(r.moves.front().value,
                   (t.win + 0.5 * t.draw) / static_cast<double>(t.win + t.draw + t.loss));
}

}  // namespace
}  // namespace kibitzer::scrabble
