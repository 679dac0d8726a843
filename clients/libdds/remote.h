// The drop-in's tables on kibitzerd servers: with KIBITZER_DDS_SERVER=ADDR[,ADDR...] in the
// environment (plain gRPC, HOST:PORT each, read once), CalcAllTables and CalcAllTablesPBN send
// their whole deals to the servers' Bridge.SolveTables, and SolveAllBoards and its forms their
// positions to Bridge.SolveBoards (every legal card's value), split over the addresses, one call
// each, at once; AnalyseAllPlays sends each whole deal's play to Bridge.AnalyzePlay, a call each,
// a few at once on each server. What a server fails to answer (down, refused, past the deadline) is
// solved here, and the first such failure is said on stderr; the answers are the same either way.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/records/pbn.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::libdds {

// The servers KIBITZER_DDS_SERVER names; empty when it is not set.
const std::vector<std::string>& RemoteServers();

// Solves on the servers the tables of the deals `hands` marked in `wanted` (whole deals only),
// into `tables`; `wanted` is cleared for each one solved there.
void SolveTablesRemotely(const std::vector<bridge::Hands>& hands, std::vector<bool>& wanted,
                         std::vector<bridge::DdTable>& tables);

// Every legal card's value (card, tricks for the side to move, best first) in each of the
// positions marked in `wanted`, solved on the servers into `values`, with the nodes each took;
// `wanted` is cleared for each one solved there.
struct BoardValues {
  std::vector<std::pair<int, int>> cards;
  uint64_t nodes = 0;
};
void SolveBoardsRemotely(const std::vector<bridge::PlayPosition>& positions,
                         std::vector<bool>& wanted, std::vector<BoardValues>& values);

// A whole deal's play as AnalyseAllPlays gets it: the hands, declarer, trump and the cards played.
struct PlayRecord {
  bridge::Hands hands{};
  int declarer = 0;
  int trump = 0;
  std::vector<int> cards;
};
// Declarer's tricks in all before the play and after each card of each record marked in `wanted`
// (as Bridge.AnalyzePlay answers them), solved on the servers into `totals`; `wanted` is cleared
// for each one solved there.
void AnalyzePlaysRemotely(const std::vector<PlayRecord>& records, std::vector<bool>& wanted,
                          std::vector<std::vector<int>>& totals);

}  // namespace kibitzer::libdds
