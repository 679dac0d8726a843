#include "engine/games/bigtwo/rules_options.h"

#include "absl/strings/str_cat.h"

namespace kibitzer::bigtwo {

using core::OptionSpec;

const std::vector<OptionSpec>& PositionOptionSpecs() {
  static const std::vector<OptionSpec> kSpecs = {
      OptionSpec::Int("players", 4, 2, 4,
                      "Players, 13 cards each; with 2 or 3 the undealt cards are out of play and "
                      "hidden, and the holder of the lowest card dealt leads with it."),
      OptionSpec::Bool("pass_is_final", false,
                       "A player who passes may not play again until the next lead."),
      OptionSpec::Bool("multipliers", false,
                       "Cards left count double from 10 cards, triple at 13."),
      OptionSpec::Enum("straights", "auto", {"auto", "taiwan", "ace-high"},
                       "taiwan: A-2-3-4-5 lowest .. 10-J-Q-K-A, then 2-3-4-5-6 highest, each "
                       "compared by its last card; ace-high: 3-4-5-6-7 .. 10-J-Q-K-A only, by the "
                       "highest card. auto: the variant's (taiwan: taiwan, pagat: ace-high)."),
      OptionSpec::Int("leader", 0, 0, 4,
                      "The seat that leads first (0: the holder of the lowest card dealt, found "
                      "from the hands given, also those a seat's view hides; needed when that "
                      "hand is given as '-')."),
  };
  return kSpecs;
}

const char* VariantName(Variant v) { return v == Variant::kTaiwan ? "taiwan" : "pagat"; }

absl::StatusOr<Rules> RulesFromOptions(const std::string& variant, const core::OptionMap& options,
                                       const std::string& field) {
  Variant v;
  if (variant.empty() || variant == "taiwan") {
    v = Variant::kTaiwan;
  } else if (variant == "pagat") {
    v = Variant::kPagat;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: unknown variant '", variant, "' (known: taiwan, pagat)"));
  }
  absl::StatusOr<core::OptionValues> values =
      core::OptionValues::Parse(PositionOptionSpecs(), options, field);
  if (!values.ok()) return values.status();
  Rules r = Rules::ForVariant(v);
  r.players = static_cast<int>(values->GetInt("players"));
  r.pass_is_final = values->GetBool("pass_is_final");
  r.multipliers = values->GetBool("multipliers");
  const std::string& straights = values->GetString("straights");
  if (straights == "taiwan") r.straights = Straights::kTaiwan;
  if (straights == "ace-high") r.straights = Straights::kAceHigh;
  return r;
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
