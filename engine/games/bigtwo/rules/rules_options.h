// The rules of a Big Two position from its variant and position options, declared once so that
// GetEngineInfo, Setup and the match harness agree.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"
#include "engine/games/bigtwo/rules/cards.h"

namespace kibitzer::bigtwo {

// Big Two's position options, declared once (PositionOptionSet).
enum class StraightsOption { kAuto, kTaiwan, kAceHigh };
struct PositionOptions {
  int players = 0;
  bool pass_is_final = false;
  bool multipliers = false;
  StraightsOption straights = StraightsOption::kAuto;
  int leader = 0;  // the seat that leads first; 0: the holder of the lowest card dealt
};
const core::OptionSet<PositionOptions>& PositionOptionSet();

// Rules for `variant` ("" is taiwan) with the rule options of `options` (errors name
// `field`[option] or "variant"); the leader is the position's, not a rule.
absl::StatusOr<Rules> RulesOf(const std::string& variant, const PositionOptions& options,
                              const std::string& field);
// The same from the options as a request gives them.
absl::StatusOr<Rules> RulesFromOptions(const std::string& variant, const core::OptionMap& options,
                                       const std::string& field);

// The options that restate `rules` where they differ from the variant's defaults.
core::OptionMap RuleOptions(const Rules& rules);

const char* VariantName(Variant v);

}  // namespace kibitzer::bigtwo
