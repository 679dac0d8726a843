#include "engine/games/tarok/tarok_game.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/games/tarok/rules/rules.h"
#include "engine/games/tarok/view/sampler.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::tarok {
const core::OptionSet<SearchOptions>& SearchOptionSet() {
  using O = SearchOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Enum(
              "algorithm", &O::algorithm, "auto",
              {{"auto", Algorithm::kAuto},
               {"exact", Algorithm::kExact},
               {"seed", Algorithm::kSeed}},
              "auto: with every card known, exact; from a seat's view, each sampled layout solved "
              "exactly when at most options[exact_tricks] tricks are left, else searched to "
              "limits.depth plies (default 6, on to the end of that trick) and played out from "
              "there by the rules of thumb, in the same card points (a depth asked for always "
              "searches so); exact: every layout solved to the last trick; seed: the seed "
              "program's alpha-beta to limits.depth plies (default 9) with its evaluation (5 x "
              "card point difference + sum of own taroks + 50 each for mond and škis held).")
          .Int("exact_tricks", &O::exact_tricks, 8, 0, kTricks,
               "algorithm auto from a seat's view: the most tricks left at which each layout is "
               "solved exactly.")
          .Include(&O::monte_carlo, search::MonteCarloOptionSet());
  return kSet;
}

core::GameInfo MakeTarokInfo() {
  core::GameInfo info;
  info.name = "tarok";
  info.display_name = "Slovenian tarok (three or four players)";
  info.description =
      "Slovenian tarok for three players, or four with king calling: 54 cards, 22 taroks, "
      "bidding, talon exchange and trick play for klop, three, two, one, (four players: solo "
      "three, solo two, solo one,) beggar, solo without, open beggar, colour valat and valat; "
      "with four players the declarer of three, two or one calls a king, whose holder is his "
      "secret partner. Analysis scores every legal card of the play: with every card known by an "
      "exact "
      "solver to the last trick, from one seat's view by Monte Carlo over layouts consistent "
      "with what the seat knows, each solved exactly (or by the seed program's depth-limited "
      "search).";
  info.variants = {
      {"openspiel",
       "OpenSpiel's rules for three and four players (with its trula/kings and pagat ultimo "
       "bugs fixed): the declarer leads in beggar, solo without and the valats, forehand "
       "otherwise; solo without is worth 80"},
      {"seed2002",
       "The seed program's rules (Luštrek 2002): the declarer always leads (forehand in "
       "klop); solo without is worth 50"},
  };
  info.position_options = PositionOptionSet().specs();
  info.search_options = SearchOptionSet().specs();
  info.position_notation =
      "Four fields separated by spaces: the hands of seats 1 (forehand), 2 and 3 as dealt, "
      "each 16 cards separated by ',' ('-' for a hand not known), then the talon's six cards "
      "in order separated by ',' ('?' for one not known, '-' for all); five fields for four "
      "players, 12 cards a hand. Cards: taroks I..XXI "
      "and SK (škis); suit cards rank then suit, ranks K Q N(knight) J, red 1-4, black 7-10, "
      "suits H D S C. The moves since the deal: bids (pass, klop, three, two, one, solo_three, "
      "solo_two, solo_one (four players), beggar, solo_without, open_beggar, colour_valat, "
      "valat; after the others pass the last bidder names the contract), with four players "
      "the king the declarer of three, two or one calls (KH, KD, KS, KC), talon:G (the group "
      "taken, from 0), the discards (cards; '?' for one this "
      "seat did not see), then the cards played. Options: contract=NAME and declarer=N start "
      "after the bidding; Position.seat gives that seat's knowledge only.";
  info.example_position =
      "XIX,XI,VIII,V,IV,II,XXI,NH,JH,4D,KS,JS,8S,NC,JC,10C "
      "SK,XX,XIV,XIII,XII,VII,III,1H,KD,QD,ND,3D,NS,7S,QC,8C "
      "XVIII,XVII,XVI,XV,X,IX,VI,I,4H,JD,1D,2D,10S,9S,KC,9C QH,2H,3H,QS,7C,KH";
  info.move_notation =
      "A card (XXI, SK, I, KH, NH, 1H, 10C), a bid or contract name, pass, talon:G, or '?' for "
      "a discard not shown.";
  info.seats = {"1", "2", "3", "4"};  // "4" with four players
  info.hidden_information = true;
  info.value_description =
      "For the player to move: in three, two, one, their solos and solo without his side's "
      "card points (0..70; the declarer's side, with the called king's holder, wins with 36); in "
      "klop minus his own card points; in the beggars "
      "and valats 1 when his side wins the contract, else 0. From a seat's view the mean over "
      "the sampled layouts with its standard error. With algorithm=seed the seed's evaluation.";
  return info;
}

TarokGame::TarokGame() : info_(MakeTarokInfo()) {}

absl::StatusOr<std::unique_ptr<TarokState>> TarokGame::SetupState(
    const core::PositionSpec& spec) const {
  return SetupTarok(spec);
}

absl::StatusOr<core::DealResult> TarokGame::DealState(const TarokState& state,
                                                      const core::DealSpec& spec) const {
  const TarokState* ts = &state;
  if (!ts->hidden()) return core::DealOfFullLayout(*ts, spec, "every card is known");
  if (!spec.constraints.empty()) {
    return absl::InvalidArgumentError(
        "constraints: tarok takes no constraint script; fix cards to hands with fixed "
        "(SEAT:CARDS)");
  }
  const Round& r = ts->round();
  absl::StatusOr<std::array<Mask, kMaxPlayers>> fixed =
      ParseFixedCards(spec.fixed, r.players(), "fixed");
  if (!fixed.ok()) return fixed.status();
  absl::StatusOr<Sampler> sampler = Sampler::Make(r, *fixed, "fixed");
  if (!sampler.ok()) return sampler.status();
  core::DealResult result;
  core::PositionSpec base = ts->Normalized();
  base.seat.clear();  // a layout is a full position, seen by all
  for (int i = 0; i < spec.count && !spec.Stopped(); ++i) {
    core::Rng rng = core::Rng::ForStream(spec.seed, static_cast<uint64_t>(i));
    Layout layout;
    if (!sampler->Sample(rng, &layout)) {
      return NoLayoutWithTheFixedCards();
    }
    DealCards full = r.deal();
    full.talon = layout.talon;
    Mask taken = 0;
    if (r.talon_group() >= 0) {
      const int k = TalonTake(r.contract());
      for (int j = r.talon_group() * k; j < (r.talon_group() + 1) * k; ++j) {
        taken |= Bit(full.talon[j]);
      }
    }
    for (int p = 0; p < r.players(); ++p) {
      if (full.known[p]) continue;
      Mask dealt = layout.hands[p] | r.played(p);
      if (p == r.declarer()) dealt = (dealt | r.discards() | layout.discards) & ~taken;
      full.hands[p] = dealt;
      full.known[p] = true;
    }
    core::PositionSpec out = base;
    out.notation = DealNotation(full);
    Mask hidden_discards = layout.discards;
    for (std::string& m : out.moves) {
      if (m == "?") {
        m = CardName(Lowest(hidden_discards));
        hidden_discards &= hidden_discards - 1;
      }
    }
    result.layouts.push_back(std::move(out));
  }
  return result;
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> TarokGame::PrepareState(
    const TarokState& state, const core::SearchSpec& spec) const {
  return PrepareTarokSearch(state, spec);
}

}  // namespace kibitzer::tarok
