// DDS's AnalysePlay: a play trace checked against its deal (with DDS's return codes), then
// declarer's tricks in all before it and after each card, solved here or on kibitzerd servers.
#pragma once

#include <vector>

#include "clients/libdds/dds_abi.h"
#include "engine/games/bridge/dd/dd_solver.h"
#include "engine/games/bridge/rules/play.h"

namespace kibitzer::libdds {

// One board of AnalysePlay: the position and its checked trace, or why not.
struct PlayBoard {
  int code = RETURN_NO_FAULT;
  bridge::PlayPosition start;
  std::vector<int> cards;
  int first = 0;  // the hand that led the trick the trace starts from
};

// A trace given in suits and ranks, or as PBN.
PlayBoard PlayBoardOf(const deal& dl, int number, const int* suits, const int* ranks);
PlayBoard PlayBoardOf(const dealPBN& dlPBN, const playTracePBN& play);

// Declarer's tricks in all (won, and double-dummy from there) before the trace and after each of
// its cards; the board's error code when it has one.
int Analyse(bridge::DoubleDummySolver& solver, const PlayBoard& board, solvedPlay* solved);

// With KIBITZER_DDS_SERVER: the whole deals' plays analysed on the servers (remote.h); `*remote`
// marks those answered. Nothing without servers.
std::vector<std::vector<int>> PlaysFromServers(const std::vector<PlayBoard>& boards,
                                               std::vector<bool>* remote);

}  // namespace kibitzer::libdds
