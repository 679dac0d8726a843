// Scrabble's players: the seed's greedy player (the highest score), the static player (the
// highest equity: score plus the leave's value), and the simulating player (the seed's Monte
// Carlo method on search::MonteCarloSearch: the best candidates by equity, each played out a few
// plies by the static player over sampled racks and bag orders, valued by the mean spread).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/movegen.h"
#include "engine/games/scrabble/position.h"

namespace kibitzer::scrabble {

enum class Algorithm { kGreedy, kStatic, kSim };

struct PlayerOptions {
  Algorithm algorithm = Algorithm::kStatic;
  int iterations = 100;  // sim: sampled racks and bag orders (the driver's samples)
  int plies = 2;         // sim: plies played after the candidate
  int candidates = 10;   // sim: how many of the best by equity are simulated
  bool race = true;      // sim: drop candidates clearly behind as it goes
  uint64_t seed = 0;
  std::string name;
};

// greedy, static, sim[:ITERATIONS[:PLIES[:CANDIDATES]]] (default sim:100:2:10). Errors name
// `field`. (The seed's own Monte Carlo player is different: 50 simulations, each a 2-ply MinMax
// over the 20 best plays by score within 10 points of the best, 3 plies in the endgame; a preset
// for it is still to come.)
absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field);

// Every legal move of the side to move into `out` (cleared): placements, then exchanges when the
// bag allows, then the pass. The rack must be known.
void GenerateAll(const Position& pos, MoveGenerator& gen, std::vector<Move>* out);
// A move's static equity for the side to move: its score plus the value of the tiles it keeps,
// and, playing out with the bag empty, twice the other rack (when known).
double LeaveOf(const Position& pos, const Move& m);
inline double Equity(const Position& pos, const Move& m) { return m.score + LeaveOf(pos, m); }
// The index of the best move by score (greedy) or by equity; the first of equals.
size_t BestIndex(const Position& pos, const std::vector<Move>& moves, bool greedy);

// One player on one thread: its generator and buffers are reused from move to move.
class Player {
 public:
  Player(const Kwg& kwg, PlayerOptions options) : gen_(kwg), options_(std::move(options)) {}
  // The move to play (the side to move's rack known); `turn` seeds a simulation.
  Move Choose(const Position& pos, uint64_t turn, uint64_t* nodes);
  const PlayerOptions& options() const { return options_; }

 private:
  MoveGenerator gen_;
  PlayerOptions options_;
  std::vector<Move> moves_;
};

}  // namespace kibitzer::scrabble
