#include "engine/games/scrabble/sim/inference.h"

#include <algorithm>

#include "engine/core/rng.h"
#include "engine/games/scrabble/movegen/static_best.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {

Inference InferLeaves(const Position& before, const Move& m, const Rack& viewer_rack,
                      const InferenceOptions& options, MoveGenerator& gen) {
  Inference out;
  if (m.kind != Move::kPlace || before.over()) return out;
  const int mover = before.to_move(), viewer = 1 - mover;
  Position trial = before;
  trial.HideFrom(viewer);
  if (viewer_rack.size > 0) trial.SetRack(viewer, viewer_rack);  // else not known here either
  // The tiles the viewer could not see, less the play's: the leave came from these.
  Rack pool = trial.Unseen(viewer);
  const Rack played = m.Used();
  if (!pool.Contains(played)) return out;
  pool.RemoveAll(played);
  std::vector<uint8_t> tiles;
  for (int k = 0; k < kTileKinds; ++k) tiles.insert(tiles.end(), pool.count[k], uint8_t(k));
  const int keep = before.side(mover).size - played.size;
  // Nothing kept (a bingo): the rack now is all drawn, as a uniform draw has it.
  if (keep <= 0 || keep > static_cast<int>(tiles.size())) return out;
  core::Rng rng(options.seed);
  StaticBest best;
  uint64_t nodes = 0;
  for (int t = 0; t < options.trials; ++t) {
    // A leave of `keep` tiles, each tile of the pool as likely (the first `keep` of a partial
    // shuffle).
    Rack leave;
    for (int i = 0; i < keep; ++i) {
      const size_t j = static_cast<size_t>(i) + rng.Below(tiles.size() - static_cast<size_t>(i));
      std::swap(tiles[static_cast<size_t>(i)], tiles[j]);
      leave.Add(tiles[static_cast<size_t>(i)]);
    }
    Rack rack = played;
    rack.AddAll(leave);
    trial.SetRack(mover, rack);
    // Kept unless some move is worth more than the play by over the tolerance (the search for
    // the best stops at the first such placement).
    const double enough = Equity(trial, m) + options.tolerance + 1e-9;
    best.Choose(trial, gen, &nodes, enough);
    if (best.equity() <= enough) out.leaves.push_back(leave);
  }
  out.trials = options.trials;
  return out;
}

}  // namespace kibitzer::scrabble
