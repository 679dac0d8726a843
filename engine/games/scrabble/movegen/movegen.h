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

#include <array>
#include <cstdint>
#include <vector>

#include "engine/games/scrabble/lexicon/kwg.h"
#include "engine/games/scrabble/rules/board.h"
#include "engine/games/scrabble/rules/move.h"

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

  // Best-first generation (static_best.h). An anchor's shadow: for each number of tiles placed,
  // an upper bound on the score of every placement made from that anchor. Each span of squares
  // such a placement could cover (from the anchor leftwards up to the line's previous empty
  // anchor, rightwards anywhere, ending next to an empty square or the edge, every empty square
  // in it open to some tile of the rack by its cross-set) is scored with the rack's highest
  // tiles on its best-multiplied squares, once for the main word and once for the cross words;
  // which words exist is not asked. -1: no placement of that many tiles.
  struct Shadow {
    uint8_t dir = 0, line = 0, anchor = 0;
    std::array<int16_t, kRackSize + 1> score{};
  };
  // Every anchor's shadow (`out` cleared), in generation order.
  void Shadows(const Board& board, const Rack& rack, std::vector<Shadow>* out);
  // The placements made from one anchor, appended to `out` in the order AppendPlacements makes
  // them.
  void AppendAnchor(const Board& board, const Rack& rack, int dir, int line, int anchor,
                    std::vector<Move>* out);

  // The work done so far: the arcs of the lexicon graph followed, each a letter tried on a
  // square. Time follows it closely (20 to 45 ns a step here), where the time a move generated
  // varies eightfold (blanks on the rack, a crowded board), so a node limit counting steps bounds
  // the time.
  uint64_t steps() const { return steps_; }

 private:
  void SetRack(const Rack& rack, std::vector<Move>* out);
  // Copies a line's squares; false when it has no anchor.
  bool SetLine(const Board& board, int dir, int line);
  void GenerateLine(const Board& board, int dir, int line);
  void ShadowAnchor(int anchor, const std::array<int, kRackSize + 1>& top, Shadow* out) const;
  void Extend(int pos, uint32_t list, int main, int word_mult, int cross, int placed);
  void GoOn(int pos, uint32_t arc, int main, int word_mult, int cross, int placed);
  void Record(int start, int end, int main, int word_mult, int cross, int placed);

  const Kwg& kwg_;
  std::vector<Move>* out_ = nullptr;
  uint64_t steps_ = 0;
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
