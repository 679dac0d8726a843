// Bridge's position and search options, declared once (bridge_info.cc): GetEngineInfo lists them
// and requests are parsed into these structs.
#pragma once

#include <string>

#include "engine/core/options.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/view/mc_stats.h"
#include "engine/search/monte_carlo.h"

namespace kibitzer::bridge {

struct PositionOptions {
  core::Given<int> trump;   // strain
  core::Given<int> leader;  // seat
  core::Given<std::string> contract;
  core::Given<std::string> declarer;  // a seat, N E S W in either case
  core::Given<Vulnerability> vulnerable;
  core::Given<int> dealer;  // seat
};

struct SearchOptions {
  core::Given<Objective> objective;
  std::string constraints;  // a dealer script
  search::MonteCarloOptions monte_carlo;
};

const core::OptionSet<PositionOptions>& PositionOptionSet();
const core::OptionSet<SearchOptions>& SearchOptionSet();

}  // namespace kibitzer::bridge
