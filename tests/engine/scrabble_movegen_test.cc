// Move generation against an independent brute-force enumerator, and against the rules' own
// check of a move as a client writes it.
#include <array>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "engine/games/scrabble/movegen/movegen.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

using testing::GamePositions;
using testing::Scowl70;
using testing::Scowl70Words;

// A placement by what it puts where: "square:tile" items in square order, whatever its direction.
std::string PlacementKey(const std::vector<std::pair<int, Tile>>& tiles) {
  std::string key;
  for (const auto& [sq, t] : tiles) key += std::to_string(sq) + ":" + std::to_string(t) + " ";
  return key;
}

std::string KeyOf(const Move& m) {
  std::vector<std::pair<int, Tile>> tiles;
  for (int i = 0; i < m.length; ++i) {
    if (m.tiles[i] != kEmpty) tiles.emplace_back(m.Row(i) * kDim + m.Col(i), m.tiles[i]);
  }
  std::sort(tiles.begin(), tiles.end());
  return PlacementKey(tiles);
}

// Simple rather than fast: every segment of every line, every lexicon word of its length that
// could be made of the rack and the board's letters, every way of using blanks for it, every
// cross word looked up in a set of strings, every score added up square by square.
class BruteForce {
 public:
  BruteForce(const std::vector<std::string>& words) {
    for (const std::string& w : words) {
      by_length_[w.size()].push_back(w);
      set_.insert(w);
    }
    for (const auto& [len, list] : by_length_) {
      for (const std::string& w : list) {
        uint32_t m = 0;
        for (char ch : w) m |= 1u << (ch - 'A' + 1);
        mask_[&w] = m;
      }
    }
  }

  std::map<std::string, int> Plays(const Position& pos) const {
    const Board& b = pos.board();
    const Rack& rack = pos.side(pos.to_move()).rack;
    std::array<int, 27> on_board{};
    for (int r = 0; r < kDim; ++r) {
      for (int c = 0; c < kDim; ++c) {
        if (b.at(r, c) != kEmpty) ++on_board[LetterOf(b.at(r, c))];
      }
    }
    // Words whose letters the rack, the blanks and the board's letters could supply.
    std::map<size_t, std::vector<const std::string*>> candidates;
    uint32_t have = 0;
    for (int l = 1; l <= kLetters; ++l) have |= (rack.count[l] + on_board[l] > 0) << l;
    for (const auto& [len, words] : by_length_) {
      for (const std::string& w : words) {
        if (__builtin_popcount(mask_.at(&w) & ~have) > rack.count[kBlank]) continue;
        std::array<int, 27> need{};
        for (char ch : w) ++need[ch - 'A' + 1];
        int over = 0;
        for (int l = 1; l <= kLetters; ++l) {
          over += std::max(0, need[l] - rack.count[l] - on_board[l]);
        }
        if (over <= rack.count[kBlank]) candidates[len].push_back(&w);
      }
    }
    std::map<std::string, int> plays;
    const bool first = b.empty();
    for (int dir = 0; dir < 2; ++dir) {
      for (int line = 0; line < kDim; ++line) {
        for (int start = 0; start < kDim; ++start) {
          for (int len = 2; start + len <= kDim; ++len) {
            Segment(pos, dir, line, start, len, first, candidates[static_cast<size_t>(len)], plays);
          }
        }
      }
    }
    return plays;
  }

 private:
  static int Row(int dir, int line, int pos) { return dir == kAcross ? line : pos; }
  static int Col(int dir, int line, int pos) { return dir == kAcross ? pos : line; }

