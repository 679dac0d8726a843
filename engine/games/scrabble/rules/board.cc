#include "engine/games/scrabble/rules/board.h"

namespace kibitzer::scrabble {
namespace {

// Rows 1..8 from the top ('=' triple word, '-' double word, '"' triple letter, '\'' double
// letter); rows 9..15 mirror rows 7..1.
constexpr const char* kTopHalf[8] = {
    "=..'...=...'..=", ".-...\"...\"...-.",   "..-...'.'...-..", "'..-...'...-..'",
    "....-.....-....", ".\"...\"...\"...\".", "..'...'.'...'..", "=..'...-...'..=",
};

}  // namespace

Premium PremiumAt(int row, int col) {
  const char c = kTopHalf[row < 8 ? row : 14 - row][col];
  switch (c) {
    case '=':
      return {1, 3};
    case '-':
      return {1, 2};
    case '"':
      return {3, 1};
    case '\'':
      return {2, 1};
    default:
      return {1, 1};
  }
}

uint32_t CrossSetOf(const Kwg& kwg, const Letter* before, int nb, const Letter* after, int na) {
  uint32_t set = 0;
  uint32_t list = kwg.root();
  if (nb > 0) {
    for (int i = nb - 1; i >= 0; --i) {
      const uint32_t arc = kwg.Find(list, before[i]);
      if (arc == 0) return 0;
      list = Kwg::Arc(kwg.node(arc));
    }
    const uint32_t sep = kwg.Find(list, kSeparator);
    if (sep == 0) return 0;
    list = Kwg::Arc(kwg.node(sep));
    if (list == 0) return 0;
    for (uint32_t i = list;; ++i) {
      const uint32_t n = kwg.node(i);
      bool ok = Kwg::Accepts(n);
      if (na > 0) {
        uint32_t l = Kwg::Arc(n);
        uint32_t arc = 0;
        for (int j = 0; j < na; ++j) {
          arc = kwg.Find(l, after[j]);  // 0 once the path ends
          if (arc == 0) break;
          l = Kwg::Arc(kwg.node(arc));
        }
        ok = arc != 0 && Kwg::Accepts(kwg.node(arc));
      }
      if (ok) set |= 1u << Kwg::LetterAt(n);
      if (Kwg::Last(n)) break;
    }
    return set & kAllLetters;
  }
  for (int i = na - 1; i >= 0; --i) {
    const uint32_t arc = kwg.Find(list, after[i]);
    if (arc == 0) return 0;
    list = Kwg::Arc(kwg.node(arc));
  }
  if (list == 0) return 0;
  for (uint32_t i = list;; ++i) {
    const uint32_t n = kwg.node(i);
    if (Kwg::Accepts(n)) set |= 1u << Kwg::LetterAt(n);
    if (Kwg::Last(n)) break;
  }
  return set & kAllLetters;
}

Board::Board() {
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) {
      premium_[kAcross][r][c] = PremiumAt(r, c);
      premium_[kDown][c][r] = PremiumAt(r, c);
      cross_[kAcross][r][c] = cross_[kDown][c][r] = kAllLetters;
    }
  }
  anchor_[kAcross][kCentre][kCentre] = anchor_[kDown][kCentre][kCentre] = true;
}

void Board::Set(int row, int col, Tile t) {
  tile_count_ += (t != kEmpty) - (tiles_[kAcross][row][col] != kEmpty);
  tiles_[kAcross][row][col] = t;
  tiles_[kDown][col][row] = t;
}

void Board::RefreshSquare(int row, int col, const Kwg& kwg) {
  if (at(row, col) != kEmpty) {
    cross_[kAcross][row][col] = cross_[kDown][col][row] = 0;
    cross_score_[kAcross][row][col] = cross_score_[kDown][col][row] = 0;
    has_cross_[kAcross][row][col] = has_cross_[kDown][col][row] = false;
    anchor_[kAcross][row][col] = anchor_[kDown][col][row] = false;
    return;
  }
  // dir across: the cross word runs down the column; dir down: along the row.
  for (int dir = 0; dir < 2; ++dir) {
    const int line = dir == kAcross ? col : row;  // the perpendicular line
    const int pos = dir == kAcross ? row : col;
    const int perp = 1 - dir;
    Letter before[kDim], after[kDim];
    int nb = 0, na = 0, score = 0;
    for (int p = pos - 1; p >= 0 && tiles_[perp][line][p] != kEmpty; --p) ++nb;
    for (int i = 0; i < nb; ++i) {
      const Tile t = tiles_[perp][line][pos - nb + i];
      before[i] = LetterOf(t);
      score += TileScore(t);
    }
    for (int p = pos + 1; p < kDim && tiles_[perp][line][p] != kEmpty; ++p) {
      after[na++] = LetterOf(tiles_[perp][line][p]);
      score += TileScore(tiles_[perp][line][p]);
    }
    const int l = dir == kAcross ? row : col;
    const int q = dir == kAcross ? col : row;
    has_cross_[dir][l][q] = nb + na > 0;
    cross_score_[dir][l][q] = static_cast<int16_t>(score);
    cross_[dir][l][q] = nb + na > 0 ? CrossSetOf(kwg, before, nb, after, na) : kAllLetters;
  }
  const bool anchor =
      tile_count_ == 0
          ? (row == kCentre && col == kCentre)
          : ((row > 0 && at(row - 1, col) != kEmpty) || (row < kDim - 1 && at(row + 1, col)) ||
             (col > 0 && at(row, col - 1) != kEmpty) || (col < kDim - 1 && at(row, col + 1)));
  anchor_[kAcross][row][col] = anchor_[kDown][col][row] = anchor;
}

