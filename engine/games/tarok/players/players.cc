#include "engine/games/tarok/players/players.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>

#include "absl/strings/str_cat.h"
#include "engine/core/player_spec.h"
#include "engine/core/running_mean.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tarok/view/monte_carlo.h"
#include "engine/games/tarok/view/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::tarok {
namespace {

// The talon group the rules of thumb take: the most points, taroks counting extra.
int RuleTalonGroup(const Round& r) {
  const int k = TalonTake(r.contract());
  int best = 0;
  int best_score = -1;
  for (int g = 0; g < 6 / k; ++g) {
    int score = 0;
    for (int i = g * k; i < (g + 1) * k; ++i) {
      const int c = r.deal().talon[i];
      score += CardPoints(c) + (c < kSuitBase ? 3 : 0);
    }
    if (score > best_score) {
      best_score = score;
      best = g;
    }
  }
  return best;
}

// Plays `r` to the end with the rules of thumb for every decision after the bidding.
void PlayOut(Round& r) {
  while (r.phase() != Phase::kDone) {
    switch (r.phase()) {
      case Phase::kKing:
        r.Apply(Move::Card(RuleKing(r.hand(r.declarer()))));
        break;
      case Phase::kTalon:
        r.Apply(Move::Talon(RuleTalonGroup(r)));
        break;
      case Phase::kDiscard:
        r.Apply(Move::Card(RuleDiscard(r.hand(r.declarer()))));
        break;
      case Phase::kPlay:
        r.Apply(Move::Card(RolloutCard(r.play())));
        break;
      default:
        return;
    }
  }
}

// The full deal of `view` with its hidden cards from `layout` (bidding or talon phase: nothing
// played yet).
DealCards FullDeal(const Round& view, const Layout& layout) {
  DealCards d = view.deal();
  for (int p = 0; p < d.players; ++p) {
    if (!d.known[p]) {
      d.hands[p] = layout.hands[p];
      d.known[p] = true;
    }
  }
  d.talon = layout.talon;
  return d;
}

// The seat's score in a game simulated from `view` after `m`, with the hidden cards of
// `layout`.
}  // namespace

int SimulateMove(const Round& view, Move m, const Layout& layout) {
  const int me = view.ToMove();
  const DealCards deal = FullDeal(view, layout);
  if (view.phase() == Phase::kBidding || view.phase() == Phase::kNaming) {
    if (m.code == Move::kPass) return 0;
    const Contract c = m.contract();
    Round r(view.rules(), deal, c, c == Contract::kKlop ? -1 : me);
    PlayOut(r);
    return r.Scores()[me];
  }
  Round r(view.rules(), deal, view.contract(), view.declarer());
  if (view.called_king() >= 0) r.Apply(Move::Card(view.called_king()));
  if (view.talon_group() >= 0) r.Apply(Move::Talon(view.talon_group()));
  for (int c = 0; c < kNumCards; ++c) {
    if (view.discards() & Bit(c)) r.Apply(Move::Card(c));
  }
  r.Apply(m);
  PlayOut(r);
  return r.Scores()[me];
}

namespace {

constexpr uint64_t kRaceBatch = 2;  // layouts between the race's decisions (race players)

int SeedDepth(const PlayerOptions& o, int cards_in_hand) {
  if (o.depth > 0) return o.depth;
  return cards_in_hand > 10 ? 9 : cards_in_hand > 7 ? 12 : 15;
}

// The card play of the seed and mc players as a search::MonteCarloGame: each layout valued by
// exact solving (mc, with at most exact_tricks left) or by the seed's search (to `depth` plus 0.7
// times to the end of the trick), on the player's own solver.
class PlayerCards {
 public:
  struct Worker {
    Solver* solver;
  };
  PlayerCards(const Round& view, Sampler sampler, std::vector<int> cards, bool exact, int depth,
              uint64_t seed, Solver& solver)
      : sampler_(std::move(sampler)),
        cards_(std::move(cards)),
        me_(view.play().ToMove()),
        exact_(exact),
        depth_(depth),
        seed_(seed),
        solver_(&solver) {}

