// DDS 2.9's C API (doc/dll-description.md of dds-bridge/dds) on kibitzer's double-dummy solver:
// the functions a program linked against libdds.so.0 calls. Every entry point checks its input
// and answers with DDS's return codes; none throws or aborts (an exception inside becomes
// RETURN_UNKNOWN_FAULT).
//
// SolveBoard's target and solutions (DDS's documentation, and what DDS 2.9 does):
// - solutions 3: every legal card with its value, best first (the target is not used);
// - target 0: the legal cards (one, or all with solutions 2), each with score 0, no search;
// - target -1: the cards of the best value (one, or all with solutions 2);
// - target 1..13: the cards that reach it, each scored the target; none reaches it: no card,
//   score[0] -1 (0 for a target of 1).
// - mode 0 with one card to play (with its equals) before the last trick: that card, score -2,
//   no search.
// Equivalent cards (same hand and suit, no card between them elsewhere) are reported once, the
// highest, the rest in `equals`.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "clients/libdds/dds_abi.h"
#include "clients/libdds/deal_convert.h"
#include "clients/libdds/par_formats.h"
#include "clients/libdds/play_trace.h"
#include "clients/libdds/remote.h"
#include "clients/libdds/runtime.h"
#include "engine/games/bridge/dd/dd_batch.h"
#include "engine/games/bridge/dd/dd_table.h"

#define DDS_API extern "C" __attribute__((visibility("default")))