void Board::Refresh(const Kwg& kwg) {
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) RefreshSquare(r, c, kwg);
  }
}

template <typename F>
bool Board::ForAffected(const Move& m, const F& f) const {
  // The first tiles: the centre stops (or starts) being the one anchor.
  if (tile_count_ == 0 || tile_count_ == m.placed) return false;
  // A square's cross-set and cross score depend on the runs of tiles next to it, and whether it
  // is an anchor on its four neighbours. Placing or taking back tiles changes only the squares
  // the tiles stand on and the two squares just past every run of tiles through one of them: the
  // run along the move's line, and at each tile the run across it. (The square beside a tile
  // across the line is such a square when empty, and a tile square does not change.)
  const auto run_ends = [&](int dir, int line, int pos) {
    int a = pos - 1, b = pos + 1;
    while (a >= 0 && tiles_[dir][line][a] != kEmpty) --a;
    while (b < kDim && tiles_[dir][line][b] != kEmpty) ++b;
    for (const int p : {a, b}) {
      if (p < 0 || p >= kDim) continue;
      if (dir == kAcross) {
        f(line, p);
      } else {
        f(p, line);
      }
    }
  };
  run_ends(m.dir, m.line, m.start);
  run_ends(m.dir, m.line, m.start + m.length - 1);
  for (int i = 0; i < m.length; ++i) {
    if (m.tiles[i] == kEmpty) continue;
    f(m.Row(i), m.Col(i));
    run_ends(1 - m.dir, m.start + i, m.line);
  }
  return true;
}

void Board::RefreshAround(const Move& m, const Kwg& kwg) {
  if (!ForAffected(m, [&](int row, int col) { RefreshSquare(row, col, kwg); })) Refresh(kwg);
}

uint32_t Board::LinesChangedBy(const Move& m) const {
  uint32_t lines = 0;
  const bool some = ForAffected(
      m, [&](int row, int col) { lines |= LineBit(kAcross, row) | LineBit(kDown, col); });
  return some ? lines : kAllLines;
}

void Board::SetTiles(const Move& m, bool placed) {
  for (int i = 0; i < m.length; ++i) {
    if (m.tiles[i] != kEmpty) Set(m.Row(i), m.Col(i), placed ? m.tiles[i] : kEmpty);
  }
}

void Board::Place(const Move& m, const Kwg& kwg) {
  SetTiles(m, true);
  RefreshAround(m, kwg);
}

void Board::Place(const Move& m, const Kwg& kwg, Saved* saved) {
  SetTiles(m, true);
  saved->n = 0;
  // A square met twice is saved twice, the second time refreshed already; Unplace puts them back
  // last saved first, so the first (the one before the move) wins.
  const bool some = ForAffected(m, [&](int row, int col) {
    Saved::Square& s = saved->squares[static_cast<size_t>(saved->n++)];
    s.row = static_cast<uint8_t>(row);
    s.col = static_cast<uint8_t>(col);
    s.anchor = anchor_[kAcross][row][col];
    s.has_cross = {has_cross_[kAcross][row][col], has_cross_[kDown][col][row]};
    s.cross_score = {cross_score_[kAcross][row][col], cross_score_[kDown][col][row]};
    s.cross = {cross_[kAcross][row][col], cross_[kDown][col][row]};
    RefreshSquare(row, col, kwg);
  });
  if (!some) {
    saved->n = -1;
    Refresh(kwg);
  }
}

void Board::Unplace(const Move& m, const Kwg& kwg, const Saved& saved) {
  SetTiles(m, false);
  if (saved.n < 0) {
    Refresh(kwg);
    return;
  }
  for (int i = saved.n - 1; i >= 0; --i) {
    const Saved::Square& s = saved.squares[static_cast<size_t>(i)];
    anchor_[kAcross][s.row][s.col] = anchor_[kDown][s.col][s.row] = s.anchor;
    has_cross_[kAcross][s.row][s.col] = s.has_cross[0];
    has_cross_[kDown][s.col][s.row] = s.has_cross[1];
    cross_score_[kAcross][s.row][s.col] = s.cross_score[0];
    cross_score_[kDown][s.col][s.row] = s.cross_score[1];
    cross_[kAcross][s.row][s.col] = s.cross[0];
    cross_[kDown][s.col][s.row] = s.cross[1];
  }
}

void Board::Unplace(const Move& m, const Kwg& kwg) {
  SetTiles(m, false);
  RefreshAround(m, kwg);
}

Rack Move::Used() const {
  Rack r;
  if (kind == kPlace) {
    for (int i = 0; i < length; ++i) {
      if (tiles[i] != kEmpty) r.Add(IsBlankTile(tiles[i]) ? kBlank : LetterOf(tiles[i]));
    }
  } else if (kind == kExchange) {
    for (int i = 0; i < length; ++i) r.Add(tiles[i]);
  }
  return r;
}

}  // namespace kibitzer::scrabble