  int MoveCount() const { return static_cast<int>(cards_.size()); }
  int Channels() const { return 1; }
  int TieChannel() const { return -1; }
  std::unique_ptr<Worker> MakeWorker() const { return std::make_unique<Worker>(Worker{solver_}); }
  std::optional<uint64_t> Solve(Worker& w, uint64_t sample, const uint8_t* alive,
                                core::SearchControl& control, double* values) const {
    core::Rng rng = core::Rng::ForStream(seed_, sample);
    Layout layout;
    if (!sampler_.Sample(rng, &layout)) {
      throw std::runtime_error(std::string(NoLayoutWithTheFixedCards().message()));
    }
    const PlayState s = sampler_.Complete(layout);
    Solver& solver = *w.solver;
    const uint64_t before = solver.nodes();
    solver.SetControl(&control);
    if (exact_) {
      Mask in_race = 0;
      for (size_t i = 0; i < cards_.size(); ++i) {
        if (alive[i]) in_race |= Bit(cards_[i]);
      }
      solver.Clear();
      for (const CardValue& cv : solver.SolveAll(s, me_, in_race)) {
        values[Index(cv.card)] = ValueForMover(s, me_, cv.value);
      }
    } else {
      const std::vector<CardValue> deep = solver.SeedSearch(s, me_, depth_);
      const std::vector<CardValue> trick =
          solver.SeedSearch(s, me_, s.players() - s.CardsInTrick());
      for (size_t k = 0; k < deep.size(); ++k) {
        values[Index(deep[k].card)] = deep[k].value + 0.7 * trick[k].value;
      }
    }
    const bool stopped = solver.stopped();
    solver.SetControl(nullptr);
    if (stopped) return std::nullopt;
    return solver.nodes() - before;
  }
  void Describe(const search::MonteCarloMove& move, core::MoveValue& mv) const {
    mv.move = CardName(cards_[static_cast<size_t>(move.index)]);
  }
  void AddStatistics(core::Report&) const {}
  void EarlyAnswer(core::Report&, const core::SearchControl&) const {}

 private:
  size_t Index(int card) const {
    return static_cast<size_t>(std::find(cards_.begin(), cards_.end(), card) - cards_.begin());
  }

  Sampler sampler_;
  std::vector<int> cards_;
  int me_;
  bool exact_;
  int depth_;
  uint64_t seed_;
  Solver* solver_;
};

// The Monte Carlo search over `game`'s layouts (exact values race when `o.race`), within
// `limits`.
core::Report RunCards(const PlayerCards& game, const PlayerOptions& o, bool exact,
                      const core::Limits& limits, int* best) {
  search::MonteCarloConfig config;
  config.samples = static_cast<uint64_t>(o.samples);
  config.batch = kRaceBatch;
  config.min_samples = kRaceBatch;
  // Racing (exact values, in card points): cards within a point of the best are as good.
  config.race = o.race && exact ? 0.95 : 0;
  config.margin = 1;
  search::MonteCarloSearch<PlayerCards> search(game, config);
  core::Report report = search.RunQuietly(limits);
  *best = std::max(0, search.BestIndex());
  return report;
}

Move ChooseCard(const Round& view, const PlayerOptions& o, uint64_t seed, Solver& solver,
                uint64_t* nodes, std::optional<double>* value) {
  const PlayState& play = view.play();
  const Mask legal = play.Legal();
  if (std::popcount(legal) == 1) return Move::Card(Lowest(legal));
  std::vector<int> cards;
  for (Mask m = legal; m != 0; m &= m - 1) cards.push_back(Lowest(m));
  absl::StatusOr<Sampler> sampler = Sampler::Make(view, {}, "view");
  if (!sampler.ok()) return Move::Card(cards.front());
  const int left = play.Tricks() - play.TricksDone();
  const bool mc = o.kind == PlayerKind::kMonteCarlo;
  const int depth = SeedDepth(o, std::popcount(play.hand(play.ToMove())));
  int best = 0;
  if (mc && left <= std::max(o.exact_tricks, o.budget_tricks)) {
    // Exact solving: always near the end; before, only while the move's layouts fit in the
    // budget (a node limit, so the same seed gives the same move on any machine).
    core::Limits limits;
    const bool budgeted = left > o.exact_tricks;
    if (budgeted) limits.nodes = static_cast<uint64_t>(o.budget_nodes);
    const PlayerCards game(view, *sampler, cards, true, depth, seed, solver);
    const core::Report report = RunCards(game, o, true, limits, &best);
    *nodes += report.nodes;
    const bool whole = report.samples >= static_cast<uint64_t>(o.samples) ||
                       (report.stop_reason != core::StopReason::kNodeLimit &&
                        report.stop_reason != core::StopReason::kError);
    if (!budgeted || whole) {
      // Exact values are card points.
      if (!report.moves.empty()) *value = report.moves.front().value;
      return Move::Card(cards[static_cast<size_t>(best)]);
    }
  }
  // The seed's search; its values are its own evaluation, not given.
  const PlayerCards game(view, *std::move(sampler), cards, false, depth, seed, solver);
  *nodes += RunCards(game, o, false, {}, &best).nodes;
  return Move::Card(cards[static_cast<size_t>(best)]);
}

Move ChooseBid(const Round& view, const PlayerOptions& o, uint64_t seed,
               std::optional<double>* value) {
  const std::vector<MoveEstimate> est = EstimateMoves(view, o.bid_samples, seed);
  const bool can_pass = std::any_of(
      est.begin(), est.end(), [](const MoveEstimate& e) { return e.move.code == Move::kPass; });
  const MoveEstimate* pick = nullptr;
  for (const MoveEstimate& e : est) {
    if (e.move.code == Move::kPass) continue;
    if (o.kind == PlayerKind::kSeed) {
      // The hardest contract still expected to win.
      if (e.mean > 0 && (pick == nullptr || e.move.contract() > pick->move.contract())) pick = &e;
    } else if (e.mean > o.bid_margin && (pick == nullptr || e.mean > pick->mean)) {
      pick = &e;
    }
  }
  if (pick == nullptr && can_pass) {
    pick = &*std::find_if(est.begin(), est.end(),
                          [](const MoveEstimate& e) { return e.move.code == Move::kPass; });
  }
  if (pick == nullptr) {  // forced to name a contract: the best mean
    pick = &*std::max_element(
        est.begin(), est.end(),
        [](const MoveEstimate& a, const MoveEstimate& b) { return a.mean < b.mean; });
  }
  *value = pick->mean;
  return pick->move;
}

}  // namespace

