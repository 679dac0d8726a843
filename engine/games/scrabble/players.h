// Scrabble's players: the seed's greedy player (the highest score), the static player (the
// highest equity: score plus the leave's value), and the simulating player (the seed's Monte
// Carlo method on search::MonteCarloSearch: the best candidates by equity, each played out a few
// plies by the static player over sampled racks and bag orders, valued by the mean spread).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"
#include "engine/games/scrabble/endgame/endgame.h"
#include "engine/games/scrabble/movegen/movegen.h"
#include "engine/games/scrabble/movegen/static_best.h"
#include "engine/games/scrabble/rules/position.h"
#include "engine/games/scrabble/sim/simulation.h"

namespace kibitzer::scrabble {

// The pre-endgame: 1..3 tiles in the bag.
constexpr int kPreEndgameBag = 3;
// ":nodes=N": N in kMinNodes..kMaxNodes.
constexpr uint64_t kMinNodes = 1000;
constexpr uint64_t kMaxNodes = 1'000'000'000'000;

enum class Algorithm { kGreedy, kStatic, kSim, kSimEndgame, kSeed };

struct PlayerOptions {
  Algorithm algorithm = Algorithm::kStatic;
  int iterations = 100;  // sim: sampled racks and bag orders (the driver's samples)
  int plies = 2;         // sim: plies played after the candidate
  int candidates = 10;   // sim: how many of the best by equity are simulated
  bool race = true;      // sim: drop candidates clearly behind as it goes
  Objective objective = Objective::kSpread;  // sim: ranked by spread, or (":win") by win chance
  // sim (":infer"): the other rack drawn as a leave inferred from its last play (inference.h),
  // racks kept within `infer_tolerance` equity points of the best, of `infer_trials` drawn.
  bool infer = false;
  double infer_tolerance = 0;
  int infer_trials = 1000;
  // sim: the late game (simulation.h): ":toend" (to_end), ":latewin" (win), ":late=N" (bag N).
  LateGame late;
  // sim (":nodes=N"): each move's simulation stops after N nodes (simulation.h: mostly the move
  // generator's steps, about 25 ns each here), its best so far played; the same games at any speed,
  // unlike a clock. 0: no limit.
  uint64_t max_nodes = 0;
  // sim-endgame: node limits of the endgame (bag empty) and of each endgame in a pre-endgame.
  uint64_t endgame_nodes = 2'000'000;
  uint64_t pre_endgame_nodes = 5000;
  bool pre_endgame = true;  // sim-endgame (":nopre": false): the pre-endgame's playouts solved
  // seed: the seed's cuts (mid-game; with the bag empty 3 plies, cut 20 within 15).
  int cut_x = 20, cut_y = 10;
  uint64_t seed = 0;
  std::string name;
};

// greedy, static,
// sim[:ITERATIONS[:PLIES[:CANDIDATES]]][:win|:latewin][:infer][:toend][:late=N][:nodes=N]
// (default sim:100:2:10; ":win" ranks the candidates by the chance of winning, not the spread, and
// ":latewin" does so in the late game only (kLateBag or fewer tiles in the bag, or N with
// ":late=N", which needs ":latewin" or ":toend"); ":infer" draws the other rack from what its last
// play says it kept; ":toend" plays each playout to the end of the game in the late game;
// ":nodes=N" stops each move's simulation after N nodes), the same as
// sim-endgame[:...][:nopre] (the endgame solved when the bag is empty, its proved best played, or
// when the node limit stops the proof the simulation's choice; the pre-endgame with 1..3 tiles
// in it solved over the bag's orders, unless ":nopre": then simulated as sim does), and the seed's
// Monte Carlo player seed[:SIMULATIONS[:PLIES]] (default seed:50:2: each simulation a MinMax of 2
// plies after each play over the 20 best plays by score within 10 points of the best; with the bag
// empty a MinMax of 3 plies within 15 points, as the seed's end-ply=3, end-cut-x=20, end-cut-y=15).
// Errors name `field`.
absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field);
// The players' settings, declared once (core/player_spec.h: any of them also by name, as
// "sim:iterations=200:nodes=5000000"), and the forms as a help line lists them.
const core::OptionSet<PlayerOptions>& PlayerOptionSet();
std::string PlayerHelp();

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
  // The other side played `m` at `before` (for ":infer"; its rack there is not looked at).
  void Observe(const Position& before, const Move& m);
  const PlayerOptions& options() const { return options_; }

 private:
  MoveGenerator gen_;
  StaticBest best_;
  PlayerOptions options_;
  Move ChooseSeed(const Position& pos, uint64_t turn, uint64_t* nodes);
  Move Simulate(const Position& pos, std::vector<Move> candidates, const Playout& playout,
                uint64_t samples, uint64_t turn, uint64_t* nodes);

  std::vector<Move> moves_;
  std::unique_ptr<EndgameSolver> endgame_;  // sim-endgame, made on its first endgame
  std::optional<Position> last_before_;     // the other side's last play and where it was made
  Move last_move_;
};

}  // namespace kibitzer::scrabble