namespace kibitzer::libdds {
namespace {

// Runs `body`, turning anything it throws (a table that cannot be had) into a return code.
template <typename Body>
int Guarded(Body&& body) {
  try {
    return body();
  } catch (const std::exception&) {
    return RETURN_UNKNOWN_FAULT;
  }
}

bridge::BatchOptions Batch() {
  bridge::BatchOptions options;
  options.threads = Runtime::Get().threads();
  options.table_megabytes = Runtime::Get().table_megabytes();
  return options;
}

int SolveOne(bridge::DoubleDummySolver& solver, const deal& dl, int target, int solutions, int mode,
             futureTricks* futp) {
  if (const int r = CheckSolveArguments(target, solutions, mode); r != RETURN_NO_FAULT) return r;
  bridge::PlayPosition p;
  if (const int r = PositionOf(dl, &p); r != RETURN_NO_FAULT) return r;
  return Solve(solver, p, target, solutions, mode, futp);
}

// Runs board(solver, i) for `count` boards over the threads: the first failing board's code, else
// success (RETURN_TOO_MANY_BOARDS past MAXNOOFBOARDS).
int RunBoards(int count, const std::function<int(bridge::DoubleDummySolver&, int)>& board) {
  if (count < 0 || count > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  std::vector<int> codes(static_cast<size_t>(count), RETURN_NO_FAULT);
  bridge::RunBatch(count, Batch(), [&](bridge::DoubleDummySolver& solver, int i) {
    codes[static_cast<size_t>(i)] = board(solver, i);
  });
  for (int code : codes) {
    if (code != RETURN_NO_FAULT) return code;
  }
  return RETURN_NO_FAULT;
}

// With KIBITZER_DDS_SERVER: the boards that need a search, their every card's value from the
// servers (remote.h); `*remote` marks those answered.
std::vector<BoardValues> ValuesFromServers(int count, const deal* deals, const int* target,
                                           const int* solutions, const int* mode,
                                           std::vector<bridge::PlayPosition>* positions,
                                           std::vector<bool>* remote) {
  std::vector<BoardValues> values;
  if (RemoteServers().empty() || count < 1 || count > MAXNOOFBOARDS) return values;
  const size_t n = static_cast<size_t>(count);
  positions->resize(n);
  std::vector<bool> wanted(n, false);
  for (size_t i = 0; i < n; ++i) {
    wanted[i] = target[i] != 0 &&
                CheckSolveArguments(target[i], solutions[i], mode[i]) == RETURN_NO_FAULT &&
                PositionOf(deals[i], &(*positions)[i]) == RETURN_NO_FAULT;
  }
  *remote = wanted;
  values.resize(n);
  SolveBoardsRemotely(*positions, wanted, values);
  for (size_t i = 0; i < n; ++i) (*remote)[i] = (*remote)[i] && !wanted[i];
  return values;
}

int SolveBoards(int count, const deal* deals, const int* target, const int* solutions,
                const int* mode, solvedBoards* solvedp) {
  std::vector<bridge::PlayPosition> positions;
  std::vector<bool> remote;
  const std::vector<BoardValues> values =
      ValuesFromServers(count, deals, target, solutions, mode, &positions, &remote);
  const int r = RunBoards(count, [&](bridge::DoubleDummySolver& solver, int i) {
    const size_t k = static_cast<size_t>(i);
    if (!remote.empty() && remote[k]) {
      return SolveWithValues(solver, positions[k], values[k].cards, values[k].nodes, target[i],
                             solutions[i], mode[i], &solvedp->solvedBoard[i]);
    }
    return SolveOne(solver, deals[i], target[i], solutions[i], mode[i], &solvedp->solvedBoard[i]);
  });
  if (r != RETURN_TOO_MANY_BOARDS) solvedp->noOfBoards = count;
  return r;
}

// A table's deal: four hands of as many cards (13 for a whole deal).
int TableHands(const ddTableDeal& d, bridge::Hands* hands) {
  if (const int r = HandsOf(d.cards, hands); r != RETURN_NO_FAULT) return r;
  const int n = (*hands)[0].size();
  for (const bridge::CardSet& h : *hands) {
    if (h.size() != n) return RETURN_CARD_COUNT;
  }
  return n == 0 ? RETURN_ZERO_CARDS : RETURN_NO_FAULT;
}

void Fill(const bridge::DdTable& table, ddTableResults* out, const int* filter = nullptr) {
  for (int strain = 0; strain < DDS_STRAINS; ++strain) {
    if (filter != nullptr && filter[strain]) continue;
    for (int hand = 0; hand < DDS_HANDS; ++hand) {
      out->resTable[strain][hand] =
          table.tricks[static_cast<size_t>(strain)][static_cast<size_t>(hand)];
    }
  }
}

int AllTables(const std::vector<ddTableDeal>& deals, int mode, const int* filter, ddTablesRes* resp,
              allParResults* presp) {
  int strains = 0;
  for (int s = 0; s < DDS_STRAINS; ++s) strains += filter[s] ? 0 : 1;
  if (strains == 0) return RETURN_NO_SUIT;
  // As many tables as DDS 2.9 takes: 200 strains' rows in all (40 whole tables).
  const int count = static_cast<int>(deals.size());
  if (count * strains > MAXNOOFTABLES * DDS_STRAINS) return RETURN_TOO_MANY_TABLES;
  bridge::Vulnerability vul{};
  if (mode != -1 && !VulnerabilityOf(mode, &vul)) return RETURN_UNKNOWN_FAULT;
  std::vector<bridge::Hands> hands(deals.size());
  for (size_t i = 0; i < deals.size(); ++i) {
    if (const int r = TableHands(deals[i], &hands[i]); r != RETURN_NO_FAULT) return r;
  }
  std::vector<bridge::DdTable> tables(deals.size());
  // With KIBITZER_DDS_SERVER, the servers solve what they can (remote.h); the rest is solved here.
  std::vector<bool> here(deals.size(), true);
  if (!RemoteServers().empty()) SolveTablesRemotely(hands, here, tables);
  std::vector<int> jobs;  // deal * 5 + strain
  for (int i = 0; i < count; ++i) {
    for (int s = 0; s < DDS_STRAINS; ++s) {
      if (!filter[s] && here[static_cast<size_t>(i)]) jobs.push_back(i * DDS_STRAINS + s);
    }
  }
  bridge::RunBatch(static_cast<int>(jobs.size()), Batch(),
                   [&](bridge::DoubleDummySolver& solver, int j) {
                     const int i = jobs[static_cast<size_t>(j)] / DDS_STRAINS;
                     const int s = jobs[static_cast<size_t>(j)] % DDS_STRAINS;
                     bridge::SolveStrain(solver, hands[static_cast<size_t>(i)], s,
                                         tables[static_cast<size_t>(i)]);
                   });
  resp->noOfBoards = count * strains * DDS_HANDS;
  for (int i = 0; i < count; ++i) {
    Fill(tables[static_cast<size_t>(i)], &resp->results[i], filter);
    if (mode != -1 && presp != nullptr)
      presp->presults[i] = ParOf(tables[static_cast<size_t>(i)], vul);
  }
  return RETURN_NO_FAULT;
}

// AnalyseAllPlays over the threads (the whole deals on the servers where they answer).
int AnalyseBoards(int count, const std::function<PlayBoard(int)>& board, solvedPlays* solvedp) {
  if (count < 0 || count > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  std::vector<PlayBoard> boards;
  for (int i = 0; i < count; ++i) boards.push_back(board(i));
  std::vector<bool> remote;
  const std::vector<std::vector<int>> totals = PlaysFromServers(boards, &remote);
  const int r = RunBoards(count, [&](kibitzer::bridge::DoubleDummySolver& s, int i) {
    const size_t k = static_cast<size_t>(i);
    if (remote.empty() || !remote[k]) return Analyse(s, boards[k], &solvedp->solved[i]);
    solvedPlay& out = solvedp->solved[i];
    std::memset(&out, 0, sizeof(out));
    out.number = static_cast<int>(totals[k].size());
    std::copy(totals[k].begin(), totals[k].end(), out.tricks);
    return RETURN_NO_FAULT;
  });
  solvedp->noOfBoards = count;
  return r;
}

const char* Message(int code) {
  switch (code) {
    case RETURN_NO_FAULT:
      return "Success";
    case RETURN_UNKNOWN_FAULT:
      return "General error";
    case RETURN_ZERO_CARDS:
      return "Zero cards";
    case RETURN_TARGET_TOO_HIGH:
      return "Target exceeds number of tricks";
    case RETURN_DUPLICATE_CARDS:
      return "Cards duplicated";
    case RETURN_TARGET_WRONG_LO:
      return "Target is less than -1";
    case RETURN_TARGET_WRONG_HI:
      return "Target is higher than 13";
    case RETURN_SOLNS_WRONG_LO:
      return "Solutions parameter is less than 1";
    case RETURN_SOLNS_WRONG_HI:
      return "Solutions parameter is higher than 3";
    case RETURN_TOO_MANY_CARDS:
      return "Too many cards";
    case RETURN_SUIT_OR_RANK:
      return "currentTrickSuit or currentTrickRank has wrong data";
    case RETURN_PLAYED_CARD:
      return "Played card also remains in a hand";
    case RETURN_CARD_COUNT:
      return "Wrong number of remaining cards in a hand";
    case RETURN_THREAD_INDEX:
      return "Thread index is not 0 .. maximum";
    case RETURN_MODE_WRONG_LO:
      return "Mode parameter is less than 0";
    case RETURN_MODE_WRONG_HI:
      return "Mode parameter is higher than 2";
    case RETURN_TRUMP_WRONG:
      return "Trump is not in 0 .. 4";
    case RETURN_FIRST_WRONG:
      return "First is not in 0 .. 2";
    case RETURN_PLAY_FAULT:
      return "AnalysePlay input error";
    case RETURN_PBN_FAULT:
      return "PBN string error";
    case RETURN_TOO_MANY_BOARDS:
      return "Too many boards requested";
    case RETURN_THREAD_CREATE:
      return "Could not create threads";
    case RETURN_THREAD_WAIT:
      return "Something failed waiting for thread to end";
    case RETURN_THREAD_MISSING:
      return "Multi-threading system not present";
    case RETURN_NO_SUIT:
      return "Denomination filter vector has no entries";
    case RETURN_TOO_MANY_TABLES:
      return "Too many DD tables requested";
    case RETURN_CHUNK_SIZE:
      return "Chunk size is less than 1";
    default:
      return "Not a DDS error code";
  }
}

}  // namespace
}  // namespace kibitzer::libdds

using namespace kibitzer::libdds;  // NOLINT: the C entry points below are DDS's names

DDS_API void SetMaxThreads(int userThreads) { Runtime::Get().Configure(userThreads, 0); }

DDS_API int SetThreading(int code) {
  return code >= 0 && code <= 8 ? RETURN_NO_FAULT : RETURN_THREAD_MISSING;
}

DDS_API void SetResources(int maxMemoryMB, int maxThreads) {
  Runtime::Get().Configure(maxThreads, maxMemoryMB);
}

DDS_API void FreeMemory() { Runtime::Get().Free(); }

DDS_API int SolveBoard(deal dl, int target, int solutions, int mode, futureTricks* futp,
                       int threadIndex) {
  if (futp == nullptr) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    if (const int r = CheckSolveArguments(target, solutions, mode); r != RETURN_NO_FAULT) {
      return r;
    }
    int code = RETURN_THREAD_INDEX;
    Runtime::Get().WithSolver(threadIndex, [&](kibitzer::bridge::DoubleDummySolver& solver) {
      code = SolveOne(solver, dl, target, solutions, mode, futp);
    });
    return code;
  });
}

