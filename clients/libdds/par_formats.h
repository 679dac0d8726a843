// Par in DDS's output forms, from kibitzer's DealerPar (whose contract texts are DDS's DealerPar
// texts: "4D*-EW-1", "3N-W+2", "pass"): DealerPar, SidesPar, Par's strings, the binary
// parResultsMaster and the two text conversions.
#pragma once

#include "clients/libdds/dds_abi.h"
#include "engine/games/bridge/dd/dd_table.h"

namespace kibitzer::libdds {

// DDS's vulnerability encoding (0 none, 1 both, 2 NS, 3 EW); false when out of range.
bool VulnerabilityOf(int dds, bridge::Vulnerability* out);
bridge::DdTable TableOf(const ddTableResults& results);

// `side` 0: North-South start the bidding (dealer North), 1: East-West (dealer East). The score
// from that side's view, as SidesPar gives it.
parResultsDealer SidePar(const bridge::DdTable& table, int side, bridge::Vulnerability v);
parResultsDealer DealerParOf(const bridge::DdTable& table, int dealer, bridge::Vulnerability v);
parResults ParOf(const bridge::DdTable& table, bridge::Vulnerability v);
// The binary form of a DealerPar result (its score from the view it was given in).
parResultsMaster MasterOf(const parResultsDealer& par);
// "Par 100: EW 4Dx-1" (notrump "N"); the sides' form names notrump "NT".
std::string DealerText(const parResultsMaster& par);
std::string SidesText(const parResultsMaster& par);

}  // namespace kibitzer::libdds