int RuleKing(Mask hand) {
  // A king he lacks, of the suit he holds most of (a partner to lead to); else his own lowest.
  int best = -1;
  int best_count = -1;
  for (Mask m = kKings & ~hand; m != 0; m &= m - 1) {
    const int k = Lowest(m);
    const int count = std::popcount(hand & SuitMask(GroupOf(k)));
    if (count > best_count) {
      best_count = count;
      best = k;
    }
  }
  return best >= 0 ? best : Lowest(kKings);
}

int RuleDiscard(Mask hand) {
  Mask allowed = hand & ~kKings & ~kTrula & ~kTaroks;
  if (allowed == 0) return Lowest(hand & ~kKings & ~kTrula);
  int best = -1;
  int best_key = 1 << 30;
  for (Mask m = allowed; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    const int key = std::popcount(hand & SuitMask(GroupOf(c))) * 16 - CardPoints(c);
    if (key < best_key) {
      best_key = key;
      best = c;
    }
  }
  return best;
}

const core::OptionSet<PlayerOptions>& PlayerOptionSet() {
  using O = PlayerOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Int("samples", &O::samples, 8, 1, 1000, "Layouts sampled for each card decision.")
          .Int("depth", &O::depth, 0, 0, 48,
               "seed: plies of its alpha-beta (0: the seed's 9, 12 from 10 cards in hand, 15 "
               "from 7).")
          .Int("exact_tricks", &O::exact_tricks, 7, 0, 16,
               "mc: each layout solved exactly from this many tricks left (as the search option "
               "exact_tricks).")
          .Int("budget_tricks", &O::budget_tricks, 11, 0, 16,
               "mc: from more tricks left than exact_tricks up to this many, each move is solved "
               "exactly when its layouts fit in budget_nodes, else by the seed's search.")
          .Int("budget_nodes", &O::budget_nodes, 2000000, 0, int64_t{1} << 40,
               "mc: the search nodes a move's exact solving may take before budget_tricks.")
          .Int("bid_samples", &O::bid_samples, 24, 1, 1000,
               "Simulated games for each contract in the bidding and each talon group.")
          .Bool("sim_discards", &O::sim_discards, false,
                "mc: each discard valued by bid_samples simulated games, as the talon groups; "
                "else the seed's rule (the default: over 2,001 games the simulated discards "
                "showed no gain).")
          .Int("bid_margin", &O::bid_margin, 0, -100, 100,
               "mc: a contract is bid only when its simulated mean score passes this many points "
               "(below zero: contracts expected to lose less than that too); else the player "
               "passes where it may. (Over 2,001 games a margin of 6 lost 0.33 a game against "
               "the seed players: the contracts it dropped had paid.)")
          .Bool("race", &O::race, false,
                "mc: cards shown behind are dropped as the layouts come (as the search option "
                "race).");
  return kSet;
}

