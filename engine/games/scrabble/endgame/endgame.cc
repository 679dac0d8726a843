#include "engine/games/scrabble/endgame/endgame.h"

#include <algorithm>
#include <array>

#include "engine/core/rng.h"

namespace kibitzer::scrabble {
namespace {

constexpr int kInfinity = EndgameSolver::kInfinite;
// A table entry's depth when no node of its subtree met the depth limit: its value (or bound)
// holds at any depth.
constexpr int8_t kSolved = 127;

// Zobrist keys: a tile on a square, a count of a kind on a seat's rack, the side, the zero turns.
struct Keys {
  std::array<std::array<uint64_t, 128>, kDim * kDim> square;
  std::array<std::array<std::array<uint64_t, kRackSize + 1>, kTileKinds>, 2> rack;
  std::array<uint64_t, 16> zero;
  uint64_t side;
  Keys() {
    uint64_t s = 0x5C4A881E;
    for (auto& sq : square) {
      for (uint64_t& k : sq) k = core::SplitMix64(s);
    }
    for (auto& seat : rack) {
      for (auto& kind : seat) {
        for (uint64_t& k : kind) k = core::SplitMix64(s);
      }
    }
    for (uint64_t& k : zero) k = core::SplitMix64(s);
    side = core::SplitMix64(s);
  }
};

const Keys& TheKeys() {
  static const Keys keys;
  return keys;
}

}  // namespace

size_t EndgameSolver::TableBytes(int table_log2) { return sizeof(Entry) << table_log2; }

EndgameSolver::EndgameSolver(const Kwg& kwg, const Rules& rules, int table_log2)
    : kwg_(kwg), rules_(rules), gen_(kwg), table_(size_t{1} << table_log2) {}

uint64_t EndgameSolver::Key() const {
  const Keys& keys = TheKeys();
  uint64_t k = board_key_ ^ keys.zero[static_cast<size_t>(std::min(zero_turns_, 15))] ^
               (side_ ? keys.side : 0);
  for (int seat = 0; seat < 2; ++seat) {
    for (int kind = 0; kind < kTileKinds; ++kind) {
      const int n = std::min<int>(racks_[seat].count[kind], kRackSize);
      if (n != 0) k ^= keys.rack[seat][kind][n];
    }
  }
  return k;
}

EndgameSolver::Packed EndgameSolver::Pack(const Rack& r) {
  Packed p;
  for (int k = 0; k < 16; ++k) p.lo |= static_cast<uint64_t>(r.count[k] & 7) << (4 * k);
  for (int k = 16; k < kTileKinds; ++k)
    p.hi |= static_cast<uint64_t>(r.count[k] & 7) << (4 * (k - 16));
  return p;
}

bool EndgameSolver::Within(const Packed& used, const Packed& rack) {
  // Each nibble of (rack | 8) - used keeps its top bit exactly when rack >= used there (counts
  // are at most 7, so no nibble borrows from the next).
  constexpr uint64_t kTops = 0x8888888888888888ull;
  return (((rack.lo | kTops) - used.lo) & kTops) == kTops &&
         (((rack.hi | kTops) - used.hi) & kTops) == kTops;
}

void EndgameSolver::CacheLines() {
  for (int seat = 0; seat < 2; ++seat) {
    LineCache& c = cache_[seat];
    c.moves.clear();
    for (int i = 0; i < 2 * kDim; ++i) {
      c.start[static_cast<size_t>(i)] = static_cast<uint32_t>(c.moves.size());
      gen_.AppendPlacements(board_, racks_[seat], 1u << i, &c.moves);
    }
    c.start[2 * kDim] = static_cast<uint32_t>(c.moves.size());
    c.used.resize(c.moves.size());
    for (size_t i = 0; i < c.moves.size(); ++i) c.used[i] = Pack(c.moves[i].Used());
  }
}

void EndgameSolver::Generate(int ply, std::vector<Move>* out) {
  out->clear();
  const Rack& rack = racks_[side_];
  const uint32_t changed = changed_[static_cast<size_t>(ply)];
  const LineCache& c = cache_[side_];
  const Packed have = Pack(rack);
  // Line by line, so that the list is the generator's own, in its order.
  for (int i = 0; i < 2 * kDim; ++i) {
    if ((changed >> i) & 1) {
      gen_.AppendPlacements(board_, rack, 1u << i, out);
      continue;
    }
    const uint32_t end = c.start[static_cast<size_t>(i) + 1];
    for (uint32_t j = c.start[static_cast<size_t>(i)]; j < end; ++j) {
      if (Within(c.used[j], have)) out->push_back(c.moves[j]);
    }
  }
  out->push_back(Move{});
}

void EndgameSolver::Place(const Move& m, int seat, int ply) {
  board_.Place(m, kwg_, &saved_[static_cast<size_t>(ply)]);
  racks_[seat].RemoveAll(m.Used());
  for (int i = 0; i < m.length; ++i) {
    if (m.tiles[i] != kEmpty)
      board_key_ ^= TheKeys().square[m.Row(i) * kDim + m.Col(i)][m.tiles[i]];
  }
}

void EndgameSolver::Unplace(const Move& m, int seat, int ply) {
  board_.Unplace(m, kwg_, saved_[static_cast<size_t>(ply)]);
  racks_[seat].AddAll(m.Used());
  for (int i = 0; i < m.length; ++i) {
    if (m.tiles[i] != kEmpty)
      board_key_ ^= TheKeys().square[m.Row(i) * kDim + m.Col(i)][m.tiles[i]];
  }
}

int EndgameSolver::Child(const Move& m, int depth, int alpha, int beta, int ply) {
  const int seat = side_;
  const int saved_zero = zero_turns_;
  int v;
  if (m.kind == Move::kPass) {
    changed_[static_cast<size_t>(ply) + 1] = changed_[static_cast<size_t>(ply)];
    ++zero_turns_;
    side_ = 1 - seat;
    v = -Negamax(depth - 1, -beta, -alpha, ply + 1);
  } else {
    Place(m, seat, ply);
    changed_[static_cast<size_t>(ply) + 1] =
        changed_[static_cast<size_t>(ply)] | board_.LinesChangedBy(m);
    if (racks_[seat].size == 0) {
      ++nodes_;
      v = m.score + 2 * racks_[1 - seat].Points();  // out: the other rack counts twice
    } else {
      zero_turns_ = 0;
      side_ = 1 - seat;
      v = m.score - Negamax(depth - 1, m.score - beta, m.score - alpha, ply + 1);
    }
    Unplace(m, seat, ply);
  }
  side_ = seat;
  zero_turns_ = saved_zero;
  return v;
}

bool EndgameSolver::Playable(const Move& m) const {
  if (m.kind == Move::kPass) return true;
  if (m.kind != Move::kPlace || !racks_[side_].Contains(m.Used())) return false;
  for (int i = 0; i < m.length; ++i) {
    const Tile on = board_.at(m.Row(i), m.Col(i));
    if ((m.tiles[i] != kEmpty) != (on == kEmpty)) return false;
  }
  return true;
}

int EndgameSolver::Negamax(int depth, int alpha, int beta, int ply) {
  // horizon_ is kept per subtree: cleared for this node's own and joined with the caller's on
  // the way out, so that a value no horizon touched is stored as solved.
  const bool outer_horizon = horizon_;
  horizon_ = false;
  const int v = Search(depth, alpha, beta, ply);
  horizon_ = horizon_ || outer_horizon;
  return v;
}

int EndgameSolver::Search(int depth, int alpha, int beta, int ply) {
  ++nodes_;
  if ((nodes_ & 1023) == 0 && control_->Poll(nodes_)) stopped_ = true;
  if (stopped_) return 0;
  const Rack& me = racks_[side_];
  const Rack& other = racks_[1 - side_];
  if (zero_turns_ >= rules_.scoreless_turns) return other.Points() - me.Points();
  if (depth <= 0) {
    horizon_ = true;
    return other.Points() - me.Points();
  }
  const uint64_t key = Key();
  const size_t slot = key & (table_.size() - 1);
  const int alpha0 = alpha;
  Move& first = first_[static_cast<size_t>(ply)];
  bool has_first = false;
  if (table_[slot].key == key) {
    const Entry& e = table_[slot];
    if (e.depth >= depth) {
      // An entry a horizon touched passes that on to whatever its value or bound decides.
      if (e.depth != kSolved) horizon_ = true;
      if (e.bound == 0) return e.value;
      if (e.bound == 1) alpha = std::max(alpha, static_cast<int>(e.value));
      if (e.bound == 2) beta = std::min(beta, static_cast<int>(e.value));
      if (alpha >= beta) return e.value;
    }
    if (e.has_best && Playable(e.best)) first = e.best, has_first = true;
  }
  int best = -kInfinity;
  Move best_move;
  const auto store = [&] {
    Entry& e = table_[slot];
    e.key = key;
    e.value = static_cast<int16_t>(best);
    e.depth = horizon_ ? static_cast<int8_t>(std::min<int>(depth, kSolved - 1)) : kSolved;
    e.bound = best <= alpha0 ? 2 : best >= beta ? 1 : 0;
    e.has_best = true;
    e.best = best_move;
    return best;
  };
  const auto cutoff = [&](const Move& m) {
    std::array<Move, 2>& k = killers_[static_cast<size_t>(ply)];
    if (!(k[0] == m)) k[1] = k[0], k[0] = m;
  };
  // The table's move first, before anything is generated.
  if (has_first) {
    best = Child(first, depth, alpha, beta, ply);
    if (stopped_) return 0;
    best_move = first;
    alpha = std::max(alpha, best);
    if (alpha >= beta) {
      cutoff(first);
      return store();
    }
  }
  std::vector<Move>& moves = buffers_[static_cast<size_t>(ply)];
  Generate(ply, &moves);
  // Then plays that go out, the killers, the rest by score.
  const std::array<Move, 2>& killers = killers_[static_cast<size_t>(ply)];
  std::vector<std::pair<int, uint32_t>>& order = orders_[static_cast<size_t>(ply)];
  order.clear();
  for (uint32_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (has_first && m == first) continue;
    const bool out = m.kind == Move::kPlace && m.placed == me.size;
    // A tile played no longer risks being stuck on the rack, where it would count against.
    const int rank = (out ? 1 << 18 : 0) + (m == killers[0] || m == killers[1] ? 1 << 16 : 0) +
                     m.score + m.Used().Points();
    order.emplace_back(-rank, i);
  }
  std::sort(order.begin(), order.end());
  for (const auto& [rank, i] : order) {
    const Move& m = moves[i];
    int v;
    if (best == -kInfinity) {
      v = Child(m, depth, alpha, beta, ply);
    } else {  // a null window: is it better than the best so far?
      v = Child(m, depth, alpha, alpha + 1, ply);
      if (v > alpha && v < beta && !stopped_) v = Child(m, depth, alpha, beta, ply);
    }
    if (stopped_) return 0;
    if (v > best) best = v, best_move = m;
    alpha = std::max(alpha, v);
    if (alpha >= beta) {
      cutoff(m);
      break;
    }
  }
  return store();
}

void EndgameSolver::Deepen(const Position& pos, int max_depth, core::SearchControl& control,
                           const std::function<void()>& after_depth, bool best_only, int lo,
                           int hi) {
  control_ = &control;
  stopped_ = false;
  nodes_ = 0;
  std::fill(table_.begin(), table_.end(), Entry{});
  board_ = pos.board();
  racks_[0] = pos.side(pos.to_move()).rack;
  racks_[1] = pos.side(1 - pos.to_move()).rack;
  side_ = 0;
  zero_turns_ = pos.zero_turns();
  board_key_ = 0;
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) {
      if (board_.at(r, c) != kEmpty) board_key_ ^= TheKeys().square[r * kDim + c][board_.at(r, c)];
    }
  }
  if (buffers_.size() < static_cast<size_t>(max_depth) + 2) {
    buffers_.resize(static_cast<size_t>(max_depth) + 2);
    orders_.resize(buffers_.size());
    first_.resize(buffers_.size());
    killers_.resize(buffers_.size());
    changed_.resize(buffers_.size() + 1);
    saved_.resize(buffers_.size());
    for (auto& b : buffers_) b.reserve(1024);
    for (auto& o : orders_) o.reserve(1024);
  }
  CacheLines();
  changed_[0] = 0;
  Generate(0, &root_moves_);
  plays_.clear();
  for (const Move& m : root_moves_) plays_.push_back({m, m.score, false});
  // By score, the generator's order among equals (an insertion sort: stable, nothing allocated).
  const auto insertion_sort = [](std::vector<EndgameResult::Play>& v, const auto& before) {
    for (size_t i = 1; i < v.size(); ++i) {
      for (size_t j = i; j > 0 && before(v[j], v[j - 1]); --j) std::swap(v[j], v[j - 1]);
    }
  };
  insertion_sort(plays_, [](const auto& a, const auto& b) { return a.move.score > b.move.score; });
  std::fill(killers_.begin(), killers_.end(), std::array<Move, 2>{});
  depth_ = 0;
  exact_ = false;
  for (int depth = 1; depth <= max_depth; ++depth) {
    horizon_ = false;
    trial_ = plays_;  // the last depth's order
    int best = -kInfinity;
    bool cut = false;  // a play reached `hi`: the rest need not be searched at this depth
    for (EndgameResult::Play& p : trial_) {
      if (cut) {
        p.upper = true;  // keeps its last depth's value, for the order only
        continue;
      }
      if (!best_only || best == -kInfinity) {
        p.value = Child(p.move, depth, lo, hi, 0);
        p.upper = p.value <= lo;
      } else {  // a null window first: is it better than the best so far?
        const int a = std::max(best, lo);
        p.value = Child(p.move, depth, a, a + 1, 0);
        p.upper = p.value <= a;
        if (!p.upper && !stopped_ && a + 1 < hi) p.value = Child(p.move, depth, a, hi, 0);
      }
      if (stopped_) break;
      best = std::max(best, p.value);
      cut = best >= hi;
    }
    if (stopped_) break;
    best_ = best;
    // Best first; among equal values, exact before bounds.
    insertion_sort(trial_, [](const auto& a, const auto& b) {
      return a.value != b.value ? a.value > b.value : !a.upper && b.upper;
    });
    std::swap(plays_, trial_);
    depth_ = depth;
    exact_ = !horizon_;
    if (after_depth) after_depth();
    if (exact_) break;
  }
}