  void Segment(const Position& pos, int dir, int line, int start, int len, bool first,
               const std::vector<const std::string*>& words,
               std::map<std::string, int>& plays) const {
    const Board& b = pos.board();
    const auto tile = [&](int p) { return b.at(Row(dir, line, p), Col(dir, line, p)); };
    if (start > 0 && tile(start - 1) != kEmpty) return;
    if (start + len < kDim && tile(start + len) != kEmpty) return;
    int empty = 0;
    bool touches = false, centre = false;
    for (int p = start; p < start + len; ++p) {
      const int r = Row(dir, line, p), c = Col(dir, line, p);
      if (tile(p) != kEmpty) {
        touches = true;
        continue;
      }
      ++empty;
      centre |= r == kCentre && c == kCentre;
      for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        const int rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < kDim && cc >= 0 && cc < kDim && b.at(rr, cc) != kEmpty) touches = true;
      }
    }
    const Rack& rack = pos.side(pos.to_move()).rack;
    if (empty == 0 || empty > rack.size) return;
    if (first ? !centre : !touches) return;
    for (const std::string* w : words) {
      bool fits = true;
      for (int p = start; p < start + len && fits; ++p) {
        if (tile(p) != kEmpty) fits = LetterOf(tile(p)) == (*w)[p - start] - 'A' + 1;
      }
      if (!fits) continue;
      Rack left = rack;
      std::vector<std::pair<int, Tile>> placed;
      Assign(pos, dir, line, start, len, *w, start, left, placed, plays);
    }
  }

  // Chooses, square by square, a real tile or a blank for each empty square of the word.
  void Assign(const Position& pos, int dir, int line, int start, int len, const std::string& w,
              int p, Rack& left, std::vector<std::pair<int, Tile>>& placed,
              std::map<std::string, int>& plays) const {
    const Board& b = pos.board();
    if (p == start + len) {
      Score(pos, dir, line, start, len, placed, plays);
      return;
    }
    const int r = Row(dir, line, p), c = Col(dir, line, p);
    if (b.at(r, c) != kEmpty) {
      Assign(pos, dir, line, start, len, w, p + 1, left, placed, plays);
      return;
    }
    const Letter l = static_cast<Letter>(w[p - start] - 'A' + 1);
    for (int kind : {static_cast<int>(l), static_cast<int>(kBlank)}) {
      if (left.count[kind] == 0) continue;
      left.Remove(kind);
      placed.emplace_back(r * kDim + c, kind == kBlank ? (l | kBlankBit) : l);
      Assign(pos, dir, line, start, len, w, p + 1, left, placed, plays);
      placed.pop_back();
      left.Add(kind);
    }
  }

  void Score(const Position& pos, int dir, int line, int start, int len,
             const std::vector<std::pair<int, Tile>>& placed,
             std::map<std::string, int>& plays) const {
    const Board& b = pos.board();
    std::array<Tile, kDim * kDim> grid{};
    std::array<bool, kDim * kDim> fresh{};
    for (int r = 0; r < kDim; ++r) {
      for (int c = 0; c < kDim; ++c) grid[r * kDim + c] = b.at(r, c);
    }
    for (const auto& [sq, t] : placed) grid[sq] = t, fresh[sq] = true;
    // The score of the word through `sq` along (dr, dc), 0 when it is one letter; -1 when it is
    // not a word.
    const auto word_score = [&](int sq, int dr, int dc) {
      int r = sq / kDim, c = sq % kDim;
      while (r - dr >= 0 && c - dc >= 0 && grid[(r - dr) * kDim + c - dc] != kEmpty)
        r -= dr, c -= dc;
      std::string word;
      int sum = 0, mult = 1;
      for (; r < kDim && c < kDim && grid[r * kDim + c] != kEmpty; r += dr, c += dc) {
        const Tile t = grid[r * kDim + c];
        word.push_back(static_cast<char>('A' + LetterOf(t) - 1));
        const int face = IsBlankTile(t) ? 0 : kValues[LetterOf(t)];
        const Premium pr = PremiumAt(r, c);
        if (fresh[r * kDim + c]) {
          sum += face * pr.letter;
          mult *= pr.word;
        } else {
          sum += face;
        }
      }
      if (word.size() < 2) return 0;
      return set_.count(word) ? sum * mult : -1;
    };
    const int dr = dir == kAcross ? 0 : 1, dc = dir == kAcross ? 1 : 0;
    const int main = word_score(Row(dir, line, start) * kDim + Col(dir, line, start), dr, dc);
    if (main < 0) return;
    int total = main;
    for (const auto& [sq, t] : placed) {
      const int cross = word_score(sq, dc, dr);
      if (cross < 0) return;
      total += cross;
    }
    if (placed.size() == kRackSize) total += kBingoBonus;
    (void)len;
    plays[PlacementKey(placed)] = total;
  }

  std::map<size_t, std::vector<std::string>> by_length_;
  std::unordered_set<std::string> set_;
  std::unordered_map<const std::string*, uint32_t> mask_;  // the letters each word has
};

