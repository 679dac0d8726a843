// The Bridge service's calls (tables of many deals, card values of many positions, the analysis
// of a played deal) as jobs of the query runner, so that they are admitted, wait their client's
// turn, hold their tables' memory and threads, and stop as every search does. A job's answer lands
// in `out` (shared with whoever submitted it), to be read once the runner has finished the job:
// its final report says whether it completed (its nodes counted) or why not.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/game.h"
#include "engine/games/bridge/dd/dd_batch.h"
#include "engine/games/bridge/records/play_analysis.h"
#include "engine/games/bridge/records/record.h"

namespace kibitzer::bridge {

using CardValues = std::vector<std::pair<int, int>>;  // (card, tricks), as SolveCards

// `threads`: at most this many (the jobs of the call bound it too).
std::unique_ptr<core::SearchTask> TablesJob(std::vector<Hands> deals, int threads,
                                            std::shared_ptr<std::vector<DdTable>> out);
std::unique_ptr<core::SearchTask> BoardsJob(std::vector<PlayPosition> positions, int threads,
                                            std::shared_ptr<std::vector<CardValues>> out);
std::unique_ptr<core::SearchTask> PlayJob(GameRecord record, int table_megabytes,
                                          std::shared_ptr<absl::StatusOr<PlayAnalysis>> out);

}  // namespace kibitzer::bridge
