// Scrabble's part in search::MonteCarloSearch, the seed's simulation: for each sampled layout
// (the other rack and the bag's order drawn from the unseen tiles, with fixed tiles), every
// candidate still in the race is played, then `plies` more plies by the static player, both
// sides. A candidate's value on a layout is the change in the spread (its side's score minus the
// other's), plus the value of each side's last leave unless the game ended (the mover's counted
// for, the other's against): the tiles the side kept with its last move of the playout, the
// candidate itself for the mover, valued before it drew as static equity values them (a rack
// after its draw is not a leave: the tiles drawn are luck, and the leave values are learned for
// a leave with a draw to come); a side that has not moved counts 0, a fresh rack. Its win
// channel is the horizon's estimate of winning
// (WinChance: from the spread then and the tiles still to play). Layout i uses stream i of the seed
// and the same draw for every candidate, so candidates are compared on the same racks. A layout's
// nodes are the moves its playouts generated plus the generator's steps (MoveGenerator::steps),
// plus its endgames' nodes: the steps are most of it and follow the time, so a node limit bounds
// the time whatever the racks and the board.
//
// The seed's own playout (Playout::kMinimax) replaces the static plies by a MinMax of `plies`
// plies after the candidate over the sampled layout, each node's moves cut as the seed cuts them
// (by score, the best `cut_x`, less those more than `cut_y` below the first), its leaves valued by
// the spread alone.
//
// The endgame-aware playout (Playout::kEndgame, the pre-endgame) plays the static plies only
// while tiles are left in the bag; once it is empty the rest of the game is solved by the endgame
// solver (endgame.h) up to `endgame_nodes` nodes, and the candidate gets that final spread. Its
// layouts are not drawn at random but enumerated (RackSampler::Orders): layout i is the i-th
// order of the bag, so a search of Layouts() layouts has weighed every bag exactly once.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/progress.h"
#include "engine/core/search_control.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/movegen/static_best.h"
#include "engine/games/scrabble/rules/position.h"
#include "engine/games/scrabble/sim/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::scrabble {

// What the candidates are ranked by: the mean change in the spread, or the mean chance of winning
// (WinChance at the horizon) with each point of spread worth kWinPerPoint on top, so that plays
// of equal chance (a game already decided) are still ranked by spread.
enum class Objective { kSpread, kWin };
constexpr double kWinPerPoint = 1e-4;

// How each candidate is played out on a layout.
struct Playout {
  enum Kind { kStatic, kMinimax, kEndgame };
  Kind kind = kStatic;
  int plies = 2;
  int cut_x = 20;  // kMinimax: the seed's branching cut
  int cut_y = 10;
  uint64_t endgame_nodes = 20000;  // kEndgame: a node limit for each endgame solved
  uint64_t max_layouts = 100000;   // kEndgame: more bag orders than this are drawn at random
  Objective objective = Objective::kSpread;
};

// The late game: at most `bag` tiles in the bag (by default kLateBag). There `to_end` plays each
// playout on to the end of the game, up to kToEndPlies plies (far more than 7 tiles in the bag and
// 14 on the racks take; a playout not over by then is valued at its horizon as any other), its
// result exact, and `win` ranks the candidates by the chance of winning; before it both do
// nothing.
constexpr int kLateBag = 7;
constexpr int kToEndPlies = 40;
struct LateGame {
  int bag = kLateBag;
  bool to_end = false;
  bool win = false;
  // `playout`, as set for the rest of the game, made the late game's with `bag_size` tiles in
  // the bag.
  void Apply(int bag_size, Playout* playout) const {
    if (bag_size > bag) return;
    if (to_end) playout->plies = kToEndPlies;
    if (win) playout->objective = Objective::kWin;
  }
};

// The chance of winning from `spread` ahead with `tiles_left` tiles still to play (in the bag and
// on both racks): the rest of the game moves the spread by a normal amount of standard deviation
// kSpreadSdPerTile * sqrt(tiles_left) (about 100 points over a whole game, as the static player's
// self-play spreads); with none left, 1 ahead, 0.5 level, 0 behind.
constexpr double kSpreadSdPerTile = 10;
double WinChance(double spread, int tiles_left);

