// Debian's libdds (DDS 2.9, Haglund and Hein) as a test oracle and benchmark peer. Linked only into
// tests and benchmarks, never into the engine or the server.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::bridge::oracle {

// Single-threaded DDS (call once before timing it).
void UseOneThread();
void UseThreads(int threads);

// DDS's CalcDDtable; the same layout as DdTable.
DdTable DdsTable(const Hands& deal);

// DDS's DealerPar on a table.
Par DdsDealerPar(const DdTable& table, int dealer, Vulnerability vulnerability);

// DDS's SolveBoard(target -1, solutions 3): every legal card of the side to move with its value
// (tricks for the side to move, the current trick included), equal cards expanded. `nodes`
// (optional) gets the nodes DDS searched.
std::vector<std::pair<int, int>> DdsSolveBoard(const PlayPosition& position, int* nodes = nullptr);

// CalcAllTables over many deals at once, with DDS's own threads; returns the tables in order.
std::vector<DdTable> DdsTables(const std::vector<Hands>& deals);

}  // namespace kibitzer::bridge::oracle
