#include "engine/games/scrabble/movegen/static_best.h"

#include <algorithm>

#include "engine/games/scrabble/leaves/leave.h"
#include "engine/games/scrabble/players.h"

namespace kibitzer::scrabble {
namespace {
constexpr double kNone = -1e18;
}  // namespace

void StaticBest::ValueLeaves(const Position& pos) {
  const Rack& rack = pos.side(pos.to_move()).rack;
  radix_.fill(0);
  int parts = 1;
  for (int k = 0; k < kTileKinds; ++k) {
    if (rack.count[k] == 0) continue;
    radix_[static_cast<size_t>(k)] = parts;
    parts *= rack.count[k] + 1;
  }
  full_ = parts - 1;
  best_leave_.fill(kNone);
  // Every part kept, by an odometer over each kind's count (the whole rack aside: a placement
  // plays at least one tile). The values are LeaveOf's own, so that equities match exactly.
  const Side& other = pos.side(1 - pos.to_move());
  const bool out_bonus = pos.bag_size() == 0 && other.known;
  Rack leave;
  for (int index = 0; index < full_; ++index) {
    double v = LeaveValue(pos.leaves(), leave, pos.bag_size());
    if (out_bonus && leave.size == 0) v += 2 * other.rack.Points();
    leave_[static_cast<size_t>(index)] = v;
    best_leave_[static_cast<size_t>(leave.size)] =
        std::max(best_leave_[static_cast<size_t>(leave.size)], v);
    int k = 0;
    while (k < kTileKinds && leave.count[k] == rack.count[k]) leave.Remove(k, leave.count[k]), ++k;
    if (k < kTileKinds) leave.Add(k);
  }
}

int StaticBest::LeaveIndex(const Move& m) const {
  int index = full_;
  for (int i = 0; i < m.length; ++i) {
    const Tile t = m.tiles[i];
    if (m.kind == Move::kExchange) {
      index -= radix_[t];  // a kind returned
    } else if (t != kEmpty) {
      index -= radix_[IsBlankTile(t) ? kBlank : LetterOf(t)];
    }
  }
  return index;
}

Move StaticBest::Choose(const Position& pos, MoveGenerator& gen, uint64_t* nodes, double enough) {
  const Rack& rack = pos.side(pos.to_move()).rack;
  ValueLeaves(pos);
  gen.Shadows(pos.board(), rack, &shadows_);
  order_.clear();
  for (uint32_t i = 0; i < shadows_.size(); ++i) {
    double bound = kNone;
    for (int k = 1; k <= rack.size && k <= kRackSize; ++k) {
      const int score = shadows_[i].score[static_cast<size_t>(k)];
      if (score >= 0) {
        bound = std::max(bound, score + best_leave_[static_cast<size_t>(rack.size - k)]);
      }
    }
    if (bound > kNone) order_.emplace_back(-bound, i);
  }
  std::sort(order_.begin(), order_.end());
  Move best;
  double best_equity = kNone;
  uint32_t best_anchor = 0;
  generated_ = 0;
  for (const auto& [negative, i] : order_) {
    // Rounding is monotone, so a bound below the best found is never beaten; an equal one only
    // by an earlier anchor's play.
    const double bound = -negative;
    if (bound < best_equity) break;
    if (bound == best_equity && i > best_anchor) continue;
    if (best_equity > enough) break;
    const MoveGenerator::Shadow& s = shadows_[i];
    moves_.clear();
    gen.AppendAnchor(pos.board(), rack, s.dir, s.line, s.anchor, &moves_);
    ++generated_;
    *nodes += moves_.size();
    for (const Move& m : moves_) {
      const double e = m.score + leave_[static_cast<size_t>(LeaveIndex(m))];
      if (e > best_equity || (e == best_equity && i < best_anchor)) {
        best = m, best_equity = e, best_anchor = i;
      }
    }
  }
  // Then the exchanges (their leaves from the table: an exchange needs tiles in the bag, so the
  // out bonus never applies) and the pass (the whole rack kept), after every placement in
  // generation order.
  moves_.clear();
  if (pos.bag_size() >= pos.rules().exchange_min) MoveGenerator::GenerateExchanges(rack, &moves_);
  *nodes += moves_.size() + 1;
  for (const Move& m : moves_) {
    if (m.length > pos.bag_size()) continue;
    const double e = leave_[static_cast<size_t>(LeaveIndex(m))];
    if (e > best_equity) best = m, best_equity = e;
  }
  if (const double e = Equity(pos, Move{}); e > best_equity) best = Move{}, best_equity = e;
  equity_ = best_equity;
  return best;
}

}  // namespace kibitzer::scrabble
