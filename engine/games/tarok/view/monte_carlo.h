// Tarok's part in search::MonteCarloSearch: card play from a seat's view (each sampled layout
// solved exactly, searched to a horizon, or by the seed's depth-limited search), and the bidding
// and talon (each candidate valued by games played out by the rules of thumb).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/progress.h"
#include "engine/core/search_control.h"
#include "engine/games/tarok/rules/round.h"
#include "engine/games/tarok/solver/solver.h"
#include "engine/games/tarok/view/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::tarok {

// How the cards of one layout are valued.
struct CardSearch {
  bool seed_player = false;  // the seed's depth-limited search instead of exact solving
  bool horizon = false;      // Solver::HorizonSearch to `depth` instead of exact solving
  int depth = 9;
  int table_log2 = 20;
};

// Each card's value for the mover on one layout, into values[i * stride] for the cards i with
// alive[i] (every card when `alive` is null). `on_card(i)` (may be null) is called after each
// exact solve. False when stopped; then `*stopped_at` (optional) gets the card whose solve was cut.
bool ScoreCards(const PlayState& s, Solver& solver, core::SearchControl& control,
                const CardSearch& how, const std::vector<int>& cards, const uint8_t* alive,
                double* values, size_t stride, size_t* stopped_at = nullptr,
                const std::function<void(size_t)>& on_card = nullptr);

// The cards of a play position over sampled layouts. Stopped before the first layout is solved,
// the rules of thumb played out on the same layouts (microseconds each) still value every card.
class PlayLayouts {
 public:
  struct Worker {
    explicit Worker(int table_log2) : solver(table_log2) {}
    Solver solver;
  };
  PlayLayouts(const Round& round, Sampler sampler, CardSearch how, std::vector<int> cards,
              uint64_t seed, uint64_t samples)
      : round_(round),
        sampler_(std::move(sampler)),
        how_(how),
        cards_(std::move(cards)),
        seed_(seed),
        samples_(samples) {}

  int MoveCount() const { return static_cast<int>(cards_.size()); }
  int Channels() const { return 1; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const { return std::make_unique<Worker>(how_.table_log2); }
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const;
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;

 private:
  int Depth() const { return how_.seed_player || how_.horizon ? how_.depth : 48; }

  Round round_;
  Sampler sampler_;
  CardSearch how_;
  std::vector<int> cards_;
  uint64_t seed_;
  uint64_t samples_;
};

// Bids, talon groups and discards, each valued by the seat's score in a game played out by the
// rules of thumb on the same sampled layouts.
class AuctionLayouts {
 public:
  struct Worker {};
  AuctionLayouts(const Round& round, Sampler sampler, std::vector<Move> moves, uint64_t seed)
      : round_(round), sampler_(std::move(sampler)), moves_(std::move(moves)), seed_(seed) {}

  int MoveCount() const { return static_cast<int>(moves_.size()); }
  int Channels() const { return 1; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const { return std::make_unique<Worker>(); }
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const;
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const;
  void AddStatistics(core::Report& report) const;
  // Every move played out on layout 0 alone.
  void EarlyAnswer(core::Report& report, const core::SearchControl& control) const;

 private:
  Round round_;
  Sampler sampler_;
  std::vector<Move> moves_;
  uint64_t seed_;
};

}  // namespace kibitzer::tarok