DDS_API int SolveBoardPBN(dealPBN dlpbn, int target, int solutions, int mode, futureTricks* futp,
                          int thrId) {
  deal dl;
  if (const int r = DealOf(dlpbn, &dl); r != RETURN_NO_FAULT) return r;
  return SolveBoard(dl, target, solutions, mode, futp, thrId);
}

DDS_API int CalcDDtable(ddTableDeal tableDeal, ddTableResults* tablep) {
  if (tablep == nullptr) return RETURN_UNKNOWN_FAULT;
  const int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  ddTablesRes res;
  return Guarded([&] {
    const int r = AllTables({tableDeal}, -1, filter, &res, nullptr);
    if (r == RETURN_NO_FAULT) *tablep = res.results[0];
    return r;
  });
}

DDS_API int CalcDDtablePBN(ddTableDealPBN tableDealPBN, ddTableResults* tablep) {
  ddTableDeal d;
  if (const int r = HoldingsOf(tableDealPBN.cards, sizeof(tableDealPBN.cards), d.cards);
      r != RETURN_NO_FAULT) {
    return r;
  }
  return CalcDDtable(d, tablep);
}

DDS_API int CalcAllTables(ddTableDeals* dealsp, int mode, int trumpFilter[DDS_STRAINS],
                          ddTablesRes* resp, allParResults* presp) {
  if (dealsp == nullptr || trumpFilter == nullptr || resp == nullptr) return RETURN_UNKNOWN_FAULT;
  if (dealsp->noOfTables < 0 || dealsp->noOfTables > MAXNOOFTABLES * DDS_STRAINS) {
    return RETURN_TOO_MANY_TABLES;
  }
  const std::vector<ddTableDeal> deals(dealsp->deals, dealsp->deals + dealsp->noOfTables);
  return Guarded([&] { return AllTables(deals, mode, trumpFilter, resp, presp); });
}

