// MoveGenerator::Shadows: an upper bound on the score of each anchor's placements, by the number
// of tiles placed (movegen.h).
#include <algorithm>

#include "engine/games/scrabble/movegen/movegen.h"

namespace kibitzer::scrabble {
namespace {

// The largest multiplier a square's tile can get: a letter premium (3) times a word premium (3),
// for a cross word.
constexpr int kMaxMult = 9;

// What the bound needs of a span of squares.
struct Span {
  int fixed = 0;        // the board's tiles in the main word
  int word_mult = 1;    // the word premiums of its empty squares
  int cross_fixed = 0;  // the cross words' board tiles, times their word premiums
  int empties = 0;
  std::array<uint8_t, kMaxMult + 1> by_letter{};  // empty squares by letter premium
  std::array<uint8_t, kMaxMult + 1> by_cross{};   // empty squares with a cross word, by its
                                                  // letter premium times its word premium
};

// The most squares of these multipliers score with the rack's highest tiles on the highest
// multipliers (top[j]: the j highest tiles' face values together).
int Best(const std::array<uint8_t, kMaxMult + 1>& n, const std::array<int, kRackSize + 1>& top) {
  int sum = 0, used = 0;
  for (int mult = kMaxMult; mult >= 1; --mult) {
    if (n[mult] == 0) continue;
    sum += mult * (top[used + n[mult]] - top[used]);
    used += n[mult];
  }
  return sum;
}

}  // namespace

void MoveGenerator::Shadows(const Board& board, const Rack& rack, std::vector<Shadow>* out) {
  out->clear();
  if (rack.size == 0) return;
  // The rack's face values, highest first (an insertion).
  std::array<int, kRackSize> values{};
  int n = 0;
  for (int k = 0; k < kTileKinds; ++k) {
    for (int i = 0; i < rack.count[k] && n < kRackSize; ++i) {
      int j = n++;
      for (; j > 0 && values[static_cast<size_t>(j - 1)] < kValues[k]; --j) {
        values[static_cast<size_t>(j)] = values[static_cast<size_t>(j - 1)];
      }
      values[static_cast<size_t>(j)] = kValues[k];
    }
  }
  std::array<int, kRackSize + 1> top{};
  for (int j = 0; j < kRackSize; ++j) top[j + 1] = top[j] + values[j];
  SetRack(rack, nullptr);
  for (int dir = 0; dir < 2; ++dir) {
    for (int line = 0; line < kDim; ++line) {
      if (!SetLine(board, dir, line)) continue;
      for (int p = 0; p < kDim; ++p) {
        if (!anchor_sq_[p]) continue;
        Shadow& s = out->emplace_back();
        s.dir = static_cast<uint8_t>(dir);
        s.line = static_cast<uint8_t>(line);
        s.anchor = static_cast<uint8_t>(p);
        ShadowAnchor(p, top, &s);
      }
    }
  }
}

void MoveGenerator::ShadowAnchor(int anchor, const std::array<int, kRackSize + 1>& top,
                                 Shadow* out) const {
  out->score.fill(-1);
  const int most = std::min(rack_.size, kRackSize);
  const uint32_t open = rack_.count[kBlank] != 0 ? kAllLetters : rack_mask_;
  // Adds square q to a span; false when no placement can cover it.
  const auto add = [&](Span& span, int q) {
    if (tiles_[q] != kEmpty) {
      span.fixed += TileScore(tiles_[q]);
      return true;
    }
    if ((cross_set_[q] & open) == 0 || span.empties == most) return false;
    ++span.empties;
    const int lm = letter_mult_[q], wm = word_mult_[q];
    span.word_mult *= wm;
    ++span.by_letter[std::min(lm, kMaxMult)];
    if (has_cross_[q]) {
      ++span.by_cross[std::min(lm * wm, kMaxMult)];
      span.cross_fixed += cross_score_[q] * wm;
    }
    return true;
  };
  const auto record = [&](const Span& span) {
    const int bound = (span.fixed + Best(span.by_letter, top)) * span.word_mult +
                      Best(span.by_cross, top) + span.cross_fixed +
                      (span.empties == kRackSize ? kBingoBonus : 0);
    int16_t& best = out->score[static_cast<size_t>(span.empties)];
    best = static_cast<int16_t>(std::max<int>(best, std::min(bound, 32767)));
  };
  // The span [s, anchor] grows leftwards as far as the generator's left part goes (board tiles
  // and empty squares that are not anchors); from each start a span may have (the square before
  // it empty), it grows rightwards.
  Span left;
  if (!add(left, anchor)) return;
  for (int s = anchor;;) {
    if (s == 0 || tiles_[s - 1] == kEmpty) {
      Span span = left;
      for (int e = anchor;;) {
        if (e == kDim - 1 || tiles_[e + 1] == kEmpty) record(span);
        if (e == kDim - 1 || !add(span, ++e)) break;
      }
    }
    if (s == 0 || (tiles_[s - 1] == kEmpty && anchor_sq_[s - 1])) break;
    if (!add(left, --s)) break;
  }
}

}  // namespace kibitzer::scrabble
