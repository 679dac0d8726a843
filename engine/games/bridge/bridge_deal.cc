// Hypothetical deals of a seat's view: hidden cards fixed ("what if West holds the king") and
// constrained by a dealer script, sampled uniformly from a seed.
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/fixed_cards.h"
#include "engine/games/bridge/bridge_game.h"

namespace kibitzer::bridge {
namespace {

std::string Seat(int seat) { return std::string(1, SeatChar(seat)); }

std::string SuitName(int suit) {
  static constexpr const char* kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  return kNames[suit];
}

// Puts `card` in `seat`'s hand, if that fits what the view knows.
absl::Status Fix(const SeatView& view, DealProblem& problem, int seat, int card,
                 absl::string_view field) {
  const std::string what = absl::StrCat(field, ": ", CardName(card), " to ", Seat(seat), ": ");
  if (view.known >> seat & 1) {
    if (view.start[seat].Contains(card)) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat(what, Seat(seat), "'s hand is known and does not hold it"));
  }
  if (problem.fixed[seat].Contains(card)) return absl::OkStatus();
  for (int other = 0; other < 4; ++other) {
    if (!problem.fixed[other].Contains(card)) continue;
    const bool played = view.played[other].Contains(card);
    return absl::InvalidArgumentError(
        absl::StrCat(what, Seat(other), played ? " has played it" : " holds it"));
  }
  if (view.shown_out[seat] >> SuitOf(card) & 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, Seat(seat), " has shown out of ", SuitName(SuitOf(card))));
  }
  if (problem.fixed[seat].size() >= problem.size[seat]) {
    return absl::InvalidArgumentError(absl::StrCat(what, Seat(seat), "'s hand is full"));
  }
  problem.fixed[seat].Add(card);
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ViewProblem> MakeViewProblem(const SeatView& view,
                                            const std::vector<std::string>& fixed,
                                            absl::string_view fixed_field,
                                            const std::string& constraints,
                                            absl::string_view script_field) {
  ViewProblem out;
  DealProblem& problem = out.problem;
  problem = ProblemOf(view);
  absl::StatusOr<std::vector<core::FixedCards>> entries =
      core::ParseFixedCards(fixed, {"N", "E", "S", "W"}, fixed_field, "W:SK or E:HA,HQ");
  if (!entries.ok()) return entries.status();
  for (const core::FixedCards& e : *entries) {
    const std::string& field = e.field;
    const int seat = e.seat;
    std::vector<std::string> cards =
        absl::StrSplit(e.cards, absl::ByAnyChar(", "), absl::SkipEmpty());
    if (cards.empty()) return absl::InvalidArgumentError(absl::StrCat(field, ": no cards"));
    for (const std::string& text : cards) {
      const std::optional<int> card = ParseCard(text);
      if (!card) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": '", text, "' is not a card (e.g. SK, H10)"));
      }
      if (absl::Status s = Fix(view, problem, seat, *card, field); !s.ok()) return s;
    }
  }
  if (!constraints.empty()) {
    absl::StatusOr<dealer::Script> script = dealer::ParseScript(constraints, script_field);
    if (!script.ok()) return script.status();
    out.script = std::make_unique<dealer::Script>(*std::move(script));
    const std::string field = absl::StrCat(script_field, ": predeal");
    for (int seat = 0; seat < 4; ++seat) {
      for (int card : out.script->predeal[seat]) {
        if (absl::Status s = Fix(view, problem, seat, card, field); !s.ok()) return s;
      }
    }
    problem.script = out.script.get();
  }
  out.field = std::string(constraints.empty() ? fixed_field : script_field);
  return out;
}

absl::StatusOr<ViewSampler> MakeViewSampler(ViewProblem problem) {
  absl::StatusOr<LayoutSampler> sampler = LayoutSampler::Create(problem.problem, problem.field);
  if (!sampler.ok()) return sampler.status();
  ViewSampler out;
  out.script = std::move(problem.script);
  out.sampler.emplace(*std::move(sampler));
  return out;
}

absl::StatusOr<ViewSampler> MakeViewSampler(const SeatView& view,
                                            const std::vector<std::string>& fixed,
                                            absl::string_view fixed_field,
                                            const std::string& constraints,
                                            absl::string_view script_field) {
  absl::StatusOr<ViewProblem> problem =
      MakeViewProblem(view, fixed, fixed_field, constraints, script_field);
  if (!problem.ok()) return problem.status();
  return MakeViewSampler(*std::move(problem));
}

absl::StatusOr<core::DealResult> DealBridge(const BridgeState& state, const core::DealSpec& spec) {
  if (!state.hidden()) {
    return core::DealOfFullLayout(
        state, spec,
        "this position is a full layout: no card is hidden (use '-' for unknown "
        "hands, or name the seat whose view it is)");
  }
  const SeatView& view = state.view();
  absl::StatusOr<ViewSampler> vs =
      MakeViewSampler(view, spec.fixed, "fixed", spec.constraints, "constraints");
  if (!vs.ok()) return vs.status();
  core::DealResult result;
  const LayoutSampler& sampler = *vs->sampler;
  const int count = sampler.decided() && sampler.layouts() == 1 ? 1 : spec.count;
  result.exhaustive = count == 1 && sampler.decided() && sampler.layouts() == 1;
  core::PositionSpec base = state.Normalized();
  base.seat.clear();  // a layout is a full position, seen by all
  for (int i = 0; i < count && !spec.Stopped(); ++i) {
    core::Rng rng = core::Rng::ForStream(spec.seed, static_cast<uint64_t>(i));
    Hands hands;
    int64_t rejected = 0;
    const bool drawn = sampler.Sample(rng, hands, &rejected);
    result.rejected += rejected;
    if (!drawn) {
      return absl::InvalidArgumentError(
          absl::StrCat("constraints: no layout satisfying them was found in ", rejected,
                       " draws; they may be impossible together with what is known"));
    }
    core::PositionSpec layout = base;
    layout.notation = FormatPbnDeal(hands);
    result.layouts.push_back(std::move(layout));
  }
  return result;
}

}  // namespace kibitzer::bridge
