// Tarok players for the match harness and for BestMove in the bidding and the talon exchange.
//
// Every player decides from one seat's view (view.h): it never sees a hidden card.
// - random: a uniformly random legal move.
// - seed: the seed program (Luštrek 2002). Bidding: for contracts from the easiest up, simulate
//   games on sampled hidden cards and bid the hardest whose mean score is positive; the talon
//   group by simulation; discards by rule (void a short suit, count points); card play by Monte
//   Carlo over sampled layouts, each searched by the seed's alpha-beta (9 plies, 12 from 10 cards
//   in hand, 15 from 7) plus a one-trick search weighted 0.7.
// - mc: this engine. Bidding and the talon (and with sim_discards the discards) by the same
//   simulations with more samples (200), choosing the contract of the best mean score; card play by
//   Monte Carlo over sampled layouts, each solved exactly when `exact_tricks` or fewer tricks are
//   left; from up to `budget_tricks` left, solved exactly when the move's layouts fit in
//   `budget_nodes` search nodes in all, else (and earlier) by the seed's search.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "engine/core/options.h"
#include "engine/core/rng.h"
#include "engine/games/tarok/rules/round.h"
#include "engine/games/tarok/solver/rollout.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/view/sampler.h"

namespace kibitzer::tarok {

enum class PlayerKind { kRandom, kSeed, kMonteCarlo };

struct PlayerOptions {
  PlayerKind kind = PlayerKind::kMonteCarlo;
  int samples = 8;       // layouts per card decision
  int depth = 0;         // plies of the seed search (0: the seed's 9/12/15 schedule)
  int exact_tricks = 7;  // mc: exact solving from this many tricks left
  // mc: exact solving tried from this many tricks left, kept when it fits in budget_nodes
  int budget_tricks = 11;
  int64_t budget_nodes = 2000000;
  int bid_samples = 24;  // simulated games per contract or talon group
  // mc: each discard valued by bid_samples simulated games, as the talon groups (else by rule)
  bool sim_discards = false;
  // mc: a contract is bid only when its simulated mean score is above this (points; may be
  // negative)
  int bid_margin = 0;
  uint64_t seed = 0;
  bool race = false;  // mc: cards shown behind are dropped as the layouts come (exact solving)
};

// The players' settings, declared once (names as the search options' where they mean the same).
const core::OptionSet<PlayerOptions>& PlayerOptionSet();
// "random", "seed[:samples[:depth]]", "mc[:samples[:exact_tricks]]", "race[:...]" (mc racing:
// search::MonteCarloSearch drops the cards shown behind while solving exactly), or any setting
// by name ("mc:samples=20:bid_samples=64", core/player_spec.h); errors name `field`.
absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field);
// The forms, as a help line lists them.
std::string PlayerHelp();
std::string PlayerName(const PlayerOptions& o);

// The move `o` makes in `view` (a seat's view with that seat to move). Adds the search nodes to
// `nodes`. `value` (optional) gets the player's estimate of its move where it makes one: a card
// solved exactly (the Monte Carlo player's last tricks), the card points of the mover's side (klop:
// minus his own); a bid or talon group, the seat's score (mean of the simulated games).
Move ChooseMove(const Round& view, const PlayerOptions& o, uint64_t seed, Solver& solver,
                uint64_t* nodes, std::optional<double>* value = nullptr);

// The value of each candidate of the bidding (bids) or of the talon (groups) by simulation, for
// BestMove in those phases: mean score of the seat over `samples` simulated games.
struct MoveEstimate {
  Move move;
  double mean = 0;
  double std_error = 0;
  int samples = 0;
};
std::vector<MoveEstimate> EstimateMoves(const Round& view, int samples, uint64_t seed);
// The seat's score in one game simulated from `view` (bidding, king, talon or discard phase) after
// `m`, with the hidden cards from `layout` and the rules of thumb for every later decision.
int SimulateMove(const Round& view, Move m, const Layout& layout);

// The rule-based discard: never kings or trula; void the shortest suit, high points first.
int RuleDiscard(Mask hand);
// The rule-based king call (four players): a king not held, of the suit held most.
int RuleKing(Mask hand);

}  // namespace kibitzer::tarok
