#include "tests/oracle/dds_oracle.h"

#include <dds/dll.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace kibitzer::bridge::oracle {
namespace {

void Check(int code, const char* what) {
  if (code != RETURN_NO_FAULT) {
    char message[80];
    ErrorMessage(code, message);
    std::fprintf(stderr, "libdds %s failed: %s\n", what, message);
    std::abort();
  }
}

unsigned Holding(CardSet hand, int suit) {
  return static_cast<unsigned>((hand.mask() >> (16 * suit)) & 0xFFFF);
}

int DdsVulnerable(Vulnerability v) {
  switch (v) {
    case Vulnerability::kNone:
      return 0;
    case Vulnerability::kBoth:
      return 1;
    case Vulnerability::kNorthSouth:
      return 2;
    case Vulnerability::kEastWest:
      return 3;
  }
  return 0;
}

ddTableDeal ToDds(const Hands& deal) {
  ddTableDeal d{};
  for (int h = 0; h < 4; ++h) {
    for (int s = 0; s < 4; ++s) d.cards[h][s] = Holding(deal[h], s);
  }
  return d;
}

DdTable FromDds(const ddTableResults& r) {
  DdTable t;
  for (int s = 0; s < 5; ++s) {
    for (int h = 0; h < 4; ++h) t.tricks[s][h] = r.resTable[s][h];
  }
  return t;
}

}  // namespace

void UseOneThread() { SetMaxThreads(1); }
void UseThreads(int threads) { SetMaxThreads(threads); }

DdTable DdsTable(const Hands& deal) {
  ddTableResults results{};
  Check(CalcDDtable(ToDds(deal), &results), "CalcDDtable");
  return FromDds(results);
}

Par DdsDealerPar(const DdTable& table, int dealer, Vulnerability vulnerability) {
  ddTableResults t{};
  for (int s = 0; s < 5; ++s) {
    for (int h = 0; h < 4; ++h) t.resTable[s][h] = table.tricks[s][h];
  }
  parResultsDealer res{};
  Check(DealerPar(&t, &res, dealer, DdsVulnerable(vulnerability)), "DealerPar");
  Par par;
  par.score = res.score;
  for (int i = 0; i < res.number; ++i) par.contracts.emplace_back(res.contracts[i]);
  return par;
}

std::vector<std::pair<int, int>> DdsSolveBoard(const PlayPosition& position, int* nodes) {
  deal d{};
  d.trump = position.trump;
  d.first = position.leader;
  for (int i = 0; i < 3; ++i) {
    d.currentTrickSuit[i] = i < position.table_count ? SuitOf(position.table[i]) : 0;
    d.currentTrickRank[i] = i < position.table_count ? RankOf(position.table[i]) : 0;
  }
  for (int h = 0; h < 4; ++h) {
    for (int s = 0; s < 4; ++s) d.remainCards[h][s] = Holding(position.hands[h], s);
  }
  futureTricks fut{};
  Check(SolveBoard(d, -1, 3, 1, &fut, 0), "SolveBoard");
  if (nodes != nullptr) *nodes = fut.nodes;
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < fut.cards; ++i) {
    out.emplace_back(MakeCard(fut.suit[i], fut.rank[i]), fut.score[i]);
    for (int r = 2; r <= 14; ++r) {
      if ((fut.equals[i] >> r) & 1) out.emplace_back(MakeCard(fut.suit[i], r), fut.score[i]);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<DdTable> DdsTables(const std::vector<Hands>& deals) {
  std::vector<DdTable> out;
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  // CalcAllTables takes at most MAXNOOFTABLES deals when all five strains are solved.
  for (size_t start = 0; start < deals.size(); start += MAXNOOFTABLES) {
    const size_t n = std::min<size_t>(MAXNOOFTABLES, deals.size() - start);
    ddTableDeals in{};
    in.noOfTables = static_cast<int>(n);
    for (size_t i = 0; i < n; ++i) in.deals[i] = ToDds(deals[start + i]);
    ddTablesRes res{};
    Check(CalcAllTables(&in, -1, filter, &res, nullptr), "CalcAllTables");
    for (size_t i = 0; i < n; ++i) out.push_back(FromDds(res.results[i]));
  }
  return out;
}

}  // namespace kibitzer::bridge::oracle
