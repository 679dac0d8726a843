#include "engine/games/scrabble/endgame/peg.h"

#include <algorithm>

namespace kibitzer::scrabble {
namespace {

constexpr int kMaxDepth = 100;  // plies: an endgame of two full racks ends long before

// Every multiset of `n` (1 or 2) tiles of `unseen`, with the ways of drawing it.
std::vector<PegDraw> DrawsOf(const Rack& unseen, int n) {
  std::vector<PegDraw> out;
  for (int a = 0; a < kTileKinds; ++a) {
    const uint64_t ca = unseen.count[a];
    if (ca == 0) continue;
    if (n == 1) {
      PegDraw d;
      d.tiles.Add(a);
      d.ways = ca;
      out.push_back(d);
      continue;
    }
    for (int b = a; b < kTileKinds; ++b) {
      const uint64_t cb = unseen.count[b];
      if (cb == 0 || (a == b && ca < 2)) continue;
      PegDraw d;
      d.tiles.Add(a);
      d.tiles.Add(b);
      d.ways = a == b ? ca * (ca - 1) / 2 : ca * cb;
      out.push_back(d);
    }
  }
  for (PegDraw& d : out) d.text = FormatRack(d.tiles);
  // The most likely first, so that a play that cannot win is cut after the fewest endgames.
  std::stable_sort(out.begin(), out.end(),
                   [](const PegDraw& x, const PegDraw& y) { return x.ways > y.ways; });
  return out;
}

}  // namespace

PegSolver::PegSolver(const Position& pos, int table_log2)
    : pos_(pos), solver_(pos.kwg(), pos.rules(), table_log2) {
  pos_.StopRecording();
  const Rack unseen = pos_.Unseen(pos_.to_move());
  pos_.HideFrom(pos_.to_move());
  draws_ = DrawsOf(unseen, pos_.bag_size());
  for (const PegDraw& d : draws_) total_ways_ += d.ways;
}

std::vector<Move> PegSolver::Plays(const Position& pos) {
  MoveGenerator gen(pos.kwg());
  std::vector<Move> out;
  gen.GeneratePlacements(pos.board(), pos.side(pos.to_move()).rack, &out);
  std::erase_if(out, [&](const Move& m) { return static_cast<int>(m.placed) < pos.bag_size(); });
  return out;
}

PegPlay PegSolver::Solve(const Move& m, core::SearchControl& control, double to_beat) {
  PegPlay play;
  play.move = m;
  play.outcome.assign(draws_.size(), PegPlay::kUnsolved);
  const int me = pos_.to_move(), other = 1 - me;
  const Rack unseen = pos_.Unseen(me);
  uint64_t left = total_ways_;
  for (size_t k = 0; k < draws_.size(); ++k) {
    const PegDraw& d = draws_[k];
    if (to_beat > 0 && play.Points() + static_cast<double>(left) <= to_beat) return play;
    Position layout = pos_;
    Rack rack = unseen;
    rack.RemoveAll(d.tiles);
    layout.SetRack(other, rack);
    std::vector<uint8_t> bag;
    for (int t = 0; t < kTileKinds; ++t) bag.insert(bag.end(), d.tiles.count[t], uint8_t(t));
    (void)layout.SetBag(bag, "bag");  // the unseen tiles less the rack: exactly these
    layout.Apply(m);                  // draws the whole bag
    // The other side's best from here against the spread it must make up: below it a win.
    const int spread = layout.score(me) - layout.score(other);
    int outcome = spread > 0 ? 1 : spread < 0 ? -1 : 0;
    if (!layout.over()) {
      bool exact = false;
      uint64_t nodes = 0;
      const int v = solver_.Compare(layout, spread, kMaxDepth, control, &exact, &nodes);
      nodes_ += nodes;
      if (control.stopped() || !exact) return play;
      outcome = v < spread ? 1 : v > spread ? -1 : 0;
    }
    play.outcome[k] = static_cast<int8_t>(outcome);
    (outcome > 0 ? play.win_ways : outcome == 0 ? play.draw_ways : play.loss_ways) += d.ways;
    left -= d.ways;
  }
  play.complete = true;
  return play;
}

}  // namespace kibitzer::scrabble