DDS_API int CalcAllTablesPBN(ddTableDealsPBN* dealsp, int mode, int trumpFilter[DDS_STRAINS],
                             ddTablesRes* resp, allParResults* presp) {
  if (dealsp == nullptr || trumpFilter == nullptr || resp == nullptr) return RETURN_UNKNOWN_FAULT;
  if (dealsp->noOfTables < 0 || dealsp->noOfTables > MAXNOOFTABLES * DDS_STRAINS) {
    return RETURN_TOO_MANY_TABLES;
  }
  std::vector<ddTableDeal> deals(static_cast<size_t>(dealsp->noOfTables));
  for (int i = 0; i < dealsp->noOfTables; ++i) {
    const ddTableDealPBN& d = dealsp->deals[i];
    if (const int r = HoldingsOf(d.cards, sizeof(d.cards), deals[static_cast<size_t>(i)].cards);
        r != RETURN_NO_FAULT) {
      return r;
    }
  }
  return Guarded([&] { return AllTables(deals, mode, trumpFilter, resp, presp); });
}

DDS_API int SolveAllBoardsBin(boards* bop, solvedBoards* solvedp) {
  if (bop == nullptr || solvedp == nullptr) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    return SolveBoards(bop->noOfBoards, bop->deals, bop->target, bop->solutions, bop->mode,
                       solvedp);
  });
}

