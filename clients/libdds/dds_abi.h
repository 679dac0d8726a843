// DDS 2.9's C ABI, declared from its documentation (doc/dll-description.md of dds-bridge/dds):
// the structures, constants and return codes a program linked against libdds.so.0 passes and
// expects. Layouts must stay exactly these: programs built against DDS's own header call the
// drop-in library (tests/libdds checks that against Debian's header and library).
#pragma once

#define DDS_HANDS 4
#define DDS_SUITS 4
#define DDS_STRAINS 5
#define MAXNOOFBOARDS 200
#define MAXNOOFTABLES 40

#define RETURN_NO_FAULT 1
#define RETURN_UNKNOWN_FAULT -1
#define RETURN_ZERO_CARDS -2
#define RETURN_TARGET_TOO_HIGH -3
#define RETURN_DUPLICATE_CARDS -4
#define RETURN_TARGET_WRONG_LO -5
#define RETURN_TARGET_WRONG_HI -7
#define RETURN_SOLNS_WRONG_LO -8
#define RETURN_SOLNS_WRONG_HI -9
#define RETURN_TOO_MANY_CARDS -10
#define RETURN_SUIT_OR_RANK -12
#define RETURN_PLAYED_CARD -13
#define RETURN_CARD_COUNT -14
#define RETURN_THREAD_INDEX -15
#define RETURN_MODE_WRONG_LO -16
#define RETURN_MODE_WRONG_HI -17
#define RETURN_TRUMP_WRONG -18
#define RETURN_FIRST_WRONG -19
#define RETURN_PLAY_FAULT -98
#define RETURN_PBN_FAULT -99
#define RETURN_TOO_MANY_BOARDS -101
#define RETURN_THREAD_CREATE -102
#define RETURN_THREAD_WAIT -103
#define RETURN_THREAD_MISSING -104
#define RETURN_NO_SUIT -201
#define RETURN_TOO_MANY_TABLES -202
#define RETURN_CHUNK_SIZE -301

extern "C" {

struct futureTricks {
  int nodes;
  int cards;
  int suit[13];
  int rank[13];
  int equals[13];
  int score[13];
};

struct deal {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  unsigned int remainCards[DDS_HANDS][DDS_SUITS];
};

struct dealPBN {
  int trump;
  int first;
  int currentTrickSuit[3];
  int currentTrickRank[3];
  char remainCards[80];
};

struct boards {
  int noOfBoards;
  struct deal deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct boardsPBN {
  int noOfBoards;
  struct dealPBN deals[MAXNOOFBOARDS];
  int target[MAXNOOFBOARDS];
  int solutions[MAXNOOFBOARDS];
  int mode[MAXNOOFBOARDS];
};

struct solvedBoards {
  int noOfBoards;
  struct futureTricks solvedBoard[MAXNOOFBOARDS];
};

struct ddTableDeal {
  unsigned int cards[DDS_HANDS][DDS_SUITS];
};

struct ddTableDeals {
  int noOfTables;
  struct ddTableDeal deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableDealPBN {
  char cards[80];
};

struct ddTableDealsPBN {
  int noOfTables;
  struct ddTableDealPBN deals[MAXNOOFTABLES * DDS_STRAINS];
};

struct ddTableResults {
  int resTable[DDS_STRAINS][DDS_HANDS];
};

struct ddTablesRes {
  int noOfBoards;
  struct ddTableResults results[MAXNOOFTABLES * DDS_STRAINS];
};

struct parResults {
  char parScore[2][16];
  char parContractsString[2][128];
};

struct allParResults {
  struct parResults presults[MAXNOOFTABLES];
};

struct parResultsDealer {
  int number;
  int score;
  char contracts[10][10];
};

struct contractType {
  int underTricks;
  int overTricks;
  int level;
  int denom;  // 0 notrump, 1 spades, 2 hearts, 3 diamonds, 4 clubs
  int seats;  // 0 N, 1 E, 2 S, 3 W, 4 NS, 5 EW
};

struct parResultsMaster {
  int score;
  int number;
  struct contractType contracts[10];
};

struct parTextResults {
  char parText[2][128];
  bool equal;
};

struct playTraceBin {
  int number;
  int suit[52];
  int rank[52];
};

struct playTracePBN {
  int number;
  char cards[106];
};

struct solvedPlay {
  int number;
  int tricks[53];
};

struct playTracesBin {
  int noOfBoards;
  struct playTraceBin plays[MAXNOOFBOARDS];
};

struct playTracesPBN {
  int noOfBoards;
  struct playTracePBN plays[MAXNOOFBOARDS];
};

struct solvedPlays {
  int noOfBoards;
  struct solvedPlay solved[MAXNOOFBOARDS];
};

struct DDSInfo {
  int major, minor, patch;
  char versionString[10];
  int system;
  int numBits;
  int compiler;
  int constructor;
  int numCores;
  int threading;
  int noOfThreads;
  char threadSizes[128];
  char systemString[1024];
};

}  // extern "C"