// The seed's cut of `moves` (any order) in place: sorted by score, the first `x`, less those more
// than `y` points below the first.
void SeedCut(std::vector<Move>* moves, int x, int y);

class Simulation {
 public:
  // kObjective ranks: the spread, or the win chance plus kWinPerPoint a point of spread.
  enum Channel { kObjective, kSpread, kWin, kChannels };
  // The race's indifference in the objective's unit: a point of spread, or 0.2% of winning.
  static double Margin(Objective o) { return o == Objective::kWin ? 0.002 : 1; }
  struct Worker {
    MoveGenerator gen;
    Rack rack;
    std::vector<uint8_t> bag;
    Position layout, play;
    // kMinimax: a position and a move list a ply.
    std::vector<Position> stack;
    std::vector<std::vector<Move>> stack_moves;
    std::unique_ptr<EndgameSolver> endgame;  // kEndgame
    int left = 0;                            // the last playout's tiles still to play
    std::array<double, 2> leave{};           // each seat's last leave's value in the playout
    // kMinimax's last two plies (BestScoreAfterEach): a board, what a move overwrote on it, the
    // reply's best score on each line, a line's placements.
    Board board;
    Board::Saved saved;
    std::array<int, 2 * kDim> line_best{};
    std::vector<Move> line_moves;
    StaticBest best;  // the static plies' moves
  };

  // `view`: the side to move's view (its rack known); `candidates` (the best first) are
  // simulated; `fixed` tiles of the other rack ("2:Q"), errors name fixed[i]; `leaves`: the
  // other rack's inferred leaves (inference.h; empty: drawn uniformly), errors name "infer".
  static absl::StatusOr<std::unique_ptr<Simulation>> Make(const Position& view,
                                                          std::vector<Move> candidates,
                                                          Playout playout, uint64_t seed,
                                                          const std::vector<std::string>& fixed,
                                                          std::vector<Rack> leaves = {});

  int MoveCount() const { return static_cast<int>(candidates_.size()); }
  int Channels() const { return kChannels; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const;
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const { report.depth = playout_.plies + 1; }
  // Stopped before any layout: the static player's choice (the first candidate).
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;
  const std::vector<Move>& candidates() const { return candidates_; }
  const Position& view() const { return view_; }
  // kEndgame: how many layouts there are (each bag order once); 0: drawn at random.
  uint64_t Layouts() const { return orders_; }

 private:
  Simulation(const Position& view, std::vector<Move> candidates, Playout playout, uint64_t seed)
      : view_(view), candidates_(std::move(candidates)), playout_(playout), seed_(seed) {}
  // Plays `m` at w.play, keeping the value of the mover's leave (before it draws) in w.leave.
  void Play(Worker& w, const Move& m) const;
  // Up to `plies` moves of the static player at w.play (`while_bag`: only while the bag has
  // tiles).
  void PlayStaticPlies(Worker& w, int plies, bool while_bag, uint64_t* nodes) const;
  // The spread for `me` at w.play, each side's last leave counted unless the game is over.
  double Horizon(Worker& w, int me) const;
  // The best spread gain within the cuts of the side to move at w.stack[depth], `plies` plies on.
  double Negamax(Worker& w, int depth, int plies, uint64_t* nodes) const;
  // Whether `m`, played at `pos`, and any reply each gain their score and end nothing.
  static bool LastPlyByScore(const Position& pos, const Move& m);
  // Negamax's value of `pos` with two plies left when every one of its `moves` is
  // LastPlyByScore: the best of a move's score less the reply's best score (or 0, a pass).
  double BestScoreAfterEach(Worker& w, const Position& pos, const std::vector<Move>& moves,
                            uint64_t* nodes) const;
  // The static plies while the bag has tiles, then the endgame solved.
  double PlayToEnd(Worker& w, int me, core::SearchControl& control, uint64_t* nodes) const;

  Position view_;
  std::optional<RackSampler> sampler_;  // reads view_
  std::vector<Move> candidates_;
  Playout playout_;
  uint64_t seed_;
  uint64_t orders_ = 0;
};

}  // namespace kibitzer::scrabble
