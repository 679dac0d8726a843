// The drop-in's tables on kibitzerd servers: with KIBITZER_DDS_SERVER=ADDR[,ADDR...] in the
// environment (plain gRPC, HOST:PORT each, read once), CalcAllTables and CalcAllTablesPBN send
// their whole deals to the servers' Bridge.SolveTables, split over the addresses, one call each,
// at once. What a server fails to answer (down, refused, past the deadline) is solved here, and
// the first such failure is said on stderr; the answers are the same either way.
#pragma once

#include <string>
#include <vector>

#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/records/pbn.h"

namespace kibitzer::libdds {

// The servers KIBITZER_DDS_SERVER names; empty when it is not set.
const std::vector<std::string>& RemoteServers();

// Solves on the servers the tables of the deals `hands` marked in `wanted` (whole deals only),
// into `tables`; `wanted` is cleared for each one solved there.
void SolveTablesRemotely(const std::vector<bridge::Hands>& hands, std::vector<bool>& wanted,
                         std::vector<bridge::DdTable>& tables);

}  // namespace kibitzer::libdds