DDS_API int SolveAllBoards(boardsPBN* bop, solvedBoards* solvedp) {
  if (bop == nullptr || solvedp == nullptr) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards < 0 || bop->noOfBoards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  std::vector<deal> deals(static_cast<size_t>(bop->noOfBoards));
  for (int i = 0; i < bop->noOfBoards; ++i) {
    if (const int r = DealOf(bop->deals[i], &deals[static_cast<size_t>(i)]); r != RETURN_NO_FAULT) {
      return r;
    }
  }
  return Guarded([&] {
    return SolveBoards(bop->noOfBoards, deals.data(), bop->target, bop->solutions, bop->mode,
                       solvedp);
  });
}

DDS_API int SolveAllChunks(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  if (chunkSize < 1) return RETURN_CHUNK_SIZE;
  return SolveAllBoards(bop, solvedp);
}

DDS_API int SolveAllChunksPBN(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  return SolveAllChunks(bop, solvedp, chunkSize);
}

DDS_API int SolveAllChunksBin(boards* bop, solvedBoards* solvedp, int chunkSize) {
  if (chunkSize < 1) return RETURN_CHUNK_SIZE;
  return SolveAllBoardsBin(bop, solvedp);
}

DDS_API int Par(ddTableResults* tablep, parResults* presp, int vulnerable) {
  kibitzer::bridge::Vulnerability vul;
  if (tablep == nullptr || presp == nullptr || !VulnerabilityOf(vulnerable, &vul)) {
    return RETURN_UNKNOWN_FAULT;
  }
  return Guarded([&] {
    *presp = ParOf(TableOf(*tablep), vul);
    return RETURN_NO_FAULT;
  });
}

DDS_API int CalcPar(ddTableDeal tableDeal, int vulnerable, ddTableResults* tablep,
                    parResults* presp) {
  if (const int r = CalcDDtable(tableDeal, tablep); r != RETURN_NO_FAULT) return r;
  return Par(tablep, presp, vulnerable);
}

DDS_API int CalcParPBN(ddTableDealPBN tableDealPBN, ddTableResults* tablep, int vulnerable,
                       parResults* presp) {
  if (const int r = CalcDDtablePBN(tableDealPBN, tablep); r != RETURN_NO_FAULT) return r;
  return Par(tablep, presp, vulnerable);
}

DDS_API int SidesPar(ddTableResults* tablep, parResultsDealer sidesRes[2], int vulnerable) {
  kibitzer::bridge::Vulnerability vul;
  if (tablep == nullptr || sidesRes == nullptr || !VulnerabilityOf(vulnerable, &vul)) {
    return RETURN_UNKNOWN_FAULT;
  }
  return Guarded([&] {
    for (int side = 0; side < 2; ++side) sidesRes[side] = SidePar(TableOf(*tablep), side, vul);
    return RETURN_NO_FAULT;
  });
}

DDS_API int DealerPar(ddTableResults* tablep, parResultsDealer* presp, int dealer, int vulnerable) {
  kibitzer::bridge::Vulnerability vul;
  if (tablep == nullptr || presp == nullptr || dealer < 0 || dealer > 3 ||
      !VulnerabilityOf(vulnerable, &vul)) {
    return RETURN_UNKNOWN_FAULT;
  }
  return Guarded([&] {
    *presp = DealerParOf(TableOf(*tablep), dealer, vul);
    return RETURN_NO_FAULT;
  });
}

DDS_API int DealerParBin(ddTableResults* tablep, parResultsMaster* presp, int dealer,
                         int vulnerable) {
  parResultsDealer par;
  if (const int r = DealerPar(tablep, &par, dealer, vulnerable); r != RETURN_NO_FAULT) return r;
  *presp = MasterOf(par);
  return RETURN_NO_FAULT;
}

DDS_API int SidesParBin(ddTableResults* tablep, parResultsMaster sidesRes[2], int vulnerable) {
  parResultsDealer sides[2];
  if (sidesRes == nullptr) return RETURN_UNKNOWN_FAULT;
  if (const int r = SidesPar(tablep, sides, vulnerable); r != RETURN_NO_FAULT) return r;
  for (int side = 0; side < 2; ++side) sidesRes[side] = MasterOf(sides[side]);
  return RETURN_NO_FAULT;
}

DDS_API int ConvertToDealerTextFormat(parResultsMaster* pres, char* resp) {
  if (pres == nullptr || resp == nullptr) return RETURN_UNKNOWN_FAULT;
  std::snprintf(resp, 80, "%s", DealerText(*pres).c_str());
  return RETURN_NO_FAULT;
}