TEST(ScrabbleMoveGen, AgreesWithABruteForceEnumeratorOnPositionsFromSeededGames) {
  ASSERT_NE(Scowl70(), nullptr);
  const BruteForce brute(Scowl70Words());
  std::vector<Position> positions = GamePositions(24, 11);
  ASSERT_GE(positions.size(), 470u);
  positions.erase(positions.begin() + testing::Cases(470), positions.end());
  // And 30 first moves, every third from a rack with one or two blanks.
  for (int i = 0; i < 30; ++i) {
    Position pos = testing::NewGame(1000 + static_cast<uint64_t>(i));
    if (i % 3 == 0) {
      Rack rack = pos.side(0).rack;
      for (int k = 1, blanks = 1 + i % 2; k < kTileKinds && blanks > 0; ++k) {
        while (rack.count[k] > 0 && blanks > 0) rack.Remove(k), rack.Add(kBlank), --blanks;
      }
      pos.SetRack(0, rack);
    }
    positions.push_back(pos);
  }
  MoveGenerator gen(*Scowl70());
  std::vector<Move> moves;
  int first_moves = 0, with_blanks = 0, blanks_on_board = 0;
  size_t plays = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const Position& pos = positions[i];
    first_moves += pos.board().empty();
    with_blanks += pos.side(pos.to_move()).rack.count[kBlank] > 0;
    blanks_on_board += pos.Pool().count[kBlank] + pos.side(pos.to_move()).rack.count[kBlank] < 2;
    gen.GeneratePlacements(pos.board(), pos.side(pos.to_move()).rack, &moves);
    std::map<std::string, int> generated;
    for (const Move& m : moves) {
      const auto [it, fresh] = generated.emplace(KeyOf(m), m.score);
      EXPECT_TRUE(fresh) << "made twice: " << pos.Format(m) << " in " << FormatCgp(pos);
    }
    const std::map<std::string, int> expected = brute.Plays(pos);
    plays += expected.size();
    if (generated != expected) {
      for (const auto& [key, score] : expected) {
        auto it = generated.find(key);
        if (it == generated.end()) {
          ADD_FAILURE() << "missing " << key << " (" << score << ") in " << FormatCgp(pos);
        } else if (it->second != score) {
          ADD_FAILURE() << "score of " << key << ": " << it->second << ", not " << score << " in "
                        << FormatCgp(pos);
        }
      }
      for (const auto& [key, score] : generated) {
        if (!expected.count(key)) ADD_FAILURE() << "not legal: " << key << " in " << FormatCgp(pos);
      }
      FAIL() << "position " << i;
    }
  }
  // What the positions cover (the whole set; a sanitizer run checks a share of it).
  if (testing::Cases(470) == 470) {
    EXPECT_GE(first_moves, 40);
    EXPECT_GE(with_blanks, 30);
    EXPECT_GE(blanks_on_board, 100);
    EXPECT_GE(plays, 100000u);
  }
}

TEST(ScrabbleMoveGen, EveryGeneratedMoveIsLegalAsWrittenWithTheSameScore) {
  for (const Position& pos : GamePositions(3, 5)) {
    for (const Move& m : AllMoves(pos)) {
      const std::string text = pos.Format(m);
      absl::StatusOr<Move> parsed = pos.Parse(text, "move");
      ASSERT_TRUE(parsed.ok()) << parsed.status();
      EXPECT_TRUE(*parsed == m) << text;
      EXPECT_EQ(pos.WhyIllegal(&*parsed), "") << text << " in " << FormatCgp(pos);
      EXPECT_EQ(parsed->score, m.score) << text << " in " << FormatCgp(pos);
    }
  }
}