EndgameResult EndgameSolver::Solve(const Position& pos, int max_depth, core::SearchControl& control,
                                   const std::function<void(const EndgameResult&)>& on_depth,
                                   bool best_only) {
  EndgameResult result;
  const auto fill = [&] {
    result.plays = plays_;
    result.depth = depth_;
    result.exact = exact_;
    result.nodes = nodes_;
  };
  Deepen(
      pos, max_depth, control,
      [&] {
        fill();
        if (on_depth) on_depth(result);
      },
      best_only);
  fill();
  return result;
}

std::vector<Move> EndgameSolver::Line(const Move& first) {
  std::vector<Move> line;
  const int seat = side_, zero = zero_turns_;
  Move m = first;
  while (line.size() < saved_.size() && Playable(m)) {
    const int ply = static_cast<int>(line.size());
    line.push_back(m);
    if (m.kind == Move::kPass) {
      ++zero_turns_;
    } else {
      Place(m, side_, ply);
      zero_turns_ = 0;
    }
    side_ = 1 - side_;
    if (racks_[1 - side_].size == 0 || zero_turns_ >= rules_.scoreless_turns) break;
    const uint64_t key = Key();
    const Entry& e = table_[key & (table_.size() - 1)];
    if (e.key != key || !e.has_best) break;
    m = e.best;
  }
  for (size_t i = line.size(); i-- > 0;) {
    side_ = 1 - side_;
    if (line[i].kind != Move::kPass) Unplace(line[i], side_, static_cast<int>(i));
  }
  side_ = seat;
  zero_turns_ = zero;
  return line;
}

int EndgameSolver::Compare(const Position& pos, int threshold, int max_depth,
                           core::SearchControl& control, bool* exact, uint64_t* nodes) {
  Deepen(pos, max_depth, control, {}, true, threshold - 1, threshold + 1);
  *exact = exact_;
  *nodes = nodes_;
  return depth_ > 0 ? std::clamp(best_, threshold - 1, threshold + 1) : threshold;
}

int EndgameSolver::BestValue(const Position& pos, int max_depth, core::SearchControl& control,
                             int* depth, bool* exact, uint64_t* nodes) {
  Deepen(pos, max_depth, control, {}, true);
  *depth = depth_;
  *exact = exact_;
  *nodes = nodes_;
  return depth_ > 0 ? plays_.front().value : 0;
}

}  // namespace kibitzer::scrabble
