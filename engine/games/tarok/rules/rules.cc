#include "engine/games/tarok/rules/rules.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace kibitzer::tarok {
namespace {

constexpr const char* kContractNames[kNumContracts] = {
    "klop",     "three",  "two",          "one",         "solo_three",   "solo_two",
    "solo_one", "beggar", "solo_without", "open_beggar", "colour_valat", "valat"};

struct BonusName {
  uint8_t bit;
  const char* name;
};
constexpr BonusName kBonusNames[] = {{kBonusTrula, "trula"},
                                     {kBonusKings, "kings"},
                                     {kBonusPagatUltimo, "pagat_ultimo"},
                                     {kBonusValat, "valat"},
                                     {kBonusKingUltimo, "king_ultimo"}};

}  // namespace

const char* ContractName(Contract c) { return kContractNames[static_cast<int>(c)]; }

bool ParseContract(const std::string& text, Contract* out) {
  std::string t = absl::AsciiStrToLower(text);
  for (char& ch : t) {
    if (ch == '-' || ch == ' ') ch = '_';
  }
  if (t == "color_valat") t = "colour_valat";
  for (int i = 0; i < kNumContracts; ++i) {
    if (t == kContractNames[i]) {
      *out = static_cast<Contract>(i);
      return true;
    }
  }
  return false;
}

const core::OptionSet<PositionOptions>& PositionOptionSet() {
  using O = PositionOptions;
  static const core::OptionSet<O> kSet =
      core::OptionSet<O>()
          .EnumText("contract", &O::contract, "auction",
                    {"auction", "klop", "three", "two", "one", "solo_three", "solo_two", "solo_one",
                     "beggar", "solo_without", "open_beggar", "colour_valat", "valat"},
                    "auction: the moves start with the bidding; a contract name starts after the "
                    "bidding with that contract (and option declarer).")
          .Int("declarer", &O::declarer, 0, 0, 4,
               "With a contract: the declarer's seat, 1..3 (1..4 with four players; 1 is "
               "forehand); not for klop (0: none).")
          .Enum("first_lead", &O::first_lead, "auto",
                {{"auto", FirstLead::kAuto},
                 {"forehand", FirstLead::kForehand},
                 {"declarer", FirstLead::kDeclarer}},
                "auto: the preset's (openspiel: the declarer in beggar, solo without and the "
                "valats, else forehand; seed2002: the declarer except in klop).")
          .Int("value_three", &O::value_three, 10, 0, 1000, "Value of three.")
          .Int("value_two", &O::value_two, 20, 0, 1000, "Value of two.")
          .Int("value_one", &O::value_one, 30, 0, 1000, "Value of one.")
          .Int("value_solo_without", &O::value_solo_without, 80, 0, 1000,
               "Value of solo without (preset seed2002: 50).")
          .Int("mond_penalty", &O::mond_penalty, 20, 0, 100,
               "What the declarer loses when his mond is captured or left in the talon.")
          .Bool("round_difference", &O::round_difference, false,
                "Round the difference |points - 35| to the nearest 5.")
          .Int("klop_limit", &O::klop_limit, 36, 35, 36,
               "Klop: a player with this many card points or more scores -70 (36: more than 35; "
               "35: 35 or more).")
          .String("announced", &O::announced,
                  "Bonuses the declarer announced, comma-separated: trula, kings, pagat_ultimo, "
                  "king_ultimo (four players), "
                  "valat; each counts double, and is subtracted when not made.")
          .Int("kontra", &O::kontra, 1, 1, 16,
               "Kontra level: the score is multiplied by 1, 2, 4, 8 or 16.")
          .Bool("radelc", &O::radelc, false, "The declarer has a radelc: his score counts double.");
  return kSet;
}

absl::StatusOr<Rules> RulesOf(const std::string& preset, const PositionOptions& o,
                              const std::string& field) {
  Rules r;
  if (preset.empty() || preset == "openspiel") {
    r.preset = "openspiel";
  } else if (preset == "seed2002") {
    r.preset = "seed2002";
    r.declarer_leads = true;
    r.values[static_cast<int>(Contract::kSoloWithout)] = 50;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: '", preset, "' is not a tarok preset (openspiel, seed2002)"));
  }
  if (o.first_lead != FirstLead::kAuto) r.declarer_leads = o.first_lead == FirstLead::kDeclarer;
  const core::Given<int>* values[] = {&o.value_three, &o.value_two, &o.value_one};
  for (int i = 0; i < 3; ++i) {
    if (values[i]->given) r.values[i + 1] = values[i]->value;
  }
  if (o.value_solo_without.given) {
    r.values[static_cast<int>(Contract::kSoloWithout)] = o.value_solo_without.value;
  }
  r.mond_penalty = o.mond_penalty;
  r.round_difference = o.round_difference;
  r.klop_limit = o.klop_limit;
  r.radelc = o.radelc;
  r.kontra = o.kontra;
  if ((r.kontra & (r.kontra - 1)) != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, "[kontra]: ", r.kontra, " is not 1, 2, 4, 8 or 16"));
  }
  for (absl::string_view word :
       absl::StrSplit(o.announced, absl::ByAnyChar(", "), absl::SkipEmpty())) {
    bool found = false;
    for (const BonusName& b : kBonusNames) {
      if (word == b.name) {
        r.announced |= b.bit;
        found = true;
      }
    }
    if (!found) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, "[announced]: '", std::string(word),
                       "' is not a bonus (trula, kings, pagat_ultimo, valat, king_ultimo)"));
    }
  }
  return r;
}

absl::StatusOr<Rules> RulesFromOptions(const std::string& preset, const core::OptionMap& options,
                                       const std::string& field) {
  absl::StatusOr<PositionOptions> o = PositionOptionSet().Parse(options, field);
  if (!o.ok()) return o.status();
  return RulesOf(preset, *o, field);
}

core::OptionMap RulesToOptions(const Rules& rules) {
  absl::StatusOr<Rules> base = RulesFromOptions(rules.preset, {}, "options");
  core::OptionMap out;
  if (!base.ok()) return out;
  if (rules.declarer_leads != base->declarer_leads) {
    out["first_lead"] = rules.declarer_leads ? "declarer" : "forehand";
  }
  const char* value_names[] = {"value_three", "value_two", "value_one"};
  for (int i = 0; i < 3; ++i) {
    if (rules.values[i + 1] != base->values[i + 1]) {
      out[value_names[i]] = std::to_string(rules.values[i + 1]);
    }
  }
  const int solo = static_cast<int>(Contract::kSoloWithout);
  if (rules.values[solo] != base->values[solo]) {
    out["value_solo_without"] = std::to_string(rules.values[solo]);
  }
  if (rules.mond_penalty != base->mond_penalty) {
    out["mond_penalty"] = std::to_string(rules.mond_penalty);
  }
  if (rules.round_difference) out["round_difference"] = "true";
  if (rules.klop_limit != base->klop_limit) out["klop_limit"] = std::to_string(rules.klop_limit);
  if (rules.kontra != 1) out["kontra"] = std::to_string(rules.kontra);
  if (rules.radelc) out["radelc"] = "true";
  if (rules.announced != 0) {
    std::vector<std::string> names;
    for (const BonusName& b : kBonusNames) {
      if (rules.announced & b.bit) names.push_back(b.name);
    }
    out["announced"] = absl::StrJoin(names, ",");
  }
  return out;
}

}  // namespace kibitzer::tarok