DDS_API int ConvertToSidesTextFormat(parResultsMaster* pres, parTextResults* resp) {
  if (pres == nullptr || resp == nullptr) return RETURN_UNKNOWN_FAULT;
  bool equal = pres[0].number == pres[1].number;
  for (int i = 0; equal && i < pres[0].number; ++i) {
    const contractType &a = pres[0].contracts[i], &b = pres[1].contracts[i];
    equal = a.level == b.level && a.denom == b.denom && a.seats == b.seats &&
            a.overTricks == b.overTricks && a.underTricks == b.underTricks;
  }
  for (int side = 0; side < 2; ++side) {
    std::snprintf(resp->parText[side], sizeof(resp->parText[side]), "%s",
                  SidesText(pres[side]).c_str());
  }
  resp->equal = equal;
  return RETURN_NO_FAULT;
}

DDS_API int AnalysePlayBin(deal dl, playTraceBin play, solvedPlay* solved, int thrId) {
  if (solved == nullptr) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    int code = RETURN_THREAD_INDEX;
    Runtime::Get().WithSolver(thrId, [&](kibitzer::bridge::DoubleDummySolver& solver) {
      code = Analyse(solver, PlayBoardOf(dl, play.number, play.suit, play.rank), solved);
    });
    return code;
  });
}

DDS_API int AnalysePlayPBN(dealPBN dlPBN, playTracePBN playPBN, solvedPlay* solvedp, int thrId) {
  if (solvedp == nullptr) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    int code = RETURN_THREAD_INDEX;
    Runtime::Get().WithSolver(thrId, [&](kibitzer::bridge::DoubleDummySolver& solver) {
      code = Analyse(solver, PlayBoardOf(dlPBN, playPBN), solvedp);
    });
    return code;
  });
}

DDS_API int AnalyseAllPlaysBin(boards* bop, playTracesBin* plp, solvedPlays* solvedp,
                               int /*chunkSize: ignored, as in DDS 2.9*/) {
  if (bop == nullptr || plp == nullptr || solvedp == nullptr) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards != plp->noOfBoards) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    return AnalyseBoards(
        bop->noOfBoards,
        [&](int i) {
          const playTraceBin& play = plp->plays[i];
          return PlayBoardOf(bop->deals[i], play.number, play.suit, play.rank);
        },
        solvedp);
  });
}

DDS_API int AnalyseAllPlaysPBN(boardsPBN* bopPBN, playTracesPBN* plpPBN, solvedPlays* solvedp,
                               int /*chunkSize: ignored, as in DDS 2.9*/) {
  if (bopPBN == nullptr || plpPBN == nullptr || solvedp == nullptr) return RETURN_UNKNOWN_FAULT;
  if (bopPBN->noOfBoards != plpPBN->noOfBoards) return RETURN_UNKNOWN_FAULT;
  return Guarded([&] {
    return AnalyseBoards(
        bopPBN->noOfBoards, [&](int i) { return PlayBoardOf(bopPBN->deals[i], plpPBN->plays[i]); },
        solvedp);
  });
}

DDS_API void GetDDSInfo(DDSInfo* info) {
  if (info == nullptr) return;
  std::memset(info, 0, sizeof(*info));
  info->major = 2;  // the API version it implements
  info->minor = 9;
  info->patch = 0;
  std::snprintf(info->versionString, sizeof(info->versionString), "2.9.0");
  info->system = 3;  // Linux
  info->numBits = static_cast<int>(8 * sizeof(void*));
  info->compiler = 3;     // g++
  info->constructor = 2;  // Unix-style
  info->numCores = static_cast<int>(std::thread::hardware_concurrency());
  info->threading = 5;  // STL threads
  info->noOfThreads = Runtime::Get().threads();
  std::snprintf(info->systemString, sizeof(info->systemString),
                "kibitzer's double-dummy solver behind DDS 2.9's C API (drop-in libdds.so.0), "
                "%d threads, %d MB of table each",
                info->noOfThreads, Runtime::Get().table_megabytes());
}

DDS_API void ErrorMessage(int code, char line[80]) {
  if (line == nullptr) return;
  std::snprintf(line, 80, "%s", Message(code));
}
