// The rules of a Big Two position from its variant and position options, declared once so that
// GetEngineInfo, Setup and the match harness agree.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/options.h"
#include "engine/games/bigtwo/cards.h"

namespace kibitzer::bigtwo {

// Position options: players, pass_is_final, multipliers, straights, leader, view.
const std::vector<core::OptionSpec>& PositionOptionSpecs();

// Rules for `variant` ("" is taiwan) and the rule options in `options` (errors name
// `field`[option] or "variant"). Options that are not rules (leader, view) are checked, not used.
absl::StatusOr<Rules> RulesFromOptions(const std::string& variant, const core::OptionMap& options,
                                       const std::string& field);

// The options that restate `rules` where they differ from the variant's defaults.
core::OptionMap RuleOptions(const Rules& rules);

const char* VariantName(Variant v);

}  // namespace kibitzer::bigtwo
