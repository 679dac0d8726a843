// Every legal move of a rack on a board: placements by GADDAG generation from anchor squares
// (Gordon's method: from each anchor grow the word leftwards through the reversed prefix, then
// after the separator rightwards; the left part never covers another anchor of the line, so each
// placement comes from exactly one anchor, its leftmost; a one-tile placement is made across when
// it forms an across word, else down), each scored as it is built; then every distinct exchange
// and the pass.
//
// A generator is reused: Generate clears `out` and keeps its capacity, and allocates nothing per
// move once the vector has grown. Not thread-safe: one generator per thread.
#pragma once

#include <vector>

#include "engine/games/scrabble/board.h"
#include "engine/games/scrabble/lexicon/kwg.h"
#include "engine/games/scrabble/move.h"

namespace kibitzer::scrabble {

class MoveGenerator {
 public:
  explicit MoveGenerator(const Kwg& kwg) : kwg_(kwg) {}

  // Placements of `rack` on `board`, then exchanges when `exchanges`, then the pass.
  void Generate(const Board& board, const Rack& rack, bool exchanges, std::vector<Move>* out);
  // Placements only.
  void GeneratePlacements(const Board& board, const Rack& rack, std::vector<Move>* out);
  // The placements on the lines of `lines` (bit kLinesOf(dir) + line: across rows 0..14, down
  // columns 15..29), appended to `out`, line by line in that order.
  void AppendPlacements(const Board& board, const Rack& rack, uint32_t lines,
                        std::vector<Move>* out);
  // Every distinct exchange of 1..rack.size tiles.
  static void GenerateExchanges(const Rack& rack, std::vector<Move>* out);

 private:
  void GenerateLine(const Board& board, int dir, int line);
  void Extend(int pos, uint32_t list, int main, int word_mult, int cross, int placed);
  void GoOn(int pos, uint32_t arc, int main, int word_mult, int cross, int placed);
  void Record(int start, int end, int main, int word_mult, int cross, int placed);

  const Kwg& kwg_;
  std::vector<Move>* out_ = nullptr;
  Rack rack_;
  uint32_t rack_mask_ = 0;  // the letters on the rack (bit l), blanks aside
  int dir_ = 0, line_ = 0, anchor_ = 0, leftmost_ = 0;
  Tile tiles_[kDim] = {};
  Tile strip_[kDim] = {};
  uint32_t cross_set_[kDim] = {};
  int cross_score_[kDim] = {};
  bool has_cross_[kDim] = {};
  bool anchor_sq_[kDim] = {};
  int letter_mult_[kDim] = {};
  int word_mult_[kDim] = {};
};

}  // namespace kibitzer::scrabble
