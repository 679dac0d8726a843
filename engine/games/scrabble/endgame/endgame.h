// The endgame (bag empty, both racks known): the exact final spread of every play of the side to
// move, by negamax alpha-beta with a transposition table and iterative deepening.
//
// A node's value is the spread the side to move gains from here to the end of the game (its
// points minus the other's, end-of-game adjustments included: playing out gains twice the other
// rack under either end rule, six scoreless turns cost each side its own rack). Past the depth
// limit a node is estimated as the other rack's points minus its own (the tiles likely left
// stuck). Each depth values every root play (with a full window, or in best-only mode a null
// window around the best so far), so a stopped search still ranks every play by the deepest
// depth it finished; once a depth meets no horizon, the values are exact.
// The table keeps whether a horizon was met under each entry: an entry none touched is solved
// (its value or bound holds at any depth, so deeper iterations reuse it), and one that was
// passes the horizon on to whatever it decides, so that "exact" is never claimed on an estimate.
// Moves are tried as the table's best first (before the node's moves are generated, so that a
// cutoff by it costs no generation), then plays that go out, then the ply's two killer moves
// (the last that cut off there), then by score plus the points of the tiles played (a tile played
// cannot be stuck on the rack at the end, where it counts against); after the first, each move
// is searched with a null window (principal variation search) and searched again only when it
// proves better.
// Apply and undo go through the board's Place and Unplace, the undo putting back the squares the
// move overwrote; a node generates again only the lines the moves since the root have changed
// and takes the rest from each seat's root placements (LineCache); nothing is allocated per node.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

struct EndgameResult {
  struct Play {
    Move move;
    int value = 0;       // the spread gained from now to the end (exact when `exact`)
    bool upper = false;  // best only: the value is an upper bound (the play is no better)
  };
  std::vector<Play> plays;  // every play of the side to move, best first
  int depth = 0;            // plies of the deepest depth finished
  bool exact = false;
  uint64_t nodes = 0;
};

class EndgameSolver {
 public:
  static constexpr int kInfinite = 30000;  // beyond any value
  // `table_log2`: the table holds 2^table_log2 entries of 32 bytes.
  EndgameSolver(const Kwg& kwg, const Rules& rules, int table_log2 = 20);
  static size_t TableBytes(int table_log2);

  // Solves `pos` (both racks known; the bag is taken as empty) to `max_depth` plies or until
  // `control` stops it; `on_depth` (may be empty) is told each depth's result. The result is the
  // deepest depth finished (depth 0 and the plays by score when stopped before the first).
  // `best_only`: each depth searches the plays after the first with the best value so far as
  // the lower end of the window, so that a play no better gets an upper bound only (much faster).
  EndgameResult Solve(const Position& pos, int max_depth, core::SearchControl& control,
                      const std::function<void(const EndgameResult&)>& on_depth,
                      bool best_only = false);
  // Best only, for the simulation's playouts: the best play's value to the deepest depth
  // finished (0 when stopped before the first; `*depth` says which, `*exact` whether it is
  // exact). Nothing is allocated once the solver has gone as deep before.
  int BestValue(const Position& pos, int max_depth, core::SearchControl& control, int* depth,
                bool* exact, uint64_t* nodes);
  // Whether the best play's value is below, at or above `threshold` (the pre-endgame's question:
  // does this endgame win, tie or lose?): threshold - 1, threshold or threshold + 1, by a search
  // in that window only (far faster than the value itself); `*exact` once no horizon was met.
  int Compare(const Position& pos, int threshold, int max_depth, core::SearchControl& control,
              bool* exact, uint64_t* nodes);
  // After Solve: the line that starts with the root play `first`, then at each position the
  // table's best move, while the table holds one (the principal variation of a value the table
  // proved), until a rack is empty or the scoreless turns end the game.
  std::vector<Move> Line(const Move& first);

 private:
  // Iterative deepening of the root's plays (plays_, best first after each depth);
  // `after_depth` (may be empty) is called after each depth finished.
  // `lo`, `hi` (best only): the root's window; a depth ends once a play reaches `hi`.
  void Deepen(const Position& pos, int max_depth, core::SearchControl& control,
              const std::function<void()>& after_depth, bool best_only, int lo = -kInfinite,
              int hi = kInfinite);
  struct Entry {
    uint64_t key = 0;
    int16_t value = 0;
    int8_t depth = -1;
    uint8_t bound = 0;  // 0 exact, 1 lower, 2 upper
    bool has_best = false;
    Move best;  // the best move found, tried before any move is generated
  };
  int Negamax(int depth, int alpha, int beta, int ply);
  int Search(int depth, int alpha, int beta, int ply);  // Negamax's body
  // Whether `m` (a table's move) can be played by the side to move: a guard against the rare
  // key that two positions share.
  bool Playable(const Move& m) const;
  int Child(const Move& m, int depth, int alpha, int beta, int ply);
  // The side to move's placements at `ply` into `out` (cleared), then the pass.
  void Generate(int ply, std::vector<Move>* out);
  // Builds each seat's line cache from the root's board and racks.
  void CacheLines();
  // A move of the side to move at `ply` (its board's make and undo keep saved_[ply]).
  void Place(const Move& m, int seat, int ply);
  void Unplace(const Move& m, int seat, int ply);
  uint64_t Key() const;

  // A rack's counts packed four bits a kind (a rack holds at most 7 of one), for a quick test
  // that a move's tiles are still on the rack.
  struct Packed {
    uint64_t lo = 0, hi = 0;
  };
  static Packed Pack(const Rack& r);
  static bool Within(const Packed& used, const Packed& rack);
  // Each seat's placements with its root rack on the root board, line by line: a line that no
  // move since the root has changed (LinesChangedBy) has the same placements, less those whose
  // tiles have left the rack, so only the changed lines are generated again (move generation
  // was most of the solver's time).
  struct LineCache {
    std::vector<Move> moves;
    std::vector<Packed> used;                    // each move's tiles
    std::array<uint32_t, 2 * kDim + 1> start{};  // line i's moves: [start[i], start[i + 1])
  };

  const Kwg& kwg_;
  Rules rules_;
  MoveGenerator gen_;
  LineCache cache_[2];
  std::vector<uint32_t> changed_;    // a ply's lines changed since the root (LineBit)
  std::vector<Board::Saved> saved_;  // what a ply's move overwrote on the board
  std::vector<Entry> table_;
  std::vector<std::vector<Move>> buffers_;                     // one move list per ply
  std::vector<std::vector<std::pair<int, uint32_t>>> orders_;  // its search order
  std::vector<std::array<Move, 2>> killers_;                   // a ply's last two cutoff moves
  std::vector<Move> first_;                                    // a ply's table move
  std::vector<Move> root_moves_;
  std::vector<EndgameResult::Play> plays_, trial_;  // the root's plays, and the depth's
  int depth_ = 0;                                   // the deepest depth finished
  int best_ = 0;                                    // its best value (best only)
  bool exact_ = false;
  Board board_;
  Rack racks_[2];
  int side_ = 0;
  int zero_turns_ = 0;
  uint64_t board_key_ = 0;
  uint64_t nodes_ = 0;
  bool horizon_ = false;  // a node of the current subtree was cut by the depth limit
  bool stopped_ = false;
  core::SearchControl* control_ = nullptr;
};

}  // namespace kibitzer::scrabble
