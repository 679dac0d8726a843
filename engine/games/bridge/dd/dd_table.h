// Double-dummy tables (tricks for each strain and declarer) and par (DDS's DealerPar).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/core/search_control.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/records/pbn.h"

namespace kibitzer::bridge {

struct DdTable {
  // tricks[strain][declarer]: tricks declarer takes, the opening lead by declarer's left-hand
  // opponent. Strains S H D C NT (0..4), declarers N E S W (0..3).
  std::array<std::array<int, 4>, 5> tricks{};
};

// The table of a deal whose four hands hold the same number of cards. `solver`'s table is cleared
// for each strain and kept across its four declarers. When `control` stops the search,
// solver.aborted() is set and the table is incomplete.
DdTable SolveTable(DoubleDummySolver& solver, const Hands& deal,
                   core::SearchControl* control = nullptr);
// One strain's row of the table (the same searches as SolveTable's for it), into `table`.
void SolveStrain(DoubleDummySolver& solver, const Hands& deal, int strain, DdTable& table,
                 core::SearchControl* control = nullptr);

enum class Vulnerability { kNone, kNorthSouth, kEastWest, kBoth };
bool IsVulnerable(Vulnerability v, int seat);
// PBN's None/Love/-, NS, EW, All/Both (any case); nullopt otherwise.
std::optional<Vulnerability> ParseVulnerability(absl::string_view text);
std::string VulnerabilityName(Vulnerability v);  // "None", "NS", "EW", "All"

struct Par {
  int score = 0;  // for North-South; 0 when the deal is passed out
  // As DDS's DealerPar writes them: "3N-W+2", "2S-EW", "4H*-EW-1", or just "pass".
  std::vector<std::string> contracts;
};

// Par for a dealer and vulnerability with DealerPar's definitions: each side in turn, from the
// dealer's, bids its best contract knowing the table; contracts that fail are doubled; the side
// that can bid a contract first (in the dealer's rotation) gets it.
Par DealerPar(const DdTable& table, int dealer, Vulnerability vulnerability);

}  // namespace kibitzer::bridge
