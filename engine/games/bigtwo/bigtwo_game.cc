#include "engine/games/bigtwo/bigtwo_game.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/games/bigtwo/rules/rules_options.h"
#include "engine/games/bigtwo/view/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bigtwo {
const core::OptionSet<SearchOptions>& SearchOptionSet() {
  using O = SearchOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum("algorithm", &O::algorithm, "auto",
                {{"auto", AlgorithmChoice::kAuto},
                 {"maxn", AlgorithmChoice::kMaxn},
                 {"paranoid", AlgorithmChoice::kParanoid}},
                "Search of each layout: max^n (every seat for itself) or paranoid (the others "
                "against the seat to move); auto: maxn with every hand known, paranoid from a "
                "seat's view.")
          .Enum("leaf", &O::leaf, "auto",
                {{"auto", LeafChoice::kAuto},
                 {"rollout", LeafChoice::kRollout},
                 {"eval", LeafChoice::kEval}},
                "At the depth limit: play the game out with the baseline policy (rollout), or the "
                "heuristic of plays needed to go out, cards left and sure winners (eval). auto: "
                "rollout.")
          .Include(&O::monte_carlo, search::MonteCarloOptionSet());
  return kSet;
}

core::GameInfo MakeBigTwoInfo() {
  core::GameInfo info;
  info.name = "bigtwo";
  info.display_name = "Big Two (大老二)";
  info.description =
      "Shedding game for 2 to 4 players: the first out of cards wins what the others hold. "
      "Analysis scores every legal play: with every hand known by depth-limited max^n (or "
      "paranoid) search, from one seat's view by Monte Carlo over sampled hidden hands, each "
      "searched; the horizon is a rollout with the baseline policy or the thesis-style heuristic.";
  info.variants = {
      {"taiwan",
       "The seed thesis's rules: suits C<D<H<S, 3C leads; singles, pairs, straights (A-2-3-4-5 "
       "lowest, 2-3-4-5-6 highest), full houses, four of a kind, straight flushes; four of a "
       "kind and straight flush beat anything; a hand of 13 ranks (dragon) wins at once"},
      {"pagat",
       "International rules: suits D<C<H<S, 3D leads; singles, pairs, triples, five-card hands "
       "(straight < flush < full house < four of a kind < straight flush) beat only five-card "
       "hands"},
  };
  info.position_options = PositionOptionSet().specs();
  info.search_options = SearchOptionSet().specs();
  info.position_notation =
      "The hands as dealt, seat 1 first, separated by spaces; each hand its 13 cards "
      "concatenated, rank then suit (3C 4D TS 2H; suits C D H S), '-' for a hand not known. "
      "The plays since the deal are the moves. Position options set the rules (players, "
      "pass_is_final, multipliers, straights). With Position.seat only that seat's hand is known.";
  info.example_position =
      "3C5C5H5S6H7C7D7STSQHQSKC2H 6C8D8H9CTCTDTHJDKSACAD2D2S 3D3H4D4S6S7H9H9SJSQCKHAH2C "
      "3S4C4H5D6D8C8S9DJCJHQDKDAS";
  info.move_notation =
      "A play is its cards concatenated, rank then suit (\"3C\", \"4D4S\", \"3C4D5H6S7C\"; 10 may "
      "be written T or 10), or \"pass\".";
  info.seats = {"1", "2", "3", "4"};
  info.hidden_information = true;
  info.value_description =
      "For the seat to move, in points, a win counting 1000 more from each other seat: a win "
      "is 1000 per other seat plus the points won, a loss -1000 less the points lost; at a "
      "heuristic horizon an estimate of a few tens at most. Seat views: the mean over the sampled "
      "layouts, with its standard error and the share of layouts won (metric 'win').";
  return info;
}

BigTwoGame::BigTwoGame() : info_(MakeBigTwoInfo()) {}

absl::StatusOr<std::unique_ptr<BigTwoState>> BigTwoGame::SetupState(
    const core::PositionSpec& spec) const {
  return SetupBigTwo(spec);
}

absl::StatusOr<core::DealResult> BigTwoGame::DealState(const BigTwoState& state,
                                                       const core::DealSpec& spec) const {
  const BigTwoState* bs = &state;
  if (!bs->hidden()) return core::DealOfFullLayout(*bs, spec, "every hand is known");
  if (!spec.constraints.empty()) {
    return absl::InvalidArgumentError(
        "constraints: Big Two takes no constraint script; fix cards to hands with fixed "
        "(SEAT:CARDS)");
  }
  const State& s = bs->state();
  const Variant v = s.rules().variant;
  absl::StatusOr<Hands> fixed = ParseFixedCards(s, spec.fixed, "fixed");
  if (!fixed.ok()) return fixed.status();
  absl::StatusOr<Sampler> sampler = Sampler::Make(s, *fixed, "fixed");
  if (!sampler.ok()) return sampler.status();
  core::DealResult result;
  core::PositionSpec base = bs->Normalized();
  base.seat.clear();  // a layout is a full position, seen by all
  for (int i = 0; i < spec.count && !spec.Stopped(); ++i) {
    core::Rng rng = core::Rng::ForStream(spec.seed, static_cast<uint64_t>(i));
    Hands hidden;
    if (!sampler->Sample(rng, &hidden)) {
      return NoLayoutWithTheFixedCards();
    }
    core::PositionSpec layout = base;
    std::vector<std::string> hands;
    for (int p = 0; p < s.NumPlayers(); ++p) {
      const Mask dealt = s.Known(p) ? s.hand(p) | s.played(p) : hidden[p] | s.played(p);
      hands.push_back(FormatCards(dealt, v));
    }
    layout.notation = absl::StrJoin(hands, " ");
    layout.options.erase("leader");
    result.layouts.push_back(std::move(layout));
  }
  return result;
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> BigTwoGame::PrepareState(
    const BigTwoState& state, const core::SearchSpec& spec) const {
  return PrepareBigTwoSearch(state, spec);
}

}  // namespace kibitzer::bigtwo
