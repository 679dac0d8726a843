#include "engine/games/bigtwo/rules/rules_options.h"

#include "absl/strings/str_cat.h"

namespace kibitzer::bigtwo {

const core::OptionSet<PositionOptions>& PositionOptionSet() {
  using O = PositionOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .Int("players", &O::players, 4, 2, 4,
               "Players, 13 cards each; with 2 or 3 the undealt cards are out of play and hidden, "
               "and the holder of the lowest card dealt leads with it.")
          .Bool("pass_is_final", &O::pass_is_final, false,
                "A player who passes may not play again until the next lead.")
          .Bool("multipliers", &O::multipliers, false,
                "Cards left count double from 10 cards, triple at 13.")
          .Enum("straights", &O::straights, "auto",
                {{"auto", StraightsOption::kAuto},
                 {"taiwan", StraightsOption::kTaiwan},
                 {"ace-high", StraightsOption::kAceHigh}},
                "taiwan: A-2-3-4-5 lowest .. 10-J-Q-K-A, then 2-3-4-5-6 highest, each compared by "
                "its last card; ace-high: 3-4-5-6-7 .. 10-J-Q-K-A only, by the highest card. auto: "
                "the variant's (taiwan: taiwan, pagat: ace-high).")
          .Int("leader", &O::leader, 0, 0, 4,
               "The seat that leads first (0: the holder of the lowest card dealt, found from the "
               "hands given, also those a seat's view hides; needed when that hand is given as "
               "'-').");
  return kSet;
}

const char* VariantName(Variant v) { return v == Variant::kTaiwan ? "taiwan" : "pagat"; }

absl::StatusOr<Rules> RulesOf(const std::string& variant, const PositionOptions& o,
                              const std::string& /*field*/) {
  Variant v;
  if (variant.empty() || variant == "taiwan") {
    v = Variant::kTaiwan;
  } else if (variant == "pagat") {
    v = Variant::kPagat;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: unknown variant '", variant, "' (known: taiwan, pagat)"));
  }
  Rules r = Rules::ForVariant(v);
  r.players = o.players;
  r.pass_is_final = o.pass_is_final;
  r.multipliers = o.multipliers;
  if (o.straights == StraightsOption::kTaiwan) r.straights = Straights::kTaiwan;
  if (o.straights == StraightsOption::kAceHigh) r.straights = Straights::kAceHigh;
  return r;
}

absl::StatusOr<Rules> RulesFromOptions(const std::string& variant, const core::OptionMap& options,
                                       const std::string& field) {
  absl::StatusOr<PositionOptions> o = PositionOptionSet().Parse(options, field);
  if (!o.ok()) return o.status();
  return RulesOf(variant, *o, field);
}

core::OptionMap RuleOptions(const Rules& rules) {
  core::OptionMap out;
  const Rules d = Rules::ForVariant(rules.variant);
  if (rules.players != d.players) out["players"] = std::to_string(rules.players);
  if (rules.pass_is_final) out["pass_is_final"] = "true";
  if (rules.multipliers) out["multipliers"] = "true";
  if (rules.straights != d.straights) {
    out["straights"] = rules.straights == Straights::kTaiwan ? "taiwan" : "ace-high";
  }
  return out;
}

}  // namespace kibitzer::bigtwo
