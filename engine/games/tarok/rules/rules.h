// Tarok contracts and the rules options of the two presets (see ../shared/specs/tarok.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"

namespace kibitzer::tarok {

// In bidding order, lowest first.
enum class Contract : uint8_t {
  kKlop,
  kThree,
  kTwo,
  kOne,
  kSoloThree,  // four players only: three, two, one without calling a king
  kSoloTwo,
  kSoloOne,
  kBeggar,
  kSoloWithout,
  kOpenBeggar,
  kColourValat,
  kValat,
};
constexpr int kNumContracts = 12;

const char* ContractName(Contract c);
// Accepts the names ContractName gives ("solo_without", "open_beggar", "colour_valat"; '-' and
// ' ' may stand for '_').
bool ParseContract(const std::string& text, Contract* out);

// Taking part of the talon: three, two or one cards.
inline int TalonTake(Contract c) {
  switch (c) {
    case Contract::kThree:
    case Contract::kSoloThree:
      return 3;
    case Contract::kTwo:
    case Contract::kSoloTwo:
      return 2;
    case Contract::kOne:
    case Contract::kSoloOne:
      return 1;
    default:
      return 0;
  }
}
// The solo contracts exist in the four-player game only.
inline bool IsFourPlayerSolo(Contract c) {
  return c == Contract::kSoloThree || c == Contract::kSoloTwo || c == Contract::kSoloOne;
}
// Four players: the declarer of three, two or one calls a king.
inline bool CallsKing(Contract c, int players) {
  return players == 4 && (c == Contract::kThree || c == Contract::kTwo || c == Contract::kOne);
}
// Contracts in which the declarer wins on card points (36 or more).
inline bool IsNormal(Contract c) { return TalonTake(c) > 0 || c == Contract::kSoloWithout; }
inline bool IsBeggar(Contract c) { return c == Contract::kBeggar || c == Contract::kOpenBeggar; }
inline bool IsValat(Contract c) { return c == Contract::kValat || c == Contract::kColourValat; }
// Klop and the beggars: a player must beat the trick when he can.
inline bool MustBeat(Contract c) { return c == Contract::kKlop || IsBeggar(c); }

enum Bonus : uint8_t {
  kBonusTrula = 1,
  kBonusKings = 2,
  kBonusPagatUltimo = 4,
  kBonusValat = 8,
  kBonusKingUltimo = 16,  // four players: the called king wins the last trick
};

struct Rules {
  std::string preset = "openspiel";
  int values[kNumContracts] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 125, 500};
  bool declarer_leads = false;  // seed2002: the declarer leads in every contract
  int mond_penalty = 20;
  bool round_difference = false;  // round |points - 35| to the nearest 5
  int klop_limit = 36;            // klop: this many card points or more score -70
  uint8_t announced = 0;          // Bonus bits the declarer announced
  int kontra = 1;                 // 1, 2, 4, 8 or 16
  bool radelc = false;            // the declarer's score counts double

  int Value(Contract c) const { return values[static_cast<int>(c)]; }
};

// Tarok's position options, declared once (PositionOptionSet).
enum class FirstLead { kAuto, kForehand, kDeclarer };
struct PositionOptions {
  std::string contract;  // "auction", or the contract the moves start after
  int declarer = 0;      // with a contract: 1..3; 0: none
  FirstLead first_lead = FirstLead::kAuto;
  // The contracts' values: the preset's unless given.
  core::Given<int> value_three, value_two, value_one, value_solo_without;
  int mond_penalty = 0;
  bool round_difference = false;
  int klop_limit = 0;
  std::string announced;  // bonus names, comma-separated
  int kontra = 0;
  bool radelc = false;
};
const core::OptionSet<PositionOptions>& PositionOptionSet();

// The rules of `preset` ("" is openspiel) with `options` applied; errors name
// `field`[option] or "variant".
absl::StatusOr<Rules> RulesOf(const std::string& preset, const PositionOptions& options,
                              const std::string& field);
// The same from the options as a request gives them.
absl::StatusOr<Rules> RulesFromOptions(const std::string& preset, const core::OptionMap& options,
                                       const std::string& field);
// The options that give `rules` from its preset (only those that differ), for the canonical form.
core::OptionMap RulesToOptions(const Rules& rules);

// Players are 0 (forehand) to 2 (or 3) inside the engine and seats "1" to "3" (or "4") on the
// wire.
inline std::string SeatName(int player) { return std::to_string(player + 1); }
// The player of seat "1".."4" (also as the first character of `text`), or -1; the caller checks
// it against the players at the table.
inline int PlayerOfSeat(char seat) { return seat >= '1' && seat <= '4' ? seat - '1' : -1; }

}  // namespace kibitzer::tarok