namespace {

// The player types, in PlayerKind's order; mc and race preset more simulated games to bid on.
const std::vector<core::PlayerForm>& PlayerForms() {
  static const std::vector<core::PlayerForm> kForms = {
      {"random", {}, {}},
      {"seed", {"samples", "depth"}, {}},
      {"mc", {"samples", "exact_tricks"}, {{"bid_samples", "200"}}},
      {"race", {"samples", "exact_tricks"}, {{"bid_samples", "200"}, {"race", "true"}}},
  };
  return kForms;
}

}  // namespace

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  constexpr PlayerKind kKinds[] = {PlayerKind::kRandom, PlayerKind::kSeed, PlayerKind::kMonteCarlo,
                                   PlayerKind::kMonteCarlo};
  return core::ParsePlayer(text, PlayerForms(), kKinds, &PlayerOptions::kind, PlayerOptionSet(),
                           field);
}

std::string PlayerHelp() { return core::PlayerFormsHelp(PlayerForms()); }

std::string PlayerName(const PlayerOptions& o) {
  switch (o.kind) {
    case PlayerKind::kRandom:
      return "random";
    case PlayerKind::kSeed:
      return absl::StrCat("seed:", o.samples, ":", o.depth);
    case PlayerKind::kMonteCarlo: {
      // The budget's settings where they are not the defaults.
      const PlayerOptions d;
      std::string budget;
      if (o.budget_tricks != d.budget_tricks)
        absl::StrAppend(&budget, ":budget_tricks=", o.budget_tricks);
      if (o.budget_nodes != d.budget_nodes)
        absl::StrAppend(&budget, ":budget_nodes=", o.budget_nodes);
      if (o.sim_discards) absl::StrAppend(&budget, ":sim_discards=true");
      if (o.bid_margin != d.bid_margin) absl::StrAppend(&budget, ":bid_margin=", o.bid_margin);
      return absl::StrCat(o.race ? "race:" : "mc:", o.samples, ":", o.exact_tricks, budget);
    }
  }
  return "?";
}

std::vector<MoveEstimate> EstimateMoves(const Round& view, int samples, uint64_t seed) {
  std::vector<MoveEstimate> out;
  std::vector<Move> moves = view.LegalMoves(Candidates(view, view.ToMove()));
  for (const Move& m : moves) out.push_back({m});
  absl::StatusOr<Sampler> sampler = Sampler::Make(view, {}, "view");
  if (!sampler.ok()) return out;
  const AuctionLayouts game(view, *std::move(sampler), std::move(moves), seed);
  search::MonteCarloConfig config;
  config.samples = static_cast<uint64_t>(samples);
  search::MonteCarloSearch<AuctionLayouts> search(game, config);
  search.RunQuietly();
  for (size_t k = 0; k < out.size(); ++k) {
    const core::RunningMean& s = search.Stats(static_cast<int>(k), 0);
    out[k].mean = s.Mean();
    out[k].std_error = s.StdError();
    out[k].samples = static_cast<int>(s.n);
  }
  return out;
}

Move ChooseMove(const Round& view, const PlayerOptions& o, uint64_t seed, Solver& solver,
                uint64_t* nodes, std::optional<double>* value) {
  std::optional<double> ignored;
  if (value == nullptr) value = &ignored;
  const int me = view.ToMove();
  if (o.kind == PlayerKind::kRandom) {
    const std::vector<Move> moves = view.LegalMoves(Candidates(view, me));
    core::Rng rng(seed);
    return moves[rng.Below(moves.size())];
  }
  switch (view.phase()) {
    case Phase::kBidding:
    case Phase::kNaming:
      return ChooseBid(view, o, seed, value);
    case Phase::kDiscard:
      if (!o.sim_discards) return Move::Card(RuleDiscard(view.hand(me)));
      [[fallthrough]];
    case Phase::kKing:
    case Phase::kTalon: {
      const std::vector<MoveEstimate> est = EstimateMoves(view, o.bid_samples, seed);
      const MoveEstimate& best = *std::max_element(
          est.begin(), est.end(),
          [](const MoveEstimate& a, const MoveEstimate& b) { return a.mean < b.mean; });
      *value = best.mean;
      return best.move;
    }
    case Phase::kPlay:
      return ChooseCard(view, o, seed, solver, nodes, value);
    case Phase::kDone:
      break;
  }
  return Move{Move::kPass};
}

}  // namespace kibitzer::tarok
