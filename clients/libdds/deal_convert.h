// DDS's deal formats to kibitzer's positions, with DDS's return codes for what is wrong, and
// kibitzer's card values back into DDS's futureTricks.
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "clients/libdds/dds_abi.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/records/pbn.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::libdds {

// The hands of a holding table (hand, suit): DDS's holding encoding (bit r the rank r, 2..14)
// is kibitzer's card mask per suit. RETURN_SUIT_OR_RANK for bits outside 2..14,
// RETURN_DUPLICATE_CARDS for a card in two hands.
int HandsOf(const unsigned int cards[DDS_HANDS][DDS_SUITS], bridge::Hands* hands);
// A PBN deal ("N:AKQ2.AQ6.J64.J53 ..."), hands of any lengths, into a holding table;
// RETURN_PBN_FAULT when it does not parse.
int HoldingsOf(const char* pbn, size_t size, unsigned int cards[DDS_HANDS][DDS_SUITS]);
// `dl` as a position, checked as SolveBoard checks it (trump, first, the trick, the cards and
// their counts); RETURN_NO_FAULT or the error.
int PositionOf(const deal& dl, bridge::PlayPosition* position);
// The same for a PBN deal.
int DealOf(const dealPBN& pbn, deal* dl);

// SolveBoard on a checked position with `solver`: target, solutions and mode as DDS documents
// them (see libdds.cc); fills *futp. Returns RETURN_NO_FAULT or RETURN_TARGET_TOO_HIGH.
// With all solutions, cards of one value come as DDS lists them: in the root's move order
// (DoubleDummySolver::RootOrder).
int Solve(bridge::DoubleDummySolver& solver, const bridge::PlayPosition& position, int target,
          int solutions, int mode, futureTricks* futp);
// The same from every legal card's value already known (card, tricks for the side to move, as a
// server's Bridge.SolveBoards answers them) and the nodes they took; `solver` gives the order only.
int SolveWithValues(bridge::DoubleDummySolver& solver, const bridge::PlayPosition& position,
                    const std::vector<std::pair<int, int>>& values, uint64_t nodes, int target,
                    int solutions, int mode, futureTricks* futp);

// What Solve asks of a search: the values of some cards (a mask), the position's value, whether
// a card reaches a number of tricks, the nodes searched, and the order DDS lists cards of one
// value in (the legal cards, as DoubleDummySolver::RootOrder).
struct CardSearch {
  std::function<std::vector<std::pair<int, int>>(uint64_t cards)> values;
  std::function<int()> best;
  std::function<bool(int card, int goal)> reaches;
  std::function<uint64_t()> nodes;
  std::function<std::vector<int>()> order;
};
int Solve(const bridge::PlayPosition& position, const CardSearch& search, int target, int solutions,
          int mode, futureTricks* futp);

// SolveBoard's argument checks that do not need the deal.
int CheckSolveArguments(int target, int solutions, int mode);

}  // namespace kibitzer::libdds