// The generator's steps (the work a simulation's node limit counts, simulation.h): each placement
// follows at least one arc, and a generation's steps depend on the position alone, not on what the
// generator did before.
TEST(ScrabbleMoveGen, StepsCountAGenerationsWorkTheSameEachTime) {
  std::vector<Move> out;
  int checked = 0;
  for (const Position& pos : GamePositions(3, 5)) {
    MoveGenerator used(pos.kwg()), fresh(pos.kwg());
    used.GeneratePlacements(pos.board(), pos.side(pos.to_move()).rack, &out);
    const uint64_t before = used.steps();
    used.GeneratePlacements(pos.board(), pos.side(pos.to_move()).rack, &out);
    fresh.GeneratePlacements(pos.board(), pos.side(pos.to_move()).rack, &out);
    EXPECT_EQ(used.steps() - before, fresh.steps()) << FormatCgp(pos);
    EXPECT_GE(fresh.steps(), out.size()) << FormatCgp(pos);
    checked += out.empty() ? 0 : 1;
  }
  EXPECT_GT(checked, 0);
}

// What the endgame's line cache rests on: a line's placements depend on that line alone, and those
// of part of a rack are, in the same order and with the same scores, those of the whole rack whose
// tiles are all in that part.
TEST(ScrabbleMoveGen, ALinesPlacementsOfPartOfARackAreThoseOfTheWholeRackWithinThatPart) {
  core::Rng rng(23);
  MoveGenerator gen(*Scowl70());
  std::vector<Move> whole, part, all;
  int lines = 0;
  for (const Position& pos : GamePositions(testing::Cases(4), 71)) {
    const Rack& rack = pos.side(pos.to_move()).rack;
    if (pos.board().empty() || rack.size < 2) continue;
    Rack sub;  // each tile kept with chance 1/2
    for (int k = 0; k < kTileKinds; ++k) {
      for (int n = 0; n < rack.count[k]; ++n) {
        if (rng.Below(2) == 0) sub.Add(k);
      }
    }
    gen.GeneratePlacements(pos.board(), rack, &all);
    size_t at = 0;
    for (int bit = 0; bit < 2 * kDim; ++bit) {
      whole.clear();
      part.clear();
      gen.AppendPlacements(pos.board(), rack, 1u << bit, &whole);
      gen.AppendPlacements(pos.board(), sub, 1u << bit, &part);
      // The lines one by one make the whole list, in order.
      for (const Move& m : whole) {
        ASSERT_LT(at, all.size());
        EXPECT_TRUE(all[at++] == m);
        EXPECT_EQ(m.dir * kDim + m.line, bit);
      }
      std::vector<Move> kept;
      for (const Move& m : whole) {
        if (sub.Contains(m.Used())) kept.push_back(m);
      }
      ASSERT_EQ(part.size(), kept.size()) << FormatCgp(pos) << " line bit " << bit;
      for (size_t i = 0; i < part.size(); ++i) {
        EXPECT_TRUE(part[i] == kept[i]);
        EXPECT_EQ(part[i].score, kept[i].score);
      }
      lines += !whole.empty();
    }
    EXPECT_EQ(at, all.size());
  }
  EXPECT_GT(lines, testing::Cases(4) * 100);
}

TEST(ScrabbleMoveGen, ExchangesAreEachDistinctSetOnce) {
  absl::StatusOr<Rack> rack = ParseRack("AAB??EE", kRackSize, "rack");
  ASSERT_TRUE(rack.ok());
  std::vector<Move> out;
  MoveGenerator::GenerateExchanges(*rack, &out);
  // (2+1)(1+1)(2+1)(2+1) - 1 distinct non-empty sub-multisets.
  EXPECT_EQ(out.size(), 3u * 2 * 3 * 3 - 1);
  std::set<std::string> seen;
  for (const Move& m : out) EXPECT_TRUE(seen.insert(FormatRack(m.Used())).second);
}

}  // namespace
}  // namespace kibitzer::scrabble
