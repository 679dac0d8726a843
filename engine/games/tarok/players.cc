#include "engine/games/tarok/players.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/running_mean.h"
#include "engine/games/tarok/sampler.h"

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
  for (int p = 0; p < kPlayers; ++p) {
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
  if (view.talon_group() >= 0) r.Apply(Move::Talon(view.talon_group()));
  for (int c = 0; c < kNumCards; ++c) {
    if (view.discards() & Bit(c)) r.Apply(Move::Card(c));
  }
  r.Apply(m);
  PlayOut(r);
  return r.Scores()[me];
}

namespace {

int SeedDepth(const PlayerOptions& o, int cards_in_hand) {
  if (o.depth > 0) return o.depth;
  return cards_in_hand > 10 ? 9 : cards_in_hand > 7 ? 12 : 15;
}

Move ChooseCard(const Round& view, const PlayerOptions& o, uint64_t seed, Solver& solver,
                uint64_t* nodes) {
  const PlayState& play = view.play();
  const int me = play.ToMove();
  const Mask legal = play.Legal();
  if (std::popcount(legal) == 1) return Move::Card(Lowest(legal));
  absl::StatusOr<Sampler> sampler = Sampler::Make(view, {}, "view");
  std::vector<int> cards;
  for (Mask m = legal; m != 0; m &= m - 1) cards.push_back(Lowest(m));
  std::vector<double> sum(cards.size(), 0.0);
  const int tricks_left = kTricks - play.TricksDone();
  for (int i = 0; i < o.samples && sampler.ok(); ++i) {
    core::Rng rng = core::Rng::ForStream(seed, static_cast<uint64_t>(i));
    Layout layout;
    if (!sampler->Sample(rng, &layout)) break;
    const PlayState s = sampler->Complete(layout);
    const uint64_t before = solver.nodes();
    if (o.kind == PlayerKind::kMonteCarlo && tricks_left <= o.exact_tricks) {
      solver.Clear();
      for (const CardValue& cv : solver.SolveAll(s, me)) {
        const size_t k =
            static_cast<size_t>(std::find(cards.begin(), cards.end(), cv.card) - cards.begin());
        sum[k] += ValueForMover(s, me, cv.value);
      }
    } else {
      const int depth = SeedDepth(o, std::popcount(play.hand(me)));
      const std::vector<CardValue> deep = solver.SeedSearch(s, me, depth);
      const std::vector<CardValue> trick = solver.SeedSearch(s, me, 3 - s.CardsInTrick());
      for (size_t k = 0; k < deep.size(); ++k) {
        const size_t at = static_cast<size_t>(std::find(cards.begin(), cards.end(), deep[k].card) -
                                              cards.begin());
        sum[at] += deep[k].value + 0.7 * trick[k].value;
      }
    }
    *nodes += solver.nodes() - before;
  }
  const size_t best = static_cast<size_t>(std::max_element(sum.begin(), sum.end()) - sum.begin());
  return Move::Card(cards[best]);
}

Move ChooseBid(const Round& view, const PlayerOptions& o, uint64_t seed) {
  const std::vector<MoveEstimate> est = EstimateMoves(view, o.bid_samples, seed);
  const bool can_pass = std::any_of(
      est.begin(), est.end(), [](const MoveEstimate& e) { return e.move.code == Move::kPass; });
  const MoveEstimate* pick = nullptr;
  for (const MoveEstimate& e : est) {
    if (e.move.code == Move::kPass) continue;
    if (o.kind == PlayerKind::kSeed) {
      // The hardest contract still expected to win.
      if (e.mean > 0 && (pick == nullptr || e.move.contract() > pick->move.contract())) pick = &e;
    } else if (e.mean > 0 && (pick == nullptr || e.mean > pick->mean)) {
      pick = &e;
    }
  }
  if (pick != nullptr) return pick->move;
  if (can_pass) return Move{Move::kPass};
  // Forced to name a contract: the best mean.
  const auto best = std::max_element(
      est.begin(), est.end(),
      [](const MoveEstimate& a, const MoveEstimate& b) { return a.mean < b.mean; });
  return best->move;
}

}  // namespace

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

