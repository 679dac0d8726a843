// Exact solving of a tarok play position with every hand known: full depth, to the last trick.
//
// The value is the scored player's final outcome: in three, two, one and solo without the
// declarer's card points (0..70, his discards and the talon counted); in klop the card points of
// the `perspective` player, who minimises them against the other two (paranoid); in the beggars
// and valats 1 when the declarer makes the contract, else 0.
//
// Alpha-beta (fail-soft) with minimal-window drivers, a transposition table at trick starts in
// the manner of partition search (solver_table.h: the one-point cards of each suit and taroks
// II..XX are told apart only by their order among the cards still out, and below the lowest one
// whose rank decided a trick not at all, so one entry serves many positions), equivalent cards
// searched once, the history heuristic, and bounds from the points still out and the top taroks.
// Optionally depth-limited: with the seed program's evaluation (section 4.2) at the horizon, or
// in its own values with the rules of thumb playing out the rest from the horizon.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/tarok/rules/play.h"
#include "engine/games/tarok/solver/solver_table.h"

namespace kibitzer::tarok {

// The solver's history rows a player: the leader's, then by place, group led and side winning.
constexpr int HistoryStride(int players) { return 1 + 2 * 5 * (players - 1); }

struct CardValue {
  int card = -1;
  int value = 0;
};

class Solver {
 public:
  // A table of 2^table_log2 entries (48 bytes each).
  explicit Solver(int table_log2 = 20);
  // Searches with `shared`, a table that solvers on other threads may use at the same time
  // (SolverTable::SetShared), for positions of one deal, contract and scored player. It is its
  // owner's to clear; Clear here forgets the history only.
  explicit Solver(SolverTable* shared);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Stops on `control` (polled every 1024 nodes); null: never stops. After a stop the results
  // are meaningless and stopped() is true until the next SetControl.
  void SetControl(core::SearchControl* control) {
    control_ = control;
    stopped_ = false;
  }
  bool stopped() const { return stopped_; }
  uint64_t nodes() const { return nodes_; }
  // Counts from zero again: a node limit on the control then applies to what follows alone.
  void ResetNodes() { nodes_ = 0; }
  // Forgets the table (its own) and history. The table holds for one deal's talon (the klop
  // gifts) and one contract: clear it for a new deal; a new contract or scored player clears it
  // anyway.
  void Clear();

  // The exact value of `s` (see above). `perspective` is the scored player in klop. `guess`, a
  // first guess of the value for the probes (say, a like position's), saves playing out the
  // rules of thumb for one.
  int Solve(const PlayState& s, int perspective = 0, std::optional<int> guess = std::nullopt);
  // What the last Solve proved of the value with the probes it finished: lower <= value <=
  // upper, equal when it finished; after a stop, what was known by then (the whole range when
  // not even its first probe finished).
  struct Bounds {
    int lower = 0;
    int upper = 0;
  };
  Bounds proven() const { return proven_; }
  // Whether playing `card` in `s` keeps the value `value` (as Solve gives it) for the side to
  // move: one null-window probe, since no card does better than the position's value. For lines
  // of play.
  bool Keeps(const PlayState& s, int card, int perspective, int value);
  // Every legal card's exact value (of those in `cards`), in card order.
  std::vector<CardValue> SolveAll(const PlayState& s, int perspective = 0, Mask cards = ~Mask{0});

  // Depth-limited alpha-beta to `plies` with the seed's evaluation for `me` at the horizon
  // (no table): the value is the evaluation, larger better for `me`, and exact outcomes at the
  // end of play are scaled to match. Returns each legal card's value.
  std::vector<CardValue> SeedSearch(const PlayState& s, int me, int plies);

  // Each legal card's value as Solve gives it (for `perspective`), estimated: alpha-beta to
  // `plies` plies (on to the end of that trick), the rest played out by the rules of thumb
  // (RolloutValue). For layouts too deep to solve in the time there is.
  std::vector<CardValue> HorizonSearch(const PlayState& s, int perspective, int plies);

  // The value for the scored player when play is over.
  int FinalValue(const PlayState& s) const;

 private:
  void Prepare(const PlayState& s, int perspective);
  bool Maximizer(int player) const;
  // `*rel` gets the cards whose rank the result rests on.
  int Search(const PlayState& s, int alpha, int beta, int depth, Mask* rel);
  // The card of a complete trick whose rank decided it (`winning` won it), if any.
  Mask TrickRelevance(const int8_t* trick, int n, int winning) const;
  int Mtd(const PlayState& s, int guess);
  int OrderMoves(const PlayState& s, int* cards, int tt_card) const;
  bool Poll();
  int HistoryRow(const PlayState& s) const;
  int HorizonAlphaBeta(const PlayState& s, int plies, int alpha, int beta);
  int SeedEval(const PlayState& s) const;
  int SeedAlphaBeta(const PlayState& s, int plies, int alpha, int beta);

  std::unique_ptr<SolverTable> own_table_;  // null with a shared table
  SolverTable* table_;
  // The history heuristic's counts, in rows by HistoryRow; the seed-style search keeps its own,
  // by player.
  std::array<std::array<int32_t, 64>, HistoryStride(kMaxPlayers) * kMaxPlayers> history_{};
  std::array<std::array<int32_t, 64>, kMaxPlayers> seed_history_{};
  int history_stride_ = HistoryStride(3);
  core::SearchControl* control_ = nullptr;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  Bounds proven_;
  int perspective_ = 0;
  int context_ = -1;
  int seed_me_ = 0;
  Contract contract_ = Contract::kKlop;
  int declarer_ = -1;
  int partner_ = -1;
};

// A solver value seen by `mover`: his side's card points (70 less the declarer's for an
// opponent); minus his own points in klop; 1 when his side wins a beggar or valat, else 0.
double ValueForMover(const PlayState& s, int mover, int value);

// The value (as Solver's, for `perspective`) that the rules of thumb reach playing `s` out: an
// instant, rough estimate, and the solver's first guess.
int RolloutValue(const PlayState& s, int perspective);

// A plain full-width minimax of the same value (no pruning, no table), for tests.
int PlainMinimax(const PlayState& s, int perspective);

}  // namespace kibitzer::tarok
