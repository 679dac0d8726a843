#include "engine/games/scrabble/movegen/movegen.h"

namespace kibitzer::scrabble {

void MoveGenerator::Generate(const Board& board, const Rack& rack, bool exchanges,
                             std::vector<Move>* out) {
  GeneratePlacements(board, rack, out);
  if (exchanges) GenerateExchanges(rack, out);
  out->push_back(Move{});
}

void MoveGenerator::GeneratePlacements(const Board& board, const Rack& rack,
                                       std::vector<Move>* out) {
  out->clear();
  AppendPlacements(board, rack, kAllLines, out);
}

void MoveGenerator::SetRack(const Rack& rack, std::vector<Move>* out) {
  out_ = out;
  rack_ = rack;
  rack_mask_ = 0;
  for (int l = 1; l < kTileKinds; ++l) rack_mask_ |= (rack.count[l] != 0 ? 1u : 0u) << l;
}

void MoveGenerator::AppendPlacements(const Board& board, const Rack& rack, uint32_t lines,
                                     std::vector<Move>* out) {
  if (rack.size == 0) return;
  SetRack(rack, out);
  for (uint32_t left = lines & kAllLines; left != 0; left &= left - 1) {
    const int bit = __builtin_ctz(left);
    GenerateLine(board, bit / kDim, bit % kDim);
  }
}

void MoveGenerator::AppendAnchor(const Board& board, const Rack& rack, int dir, int line,
                                 int anchor, std::vector<Move>* out) {
  if (rack.size == 0 || !SetLine(board, dir, line) || !anchor_sq_[anchor]) return;
  SetRack(rack, out);
  anchor_ = anchor;
  Extend(anchor, kwg_.root(), 0, 1, 0, 0);
}

bool MoveGenerator::SetLine(const Board& board, int dir, int line) {
  bool any = false;
  for (int p = 0; p < kDim; ++p) {
    anchor_sq_[p] = board.Anchor(dir, line, p);
    any |= anchor_sq_[p];
  }
  if (!any) return false;
  dir_ = dir;
  line_ = line;
  for (int p = 0; p < kDim; ++p) {
    tiles_[p] = board.At(dir, line, p);
    cross_set_[p] = board.CrossSet(dir, line, p);
    cross_score_[p] = board.CrossScore(dir, line, p);
    has_cross_[p] = board.HasCross(dir, line, p);
    letter_mult_[p] = board.premium(dir, line, p).letter;
    word_mult_[p] = board.premium(dir, line, p).word;
  }
  return true;
}

void MoveGenerator::GenerateLine(const Board& board, int dir, int line) {
  if (!SetLine(board, dir, line)) return;
  for (int p = 0; p < kDim; ++p) {
    if (!anchor_sq_[p]) continue;
    anchor_ = p;
    Extend(p, kwg_.root(), 0, 1, 0, 0);
  }
}

void MoveGenerator::Extend(int pos, uint32_t list, int main, int word_mult, int cross, int placed) {
  if (list == 0) return;
  const Tile on_board = tiles_[pos];
  if (on_board != kEmpty) {
    const uint32_t arc = kwg_.Find(list, LetterOf(on_board));
    if (arc != 0) GoOn(pos, arc, main + TileScore(on_board), word_mult, cross, placed);
    return;
  }
  if (placed == rack_.size) return;
  // The letters that could go here: allowed by the cross word, and on the rack (any, with a
  // blank); the list is sorted by letter, so the scan ends past the last of them.
  const uint32_t offered = kwg_.Letters(list);
  const uint32_t allowed =
      offered & cross_set_[pos] & (rack_.count[kBlank] != 0 ? kAllLetters : rack_mask_);
  const int lm = letter_mult_[pos];
  const int wm = word_mult_[pos];
  for (uint32_t left = allowed; left != 0; left &= left - 1) {
    const Letter l = static_cast<Letter>(__builtin_ctz(left));
    const uint32_t i = list + static_cast<uint32_t>(__builtin_popcount(offered & ((1u << l) - 1)));
    if (rack_.count[l] != 0) {
      if (--rack_.count[l] == 0) rack_mask_ &= ~(1u << l);
      strip_[pos] = l;
      const int v = kValues[l] * lm;
      GoOn(pos, i, main + v, word_mult * wm,
           has_cross_[pos] ? cross + (cross_score_[pos] + v) * wm : cross, placed + 1);
      if (rack_.count[l]++ == 0) rack_mask_ |= 1u << l;
    }
    if (rack_.count[kBlank] != 0) {
      --rack_.count[kBlank];
      strip_[pos] = static_cast<Tile>(l | kBlankBit);
      GoOn(pos, i, main, word_mult * wm, has_cross_[pos] ? cross + cross_score_[pos] * wm : cross,
           placed + 1);
      ++rack_.count[kBlank];
    }
  }
}

void MoveGenerator::GoOn(int pos, uint32_t arc, int main, int word_mult, int cross, int placed) {
  ++steps_;
  const uint32_t n = kwg_.node(arc);
  const uint32_t child = Kwg::Arc(n);
  if (pos <= anchor_) {
    const bool left_open = pos == 0 || tiles_[pos - 1] == kEmpty;
    const bool right_open = anchor_ == kDim - 1 || tiles_[anchor_ + 1] == kEmpty;
    if (Kwg::Accepts(n) && left_open && right_open) {
      Record(pos, anchor_, main, word_mult, cross, placed);
    }
    if (child == 0) return;
    if (pos > 0 && (tiles_[pos - 1] != kEmpty || !anchor_sq_[pos - 1])) {
      Extend(pos - 1, child, main, word_mult, cross, placed);
    }
    if (left_open && anchor_ < kDim - 1) {
      const uint32_t sep = kwg_.Find(child, kSeparator);
      if (sep != 0) {
        leftmost_ = pos;
        Extend(anchor_ + 1, Kwg::Arc(kwg_.node(sep)), main, word_mult, cross, placed);
      }
    }
    return;
  }
  if (Kwg::Accepts(n) && (pos == kDim - 1 || tiles_[pos + 1] == kEmpty)) {
    Record(leftmost_, pos, main, word_mult, cross, placed);
  }
  if (child != 0 && pos < kDim - 1) Extend(pos + 1, child, main, word_mult, cross, placed);
}

void MoveGenerator::Record(int start, int end, int main, int word_mult, int cross, int placed) {
  // A single tile that forms an across word is made across only.
  if (dir_ == kDown && placed == 1 && has_cross_[anchor_]) return;
  Move& m = out_->emplace_back();
  m.kind = Move::kPlace;
  m.dir = static_cast<uint8_t>(dir_);
  m.line = static_cast<uint8_t>(line_);
  m.start = static_cast<uint8_t>(start);
  m.length = static_cast<uint8_t>(end - start + 1);
  m.placed = static_cast<uint8_t>(placed);
  for (int p = start; p <= end; ++p) m.tiles[p - start] = tiles_[p] == kEmpty ? strip_[p] : kEmpty;
  m.score =
      static_cast<int16_t>(main * word_mult + cross + (placed == kRackSize ? kBingoBonus : 0));
}

void MoveGenerator::GenerateExchanges(const Rack& rack, std::vector<Move>* out) {
  Move m;
  m.kind = Move::kExchange;
  // Odometer over how many of each kind are returned.
  std::array<uint8_t, kTileKinds> take{};
  while (true) {
    int k = 0;
    while (k < kTileKinds && take[k] == rack.count[k]) take[k++] = 0;
    if (k == kTileKinds) break;
    ++take[k];
    m.length = 0;
    m.tiles = {};
    for (int kind = 0; kind < kTileKinds; ++kind) {
      for (int j = 0; j < take[kind]; ++j) m.tiles[m.length++] = static_cast<Tile>(kind);
    }
    out->push_back(m);
  }
}

}  // namespace kibitzer::scrabble