absl::StatusOr<PlayerOptions> ParsePlayer(const std::string& text, const std::string& field) {
  std::vector<std::string> parts = absl::StrSplit(text, ':');
  PlayerOptions o;
  auto number = [&](size_t i, int* out, int lo, int hi, const char* what) -> absl::Status {
    if (parts.size() <= i) return absl::OkStatus();
    if (!absl::SimpleAtoi(parts[i], out) || *out < lo || *out > hi) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", parts[i], "' is not ", what, " (", lo, " to ", hi, ")"));
    }
    return absl::OkStatus();
  };
  if (parts[0] == "random" && parts.size() == 1) {
    o.kind = PlayerKind::kRandom;
    return o;
  }
  if (parts[0] == "seed" && parts.size() <= 3) {
    o.kind = PlayerKind::kSeed;
    if (absl::Status s = number(1, &o.samples, 1, 1000, "a sample count"); !s.ok()) return s;
    if (absl::Status s = number(2, &o.depth, 0, 48, "a depth in plies"); !s.ok()) return s;
    return o;
  }
  if (parts[0] == "mc" && parts.size() <= 3) {
    o.kind = PlayerKind::kMonteCarlo;
    o.bid_samples = 48;
    if (absl::Status s = number(1, &o.samples, 1, 1000, "a sample count"); !s.ok()) return s;
    if (absl::Status s = number(2, &o.exact_tricks, 0, 16, "a number of tricks"); !s.ok()) {
      return s;
    }
    return o;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      field, ": '", text,
      "' is not a tarok player (random, seed[:SAMPLES[:DEPTH]], mc[:SAMPLES[:EXACT_TRICKS]])"));
}

std::string PlayerName(const PlayerOptions& o) {
  switch (o.kind) {
    case PlayerKind::kRandom:
      return "random";
    case PlayerKind::kSeed:
      return absl::StrCat("seed:", o.samples, ":", o.depth);
    case PlayerKind::kMonteCarlo:
      return absl::StrCat("mc:", o.samples, ":", o.exact_tricks);
  }
  return "?";
}

std::vector<MoveEstimate> EstimateMoves(const Round& view, int samples, uint64_t seed) {
  std::vector<MoveEstimate> out;
  const int me = view.ToMove();
  for (const Move& m : view.LegalMoves(Candidates(view, me))) out.push_back({m});
  absl::StatusOr<Sampler> sampler = Sampler::Make(view, {}, "view");
  if (!sampler.ok()) return out;
  std::vector<core::RunningMean> scores(out.size());
  for (int i = 0; i < samples; ++i) {
    core::Rng rng = core::Rng::ForStream(seed, static_cast<uint64_t>(i));
    Layout layout;
    if (!sampler->Sample(rng, &layout)) break;
    for (size_t k = 0; k < out.size(); ++k) {
      scores[k].Add(SimulateMove(view, out[k].move, layout));
    }
  }
  for (size_t k = 0; k < out.size(); ++k) {
    out[k].mean = scores[k].Mean();
    out[k].std_error = scores[k].StdError();
    out[k].samples = static_cast<int>(scores[k].n);
  }
  return out;
}

Move ChooseMove(const Round& view, const PlayerOptions& o, uint64_t seed, Solver& solver,
                uint64_t* nodes) {
  const int me = view.ToMove();
  if (o.kind == PlayerKind::kRandom) {
    const std::vector<Move> moves = view.LegalMoves(Candidates(view, me));
    core::Rng rng(seed);
    return moves[rng.Below(moves.size())];
  }
  switch (view.phase()) {
    case Phase::kBidding:
    case Phase::kNaming:
      return ChooseBid(view, o, seed);
    case Phase::kTalon: {
      const std::vector<MoveEstimate> est = EstimateMoves(view, o.bid_samples, seed);
      return std::max_element(
                 est.begin(), est.end(),
                 [](const MoveEstimate& a, const MoveEstimate& b) { return a.mean < b.mean; })
          ->move;
    }
    case Phase::kDiscard:
      return Move::Card(RuleDiscard(view.hand(me)));
    case Phase::kPlay:
      return ChooseCard(view, o, seed, solver, nodes);
    case Phase::kDone:
      break;
  }
  return Move{Move::kPass};
}

}  // namespace kibitzer::tarok
